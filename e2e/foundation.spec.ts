import AxeBuilder from '@axe-core/playwright';
import { redisServerBinary } from '../server/test-support/redis-server.ts';
import { LANGUAGE_COOKIE } from '../src/contract/index.ts';
import { SCENARIO, hotelUrl } from './booking-support.ts';
import { expect, test, openPreferences } from './fixtures.ts';
import { PARIS, searchUrl } from './search-support.ts';

test('the home page renders with the product name and no axe violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Staylane' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openPreferences(page);
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
});

test('/api/health answers with the mode and never the key', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(response.headers()['x-request-id']).toBeTruthy();
  const body = (await response.json()) as {
    success: boolean;
    data: { status: string; mode: string };
  };
  expect(body.success).toBe(true);
  expect(body.data.status).toBe('ok');
  expect(body.data.mode).toBe('sandbox');
  expect(JSON.stringify(body)).not.toMatch(/key/i);
});

test('rate limits are shared through Redis, and health says so without the password', async ({
  request,
}) => {
  // The server may have started a moment before Redis accepted connections: it
  // reconnects by itself, and health reports the state it knows.
  await expect
    .poll(async () => {
      const health = (await (await request.get('/api/health')).json()) as {
        data: { redis: string };
      };
      return health.data.redis;
    })
    // Without redis-server installed (outside CI) the e2e server runs without Redis.
    .toBe(redisServerBinary() ? 'up' : 'off');
  const text = await (await request.get('/api/health')).text();
  expect(text).not.toContain(process.env.E2E_REDIS_PASSWORD ?? 'no password');
  expect((await request.get('/api/health/ready')).status()).toBe(200);
});

test('an unknown app route shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the search page' }).click();
  await expect(page).toHaveURL('/');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
});

test('an unknown /api path is a JSON 404 in the contract envelope with X-Request-Id', async ({
  request,
}) => {
  const response = await request.get('/api/x', { headers: { 'X-Request-Id': 'e2e-unknown-api' } });
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(response.headers()['x-request-id']).toBe('e2e-unknown-api');
  expect(await response.json()).toEqual({
    success: false,
    message: 'No such endpoint',
    error: { code: 'NOT_FOUND', details: [], request_id: 'e2e-unknown-api' },
  });
});

test('the language switcher changes the UI language and flips the layout for Arabic', async ({
  page,
}) => {
  await page.goto('/');
  await openPreferences(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await openPreferences(page);
  await expect(page.getByRole('combobox', { name: 'اللغة' })).toBeVisible();
  // The choice is kept for the server: the next page is right to left from its first byte.
  const reloaded = await page.reload();
  expect(await reloaded?.text()).toContain('<html lang="ar" dir="rtl">');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test.describe('a browser set to French', () => {
  test.use({ locale: 'fr-FR' });

  test('without a choice, gets the page in French from the server', async ({ page }) => {
    const response = await page.goto('/');
    expect(await response?.text()).toContain('<html lang="fr" dir="ltr">');
    await openPreferences(page);
    await expect(page.getByRole('combobox', { name: 'Langue' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('on a 360 px phone the header keeps each link on one line', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) {
      const lineHeight = await link.evaluate((element) =>
        Number.parseFloat(getComputedStyle(element).lineHeight),
      );
      const box = await link.boundingBox();
      expect(box?.height).toBeLessThan(lineHeight * 1.5);
    }
    // The menu opens over the page, inside the screen.
    await openPreferences(page);
    await expect(page.getByRole('combobox', { name: 'Langue' })).toBeVisible();
    // Without a choice, a French browser in France sees euros.
    await expect(page.getByRole('combobox', { name: 'Devise' })).toHaveValue('EUR');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });
});

test('on a 360 px phone the header’s links and its language and currency menu share one line in every language', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const language of ['en', 'fr', 'de', 'es', 'ar', 'hi', 'ja']) {
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseURL }]);
    await page.goto('/about');
    const items = page.locator('header nav').locator(':scope > a, :scope summary');
    await expect(items).toHaveCount(3);
    const tops = await items.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect()),
    );
    const centres = tops.map((box) => box.top + box.height / 2);
    expect(Math.max(...centres) - Math.min(...centres), language).toBeLessThan(8);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      language,
    ).toBeLessThanOrEqual(360);
  }
});

test("every page names itself in the tab title, in the shopper's language", async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Staylane · Find hotels with live prices');
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await page.goto(searchUrl(PARIS, 14));
  await expect(page).toHaveTitle('Hotel results · Staylane');
  // Every visit to a results page costs supplier searches: crawlers are told to stay out.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.goto(hotelUrl(SCENARIO.priceChange, 14));
  await expect(page).toHaveTitle('Sandbox Test Price Change Hotel · Staylane');
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await page.goto('/checkout');
  await expect(page).toHaveTitle('Book your stay · Staylane');
  await page.goto('/manage-booking');
  await expect(page).toHaveTitle('Manage booking · Staylane');
  await page.goto('/booking/confirmation?ref=ZZZZ9999');
  await expect(page).toHaveTitle('Booking confirmation · Staylane');
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page not found · Staylane');
  await page.goto('/about');
  await expect(page).toHaveTitle('About Staylane · Staylane');
  // The title follows a language switch without a reload.
  await page.getByRole('link', { name: 'Staylane' }).click();
  await expect(page).toHaveTitle('Staylane · Find hotels with live prices');
  await openPreferences(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page).toHaveTitle('Staylane · Trouvez des hôtels aux prix en direct');
});
