// The guard every spec runs under (e2e/fixtures.ts) has to trip when a page is stuck,
// or it proves nothing. These tests run pages that are stuck on purpose under a guard
// of their own, with a short budget, and check what it reports.
import { test, expect, type Browser } from '@playwright/test';
import { guardContext } from './fixtures.ts';
import { hotelUrl } from './booking-support.ts';

const BUDGET_MS = 1_000;

async function guarded(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const guard = await guardContext(context, {
    loadingBudgetMs: BUDGET_MS,
    allowedConsoleErrors: [],
  });
  const page = await context.newPage();
  return { context, guard, page };
}

test('a loading state that never ends trips the guard', async ({ browser, baseURL }) => {
  const { context, guard, page } = await guarded(browser, baseURL);
  // The hotel page, opened within the app (a page the server renders would come with its
  // data), with its content and room options held for ever by the network.
  await page.route(/\/api\/hotels\/(\d+\/content|rooms)$/, () => undefined);
  await page.goto('/');
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await page.evaluate(
    (url) => {
      history.pushState(null, '', url);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    hotelUrl('8760003', 40),
  );
  await expect(page.getByRole('status').filter({ hasText: 'Looking for rooms' })).toBeVisible();
  await expect
    .poll(() => guard.problems(), { timeout: 5_000 })
    .toContainEqual(expect.stringMatching(/^stuck for more than 1000 ms: .*Looking for rooms/));
  guard.stop();
  await context.close();
});

test('a page that shows nothing but the layout trips the guard', async ({ browser, baseURL }) => {
  const { context, guard, page } = await guarded(browser, baseURL);
  await page.route('**/stuck-page', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Stuck</title><header>Staylane</header><main></main>',
    }),
  );
  await page.goto('/stuck-page');
  await expect
    .poll(() => guard.problems(), { timeout: 5_000 })
    .toContainEqual(expect.stringMatching(/^stuck for more than 1000 ms: an empty <main>/));
  guard.stop();
  await context.close();
});

test('page errors and console errors trip the guard; expected API answers do not', async ({
  browser,
  baseURL,
}) => {
  const { context, guard, page } = await guarded(browser, baseURL);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // An API answer of 404 is the app's business (it shows it), not a console problem.
  await page.evaluate(() => fetch('/api/no-such-endpoint').then((r) => r.status));
  await page.evaluate(() => {
    console.error('something broke');
    setTimeout(() => {
      throw new Error('uncaught in a timer');
    });
  });
  await expect
    .poll(() => guard.problems(), { timeout: 5_000 })
    .toEqual(['console error: something broke', 'page error: uncaught in a timer']);
  guard.stop();
  await context.close();
});

test('a page that finishes loading within its budget passes', async ({ browser, baseURL }) => {
  const { context, guard, page } = await guarded(browser, baseURL);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Twice the budget, on a page that has settled.
  await page.waitForTimeout(2 * BUDGET_MS);
  expect(guard.problems()).toEqual([]);
  guard.stop();
  await context.close();
});
