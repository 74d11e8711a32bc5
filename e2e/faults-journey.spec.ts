// The whole shopping and booking journey against a hotel API that misbehaves: the
// faults project's server runs its sandbox with SANDBOX_FAULTS (20 % of answers 429 or
// 500, 8 % of the rest 1.5 s late; playwright.config.ts). The app server retries what
// the contract lets it retry, the app retries reads and the book (same key, same body),
// and the shopper does what the page asks when a step still fails (choose the rate
// again, "Try again"). It completes, with exactly one booking.
import type { Page, Response } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  ASHA,
  chooseButtons,
  fillHolder,
  isBookRequest,
  isPrebookRequest,
  recordBookRequests,
  shownReference,
} from './booking-support.ts';
import { expect, test } from './fixtures.ts';

interface ServerFigures {
  responses: number;
  apiRequests: number;
  upstreamAttempts: number;
  upstreamRetries: number;
}

/** The fault server's own figures (e2e/record-responses.mjs keeps them as it goes). */
function serverFigures(): ServerFigures {
  try {
    const file = `reports/e2e-secret-scan/${process.env.E2E_RUN_ID ?? ''}-faults.json`;
    return JSON.parse(readFileSync(file, 'utf8')) as ServerFigures;
  } catch {
    return { responses: 0, apiRequests: 0, upstreamAttempts: 0, upstreamRetries: 0 };
  }
}

/** Does a step the way a shopper would: again, when the page says it failed, up to `tries` times. */
async function persist(
  what: string,
  tries: number,
  attempt: () => Promise<boolean>,
): Promise<number> {
  for (let i = 1; i <= tries; i++) {
    if (await attempt()) return i;
  }
  throw new Error(`${what}: still failing after ${tries} tries`);
}

function apiFailures(page: Page): Response[] {
  const failed: Response[] = [];
  page.on('response', (response) => {
    if (
      new URL(response.url()).pathname.startsWith('/api/') &&
      (response.status() === 429 || response.status() >= 500)
    ) {
      failed.push(response);
    }
  });
  return failed;
}

test('search → sorts → hotel → rate → book → confirmation → look-up → cancel, with the supplier failing 20 % of the time', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const before = serverFigures();
  const sent = recordBookRequests(page);
  const seenFailures = apiFailures(page);

  await page.goto('/');
  await page.getByRole('combobox', { name: 'Where are you going?' }).fill('paris');
  await page.getByRole('option', { name: /Paris, Île-de-France, France/ }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  const firstHotel = page.getByRole('list', { name: 'Hotels' }).getByRole('article').first();
  await expect(firstHotel).toBeVisible({ timeout: 30_000 });
  // A shopper looks at the results until the prices are refreshed (polled through the
  // faults), tries other sorts, then picks the cheapest hotel.
  const upToDate = page.getByText('Prices are up to date').first();
  await expect(upToDate).toBeVisible({ timeout: 60_000 });
  for (const sort of ['stars', 'value', 'price_low_to_high']) {
    await page.getByLabel('Sort by').selectOption(sort);
    await expect(page).toHaveURL(new RegExp(`sort=${sort}`));
    await expect(firstHotel).toBeVisible({ timeout: 30_000 });
    await expect(upToDate).toBeVisible({ timeout: 60_000 });
  }
  const hotelName = await firstHotel.getByRole('link').innerText();
  await firstHotel.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: hotelName })).toBeVisible({
    timeout: 30_000,
  });

  // Holding the rate: prebook is never retried for the shopper (the supplier may have
  // moved); when it fails the page says so and the shopper chooses the rate again.
  const prebookTries = await persist('prebook', 8, async () => {
    const answer = page.waitForResponse((response) => isPrebookRequest(response.request()));
    await chooseButtons(page).first().click({ timeout: 30_000 });
    if ((await answer).status() === 200) return true;
    const notice = page.getByRole('alert').filter({ hasText: 'We could not hold this price' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'OK' }).click();
    return false;
  });
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('complementary', { name: 'Your room' })).toContainText(hotelName);
  await fillHolder(page);

  // Booking: the app retries by itself with the same key and body; if it still cannot
  // tell, the page offers "Try again", which sends exactly the same request.
  const bookClicks = await persist('book', 6, async () => {
    const button = page.getByRole('button', { name: /^(Book now|Try again)$/ }).first();
    await button.click();
    const outcome = await Promise.race([
      page
        .waitForURL(/\/booking\/confirmation\?ref=/, { timeout: 60_000 })
        .then(() => 'booked' as const),
      page
        .getByRole('button', { name: 'Try again' })
        .waitFor({ timeout: 60_000 })
        .then(() => 'again' as const),
    ]);
    return outcome === 'booked';
  });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }),
  ).toBeVisible();
  const reference = await shownReference(page);

  // Exactly one booking: every book request the page sent carried one key and one body,
  // which the server turns into one booking at most; and that booking is this one.
  expect(sent.length).toBeGreaterThanOrEqual(1);
  expect(new Set(sent.map((request) => request.key)).size).toBe(1);
  expect(new Set(sent.map((request) => request.body)).size).toBe(1);
  const bookFailures = seenFailures
    .filter((response) => isBookRequest(response.request()))
    .map((response) => response.status());

  // Manage booking: find it and cancel it, trying again when the page asks.
  await page.getByRole('link', { name: 'Manage or cancel this booking' }).click();
  await page.getByLabel("Holder's last name").fill(ASHA.last);
  await page.getByLabel("Holder's e-mail address").fill(ASHA.email);
  await persist('look-up', 6, async () => {
    await page.getByRole('button', { name: 'Find booking' }).click();
    const found = page.getByRole('heading', { name: `Booking ${reference}` });
    const failed = page.getByText(
      'We could not look up bookings just now. Please try again in a moment.',
    );
    await expect(found.or(failed)).toBeVisible({ timeout: 30_000 });
    return found.isVisible();
  });
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await persist('cancel', 6, async () => {
    await page.getByRole('button', { name: 'Cancel this booking' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel booking ${reference}?` });
    await dialog.getByRole('button', { name: 'Yes, cancel my booking' }).click();
    const cancelled = page.getByText('Cancelled', { exact: true });
    const failed = page.getByText('The booking could not be cancelled just now. Please try again.');
    await expect(cancelled.or(failed)).toBeVisible({ timeout: 30_000 });
    if (await cancelled.isVisible()) return true;
    // Both the dialog's ✕ and its footer button say "Keep my booking": either closes it.
    if (await dialog.isVisible())
      await dialog.getByRole('button', { name: 'Keep my booking' }).last().click();
    return false;
  });

  // The faults were real: the server retried the sandbox during this journey.
  const after = serverFigures();
  const retries = after.upstreamRetries - before.upstreamRetries;
  expect(retries).toBeGreaterThan(0);
  const figures = {
    serverAnswers: after.responses - before.responses,
    apiRequests: after.apiRequests - before.apiRequests,
    upstreamAttempts: after.upstreamAttempts - before.upstreamAttempts,
    serverRetriedUpstream: retries,
    failuresSeenByBrowser: seenFailures.length,
    prebookTries,
    bookClicks,
    bookRequests: sent.length,
    bookFailuresSeen: bookFailures,
    bookings: 1,
  };
  test.info().annotations.push({ type: 'faults', description: JSON.stringify(figures) });
  console.log(`faults journey: ${JSON.stringify(figures)}`);
});
