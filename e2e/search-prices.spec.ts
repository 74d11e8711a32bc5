// Live price refresh: polling while the results are visible, never while the tab is
// hidden, stopping at COMPLETE, merging and re-sorting under a price sort; and the
// live pricing mode with its wait.
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  cards,
  isPricesRequest,
  isSearchAnswer,
  searchAnswered,
  PARIS,
  pricesCompleted,
  searchData,
  handedOverResults,
  searchUrl,
  openHidden,
  setPageVisibility,
  shownTotals,
} from './search-support.ts';

test('prices refresh in place and the list re-orders under a price sort', async ({ page }) => {
  const polls: Request[] = [];
  page.on('request', (request) => {
    if (isPricesRequest(request)) polls.push(request);
  });
  const complete = pricesCompleted(page);
  // Opened in a background tab (as in the test below), the page waits to be seen before
  // it polls: what it shows first does not race the suppliers, which on a slow machine may
  // all have answered by the time it hydrates.
  await openHidden(page);
  await page.goto(searchUrl(PARIS, 9, { sort: 'price_low_to_high' }));
  const { first: data } = await handedOverResults(page);
  expect(data.refresh_status).toBe('PENDING');
  await expect(page.getByText('Price updates paused')).toBeAttached();
  expect(polls).toEqual([]);
  await setPageVisibility(page, 'visible');
  await complete;
  // Polls name the hotels on screen first; after the first, they ask only for what changed
  // since the last answer. (On a slow machine the suppliers may all have answered by the
  // first poll: then there is no second.)
  const params = polls.map((poll) => new URL(poll.url()).searchParams);
  expect(params.length).toBeGreaterThan(0);
  for (const [at, poll] of params.entries()) {
    expect(poll.get('refresh_ids')).toMatch(/^\d+(,\d+)*$/);
    if (at === 0) expect(poll.get('since')).toBeNull();
    else expect(poll.get('since')).toMatch(/^\d+$/);
  }

  await expect(page.getByText('Prices are up to date').first()).toBeVisible();
  // Live prices came in (the cheapest card may still be an estimate no supplier confirmed).
  await expect(cards(page).getByText('Live price', { exact: true }).first()).toBeVisible();
  // At least one hotel shows how its price moved…
  await expect(page.getByText(/(Down|Up) from \$[\d,]+$/).first()).toBeVisible();
  // …and the list is in order of the prices now shown.
  const totals = (await shownTotals(page)).filter((total): total is number => total !== null);
  expect(totals.length).toBeGreaterThan(2);
  expect(totals).toEqual([...totals].sort((a, b) => a - b));
});

test('a hidden tab makes no price request for 10 s, and polls at once when it is seen', async ({
  page,
}) => {
  await page.clock.install();
  const polls: Request[] = [];
  page.on('request', (request) => {
    if (isPricesRequest(request)) polls.push(request);
  });
  // A tab opened in the background: hidden from its first moment, so nothing the page does
  // races the suppliers (on a slow machine they may all have answered by its first poll).
  await openHidden(page);
  await page.goto(searchUrl(PARIS, 10));
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByText('Price updates paused')).toBeAttached();
  // Ten seconds of the page's own clock pass while it is hidden.
  await page.clock.runFor(10_000);
  expect(polls).toEqual([]);

  const resumed = page.waitForRequest(isPricesRequest);
  await setPageVisibility(page, 'visible');
  await resumed;
  await expect(page.getByText(/Updating prices…|Prices are up to date/).first()).toBeVisible();
});

test('polling stops at COMPLETE', async ({ page }) => {
  await page.clock.install();
  let pollsAfterComplete = 0;
  let completed = false;
  page.on('request', (request) => {
    if (completed && isPricesRequest(request)) pollsAfterComplete += 1;
  });
  const complete = pricesCompleted(page);
  await page.goto(searchUrl(PARIS, 11));
  await complete;
  completed = true;
  await expect(page.getByText('Prices are up to date').first()).toBeVisible();
  await page.clock.runFor(20_000);
  expect(pollsAfterComplete).toBe(0);
  await expect(page.getByText('Updating prices…')).toBeHidden();
});

/**
 * Marks <html data-saw-live-wait> once the live wait's progress bar is drawn, however briefly:
 * when the hotels have nearly all answered by the time it is asked, the bar is on screen for
 * a moment only, too short to be looked for after the fact.
 */
async function recordLiveWait(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const mark = () => {
      if (document.querySelector('[role="progressbar"][aria-labelledby="live-wait-label"]')) {
        document.documentElement.dataset.sawLiveWait = '';
      }
    };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', mark);
  });
}

test('live pricing waits with a progress bar and shows live rates only', async ({ page }) => {
  // The live tests' stays sit apart from every other Paris stay of the suite: a results page's
  // nearby dates search the same stay three days either side, and a stay the sandbox has
  // already priced would not make a live search wait.
  await recordLiveWait(page);
  await page.goto(searchUrl(PARIS, 23));
  await expect(cards(page).first()).toBeVisible();
  const live = searchAnswered(page, (body) => body.pricing_mode === 'live');
  await page.getByRole('checkbox', { name: /Live prices only/ }).check();
  await expect(page).toHaveURL(/mode=live/);
  // The instant list stays (dimmed) until live prices come, with the wait shown above it.
  const response = await live;
  await expect(page.locator('html'), 'the live wait was drawn').toHaveAttribute(
    'data-saw-live-wait',
    '',
  );
  const data = await searchData(response);
  expect(data.refresh_status).toBe('NA');
  await expect(cards(page).first().getByText('Live price')).toBeVisible();
  await expect(page.getByText('Estimated price')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toBeHidden();
});

test('a pasted live-pricing link shows its wait as progress', async ({ page }) => {
  // The server's render starts the live search, and on a slow machine the browser may
  // hydrate when the hotels have nearly all answered.
  await recordLiveWait(page);
  const response = page.waitForResponse(isSearchAnswer);
  await page.goto(searchUrl(PARIS, 29, { mode: 'live' }));
  await response;
  await expect(page.locator('html'), 'the live wait was drawn').toHaveAttribute(
    'data-saw-live-wait',
    '',
  );
  await expect(cards(page).first().getByText('Live price')).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeHidden();
});
