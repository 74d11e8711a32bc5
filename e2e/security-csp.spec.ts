// The Content-Security-Policy in the real browser: an injected inline script, inline
// event handler or eval does not run and is reported as a violation, while our own
// pages — home, results, hotel, checkout, confirmation, manage booking — report none
// during a normal visit (no inline script or style, no foreign origin, no eval).
import type { Page } from '@playwright/test';
import {
  chooseButtons,
  fillHolder,
  hotelUrl,
  findBookableHotel,
  clickBookNow,
} from './booking-support.ts';
import { expect, test } from './fixtures.ts';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Records every securitypolicyviolation event and every CSP console error, from the first byte. */
async function watchCsp(
  page: Page,
): Promise<() => Promise<{ events: Violation[]; console: string[] }>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __csp: Violation[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  return async () => ({
    events: await page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp),
    console: consoleErrors,
  });
}

test.describe('an attack the policy blocks', () => {
  // The blocked payloads are logged as console errors: here they are the expected outcome.
  test.use({ allowedConsoleErrors: [/Content Security Policy/] });

  test('an injected inline script, inline handler or foreign script is blocked and reported', async ({
    page,
  }) => {
    const violations = await watchCsp(page);
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // An inline <script> and a script from another origin, inserted as an XSS payload would be.
    await page.addScriptTag({ content: 'window.__inlineRan = true;' }).catch(() => undefined);
    await page.addScriptTag({ url: 'https://evil.example/steal.js' }).catch(() => undefined);
    // An inline event handler, set on an element of the page and fired.
    const ran = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      const button = document.createElement('button');
      button.setAttribute('onclick', 'window.__handlerRan = true');
      document.body.append(button);
      button.click();
      button.remove();
      return { inline: w.__inlineRan === true, handler: w.__handlerRan === true };
    });
    expect(ran).toEqual({ inline: false, handler: false });

    await expect
      .poll(async () =>
        (await violations()).events.map((v) => `${v.directive} ${v.blocked}`).sort(),
      )
      .toEqual([
        'script-src-attr inline',
        'script-src-elem https://evil.example/steal.js',
        'script-src-elem inline',
      ]);
  });
});

test('our own pages report no violation: home, results, hotel, checkout, confirmation, manage booking', async ({
  page,
  request,
}) => {
  test.slow(); // a whole booking, with every page of the flow
  const violations = await watchCsp(page);

  await page.goto('/');
  await page.getByRole('combobox', { name: 'Where are you going?' }).fill('lisbon');
  await page
    .getByRole('option', { name: /Lisbon, Portugal/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Search' }).click();
  const cards = page.getByRole('list', { name: 'Hotels' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().getByRole('img').first()).toBeVisible();

  // The hotel page (gallery pictures included), a rate held, the checkout, the booking.
  const hotelId = await findBookableHotel(request, 33);
  await page.goto(hotelUrl(hotelId, 33));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await chooseButtons(page).first().click();
  await expect(page).toHaveURL('/checkout');
  await fillHolder(page);
  expect((await clickBookNow(page)).status()).toBe(201);
  await expect(page).toHaveURL(/\/booking\/confirmation\?ref=/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }),
  ).toBeVisible();

  await page.goto('/manage-booking');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/about');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  expect(await violations()).toEqual({ events: [], console: [] });
});
