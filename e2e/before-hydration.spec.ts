// Taps before the page has hydrated. A page the server rendered is on screen while its
// script is still on the way: each test holds the app's entry chunk, uses the first
// screen's controls as a shopper on a slow phone would, then lets the script through.
// Links and forms work as HTML (the sort, the language and the currency are forms the
// server answers); the page's own buttons wait in the early-input script and are replayed
// once the page is interactive. Each choice takes effect exactly once.
import type { Page, Request } from '@playwright/test';
import { CURRENCY_COOKIE, LANGUAGE_COOKIE } from '../src/contract/index.ts';
import { INTERACTIVE_ATTRIBUTE } from '../src/lib/early-input.ts';
import { SCENARIO, hotelUrl } from './booking-support.ts';
import { expect, openPreferences, test } from './fixtures.ts';
import { cards, PARIS, searchUrl } from './search-support.ts';

test.describe.configure({ mode: 'parallel' });

const ENTRY_CHUNK = /\/assets\/index-[\w-]+\.js$/;

/**
 * Holds every request for the app's entry chunk until the returned function is called:
 * nothing of the app runs, while the server's HTML and the early-input script do.
 */
async function holdTheApp(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await page.locator(`html[${INTERACTIVE_ATTRIBUTE}]`).waitFor({ state: 'attached' });
  };
}

/** A page load that does not wait for the app (the fixture's `goto` waits until it answers). */
async function openBeforeTheApp(page: Page, url: string): Promise<void> {
  await (Object.getPrototypeOf(page) as Page).goto.call(page, url);
  await expect(page.locator(`html[${INTERACTIVE_ATTRIBUTE}]`)).toHaveCount(0);
}

/** Counts the requests `matches` accepts from now on. */
function count(page: Page, matches: (request: Request) => boolean): () => number {
  let seen = 0;
  page.on('request', (request) => {
    if (matches(request)) seen += 1;
  });
  return () => seen;
}

const isDocument = (path: string) => (request: Request) =>
  request.resourceType() === 'document' && new URL(request.url()).pathname === path;

test('on the results page, the map waits for the app, and the sort and a card’s link work as HTML', async ({
  page,
}) => {
  const url = searchUrl(PARIS, 13);
  let letThrough = await holdTheApp(page);
  await openBeforeTheApp(page, url);
  const map = page.getByRole('button', { name: 'Map', exact: true });
  await map.click();
  await expect(map).toHaveAttribute('aria-pressed', 'false');
  await letThrough();
  // Replayed once: a second replay would have closed it again.
  await expect(map).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Map of the hotels' })).toBeVisible();

  // The sort is a GET form of the search: chosen before the app runs, the server draws the
  // sorted results, once.
  await page.unroute(ENTRY_CHUNK);
  letThrough = await holdTheApp(page);
  await openBeforeTheApp(page, url);
  const searches = count(page, isDocument('/search'));
  await page.getByLabel('Sort by').selectOption('price_low_to_high');
  await expect(page).toHaveURL(/[?&]sort=price_low_to_high(&|$)/);
  await letThrough();
  expect(searches()).toBe(1);
  await expect(page.getByLabel('Sort by')).toHaveValue('price_low_to_high');
  const sorted = new URL(page.url());
  for (const name of ['dest', 'checkin', 'checkout', 'rooms', 'nat']) {
    expect(sorted.searchParams.get(name)).toBe(new URL(url, page.url()).searchParams.get(name));
  }

  // A card is a link (its name's; "See rooms" is what its whole area reads as).
  await page.unroute(ENTRY_CHUNK);
  letThrough = await holdTheApp(page);
  await openBeforeTheApp(page, url);
  await cards(page).first().getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page).toHaveURL(/\/hotels\/\d+\?/);
  await letThrough();
  await expect(page.getByRole('heading', { name: 'Choose your room' })).toBeVisible();
});

