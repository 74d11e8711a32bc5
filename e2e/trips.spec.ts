// After the booking, in French: the confirmation e-mail reaches the sandbox's outbox in the
// page's language with its .ics; the booking is kept with its access token, so the Trips
// page lists it after a reload and reads its live status with that token (never with the
// look-up, which is limited to five tries); it is cancelled from there and a cancellation
// e-mail follows; and the e-mail's manage link opens the booking in a tab of its own.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { LANGUAGE_COOKIE } from '../src/contract/index.ts';
import {
  ASHA,
  findBookableHotel,
  hotelUrl,
  isBookRequest,
  shownReference,
} from './booking-support.ts';
import { expect, test } from './fixtures.ts';

const SLOT = 47;

// The page guard's own script (added to every frame) is refused in the e-mail's frame,
// which is sandboxed without scripts, and Chromium says so; the e-mail itself has none.
test.use({
  allowedConsoleErrors: [
    /^Blocked script execution in '[^']*\/sandbox\/outbox\/[\w-]+\/html' because the document's frame is sandboxed and the 'allow-scripts' permission is not set\.$/,
  ],
});

const FRENCH = JSON.parse(readFileSync('src/locales/fr.json', 'utf8')) as Record<string, string>;

/** The French words of a message, with its {placeholders} filled in. */
function say(key: string, values: Record<string, string> = {}): string {
  const text = FRENCH[key];
  if (text === undefined) throw new Error(`no French message ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

/** The calls a page makes that find or open a booking. */
function bookingReads(requests: Request[]) {
  return requests
    .map((request) => ({
      method: request.method(),
      path: new URL(request.url()).pathname,
      token: request.headers()['booking-access-token'],
    }))
    .filter(({ path }) => path.startsWith('/api/bookings'));
}

/** The outbox's entries about one booking, once `count` of them have arrived. */
async function mailsAbout(
  page: Page,
  request: APIRequestContext,
  reference: string,
  count: number,
) {
  // The e-mail goes after the answer, through the outbox: wait until the catcher has it
  // (each entry's heading links its subject, which ends with the reference).
  const subjectEnd = `(${reference})</a>`;
  await expect
    .poll(
      async () =>
        (await (await request.get('/sandbox/outbox')).text()).split(subjectEnd).length - 1,
    )
    .toBeGreaterThanOrEqual(count);
  await page.goto('/sandbox/outbox');
  const entries = page
    .getByRole('list', { name: 'E-mails' })
    .getByRole('article')
    .filter({ hasText: `(${reference})` });
  await expect(entries).toHaveCount(count);
  return entries;
}

test('in French: book → e-mail with its .ics → trips → reload → read by token → cancel → cancellation e-mail → the e-mail’s link opens the booking', async ({
  page,
  request,
  baseURL,
}) => {
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: 'fr', url: baseURL }]);
  const hotelId = await findBookableHotel(request, SLOT);
  await page.goto(hotelUrl(hotelId, SLOT));
  const hotelName = await page.getByRole('heading', { level: 1 }).innerText();
  await page
    .getByRole('button', { name: new RegExp(`^${say('rooms.choose')} `) })
    .first()
    .click();
  await expect(page).toHaveURL('/checkout');
  const form = page.getByRole('form', { name: say('checkout.details.title') });
  await form.getByLabel(say('checkout.field.firstName'), { exact: true }).fill(ASHA.first);
  await form.getByLabel(say('checkout.field.lastName'), { exact: true }).fill(ASHA.last);
  await form.getByLabel(say('checkout.field.email')).fill(ASHA.email);
  await form.getByLabel(say('checkout.field.phone')).fill(ASHA.phone);
  const booked = page.waitForResponse((response) => isBookRequest(response.request()));
  await page.getByRole('button', { name: say('checkout.book.submit'), exact: true }).click();
  expect((await booked).status()).toBe(201);
  const reference = await shownReference(page);
  await expect(page.getByText(say('confirmation.kept'))).toBeVisible();

  // One confirmation, in French, with the stay as a calendar file.
  const [confirmation] = await (await mailsAbout(page, request, reference, 1)).all();
  await expect(confirmation!).toContainText(`Réservation confirmée : ${hotelName} (${reference})`);
  await expect(confirmation!.getByRole('definition').nth(2)).toHaveText('fr');
  await expect(confirmation!).toContainText(`staylane-${reference}.ics`);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await confirmation!.getByRole('link').click();
  const ics = page.getByRole('link', { name: `staylane-${reference}.ics` });
  const calendar = await request.get((await ics.getAttribute('href'))!);
  expect(calendar.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await calendar.text()).toMatch(new RegExp(`^SUMMARY:.*\\(${reference}\\)\r$`, 'm'));
  const mail = page.frameLocator('iframe[title="The e-mail as sent"]');
  const manage = mail.getByRole('link', { name: 'Gérer ma réservation' });
  const manageUrl = new URL((await manage.getAttribute('href'))!);
  expect(manageUrl.pathname).toBe(`/trips/${reference}`);
  expect(manageUrl.hash).toMatch(/^#token=[\w-]{22}$/);

  await page.goto('/');
  await page
    .getByRole('navigation', { name: say('app.mainNavigation') })
    .getByRole('link', { name: say('app.trips'), exact: true })
    .click();
  await expect(page).toHaveURL('/trips');
  const upcoming = page.getByRole('region', { name: say('trips.upcoming') });
  const trip = upcoming.getByRole('article', { name: hotelName });
  await expect(trip).toContainText(reference);
  await expect(trip.getByText(say('confirmation.status.CONFIRMED'), { exact: true })).toBeVisible();

  // After a reload the trip comes from this device, its status from a read by token.
  const requests: Request[] = [];
  page.on('request', (sent) => requests.push(sent));
  await page.reload();
  await expect(trip.getByText(say('confirmation.status.CONFIRMED'), { exact: true })).toBeVisible();
  expect(bookingReads(requests)).toEqual([
    { method: 'GET', path: `/api/bookings/${reference}`, token: expect.any(String) as unknown },
  ]);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await trip.getByRole('link', { name: hotelName }).click();
  await expect(page).toHaveURL(`/trips/${reference}`);
  await expect(
    page.getByRole('heading', { name: say('manage.found', { reference }) }),
  ).toBeFocused();
  await page.getByRole('button', { name: say('manage.cancel.open') }).click();
  const dialog = page.getByRole('dialog', { name: say('manage.cancel.title', { reference }) });
  await dialog.getByRole('button', { name: say('manage.cancel.confirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Votre réservation est annulée\. Remboursement/)).toBeVisible();

  await page.getByRole('link', { name: say('trips.all') }).click();
  await expect(trip.getByText(say('confirmation.status.CANCELLED'), { exact: true })).toBeVisible();
  // Nothing of it spent the look-up: every read and the cancel went with the token.
  expect(
    bookingReads(requests).every(({ path, token }) => !path.endsWith('/lookup') && token),
  ).toBe(true);
  expect(bookingReads(requests).map(({ method, path }) => `${method} ${path}`)).toContain(
    `POST /api/bookings/${reference}/cancel`,
  );

  // The cancellation follows, in French too, and the confirmation's link still opens the
  // booking: in a tab of its own, on another address of this server (http://localhost),
  // like another device: no trips kept there and no language chosen, so the browser's.
  const entries = await mailsAbout(page, request, reference, 2);
  await expect(entries.first()).toContainText(`Réservation annulée : ${hotelName} (${reference})`);
  await entries.last().getByRole('link').click();
  // The link is followed from the keyboard. The e-mail's sandboxed frame runs in a process of
  // its own, and a pointer click can reach it before that frame has ever painted; Chromium
  // then hands the click to the outbox page around it, and no tab opens. A key goes to the
  // focused link whether the frame has painted or not.
  const [opened] = await Promise.all([page.context().waitForEvent('page'), manage.press('Enter')]);
  await expect(opened).toHaveURL(`${manageUrl.origin}/trips/${reference}`);
  await expect(opened.getByRole('heading', { name: `Booking ${reference}` })).toBeVisible();
  await expect(
    opened.getByRole('region', { name: `Booking ${reference}` }).getByText('Cancelled', {
      exact: true,
    }),
  ).toBeVisible();
});