test('the language and the currency chosen before the app runs are set by the server, once', async ({
  page,
}) => {
  const url = searchUrl(PARIS, 40);
  const posts = count(
    page,
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/preferences',
  );
  let letThrough = await holdTheApp(page);
  await openBeforeTheApp(page, url);
  // The menu is a disclosure: it opens as HTML.
  await openPreferences(page);
  await page.getByLabel('Language', { exact: true }).selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page).toHaveURL(url);
  await letThrough();
  expect(posts()).toBe(1);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Paris');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  await page.unroute(ENTRY_CHUNK);
  letThrough = await holdTheApp(page);
  await openBeforeTheApp(page, url);
  await openPreferences(page);
  // Yen: not what French would default to, so only the choice can show it.
  const redrawn = page.waitForResponse(
    (response) =>
      response.request().resourceType() === 'document' &&
      response.request().method() === 'GET' &&
      new URL(response.url()).pathname === '/search',
  );
  await page.getByLabel('Devise', { exact: true }).selectOption('JPY');
  await redrawn;
  // The page is in French now: its list has a French name, and French writes yen as JPY.
  await expect(page.locator('main article').first()).toContainText(/≈\s[\d\s]+\sJPY/);
  await letThrough();
  expect(posts()).toBe(2);
  // The currency alone was sent: the language stays the shopper's choice.
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByLabel('Devise', { exact: true })).toHaveValue('JPY');
  const cookies = Object.fromEntries(
    (await page.context().cookies()).map((cookie) => [cookie.name, cookie.value]),
  );
  expect(cookies).toMatchObject({ [LANGUAGE_COOKIE]: 'fr', [CURRENCY_COOKIE]: 'JPY' });
});

test('on the hotel page, a photo and the stay editor wait for the app and answer once', async ({
  page,
}) => {
  const letThrough = await holdTheApp(page);
  await openBeforeTheApp(page, hotelUrl(SCENARIO.priceChange, 13));
  const caption = page.getByRole('figure').locator('figcaption');
  await expect(caption).toHaveText(/^1 of \d+: /);
  await page.getByRole('button', { name: 'Next photo' }).click();
  // Tapped twice, because nothing happened yet: one choice.
  await page.getByRole('button', { name: 'Next photo' }).click();
  await page.getByRole('button', { name: 'Change dates or guests' }).click();
  await expect(caption).toHaveText(/^1 of \d+: /);
  await letThrough();
  await expect(caption).toHaveText(/^2 of \d+: /);
  await expect(page.getByRole('button', { name: 'Show rooms for this stay' })).toBeVisible();
});

test('on a phone, the filters open once the app runs', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const letThrough = await holdTheApp(page);
  await openBeforeTheApp(page, searchUrl(PARIS, 40, { sort: 'stars' }));
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await letThrough();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
});

test('without script, the sort and the language apply with their Apply buttons', async ({
  browser,
  extraHTTPHeaders,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders });
  const noScript = await context.newPage();
  const url = searchUrl(PARIS, 13, { sort: 'stars' });
  await noScript.goto(url);
  const sort = noScript.locator('main form').filter({ has: noScript.getByLabel('Sort by') });
  await sort.getByLabel('Sort by').selectOption('price_low_to_high');
  await sort.getByRole('button', { name: 'Apply' }).click();
  await expect(noScript).toHaveURL(/[?&]sort=price_low_to_high(&|$)/);
  await expect(noScript.getByLabel('Sort by')).toHaveValue('price_low_to_high');

  await noScript.locator('header details summary').click();
  const language = noScript
    .locator('header form')
    .filter({ has: noScript.getByLabel('Language', { exact: true }) });
  await language.getByLabel('Language', { exact: true }).selectOption('de');
  await language.getByRole('button', { name: 'Apply' }).click();
  await expect(noScript.locator('html')).toHaveAttribute('lang', 'de');
  await expect(noScript.getByLabel('Sortieren nach')).toHaveValue('price_low_to_high');
  await context.close();
});
