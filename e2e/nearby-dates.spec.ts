// Nearby dates: the hotel page's strip (the hotel's total for the same stay checking in up
// to three days either side, seven searches at most, choosing a date moves the stay and its
// rooms), the results' row (the destination's lowest total on the six other dates, a tap
// moves the search), and the date picker showing a price the strip found. Neither is drawn
// by the server: their place is kept, so nothing moves when they arrive.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page, Request } from '@playwright/test';
import { expect, isoDate, stayDay, test } from './fixtures.ts';
import { chooseButtons, horizontalOverflow, isRoomsRequest } from './booking-support.ts';
import {
  cards,
  isPricesAnswer,
  isAnySearchRequest,
  isSearchRequest,
  searchUrl,
  type SearchPage,
  stayParams,
} from './search-support.ts';

// Independent tests (each its own client and stay): spread them over the workers.
test.describe.configure({ mode: 'parallel' });

/** A city no other spec searches, and one of its hotels. */
const ROME = { dest: 'city:3169070', label: 'Rome, Lazio, Italy' };
const CORSO_GUESTHOUSE = '5880016';

/** The POST /api/hotels/search bodies the page sends from now on. */
function recordSearches(page: Page): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (isAnySearchRequest(request)) bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
}

/** A nearby date's search: one hotel or the cheapest, only the fields a price needs. */
const isNearbySearch = (body: Record<string, unknown>) =>
  body.limit === 1 && JSON.stringify(body.fields) === '["price","availability_band"]';

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

/** The height of a page's nearby-dates section as the server draws it, before any script. */
async function serverDrawnHeight(
  browser: Browser,
  headers: Record<string, string> | undefined,
  url: string,
  name: string,
): Promise<number> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: headers,
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    const section = page.getByRole('region', { name });
    await expect(section.getByRole('list')).toHaveCount(0);
    return (await section.boundingBox())!.height;
  } finally {
    await context.close();
  }
}

/**
 * The first date other than the shopper's own that has a price: its place in the strip,
 * the amount it shows and whether it is an estimate ("about").
 */
async function anotherPricedDate(
  cells: Locator,
  day: number,
): Promise<{ index: number; amount: string; about: boolean }> {
  const texts = await cells.allInnerTexts();
  // In the check-in's month: the calendar opens on it, and a phone shows that month alone.
  const month = isoDate(day).slice(0, 7);
  const priced = texts.flatMap((text, index) => {
    const amount = /\$([\d,]+)/.exec(text)?.[1];
    const sameMonth = isoDate(day + index - 3).startsWith(month);
    return index !== 3 && sameMonth && amount
      ? [{ index, amount, about: /about \$/.test(text) }]
      : [];
  });
  // A supplier's rate first: an estimate is no promise that rooms are left.
  const chosen = priced.find((date) => !date.about) ?? priced[0];
  if (!chosen) throw new Error(`no other date with a price in ${month}: ${texts.join(' | ')}`);
  return chosen;
}

test('the hotel page prices seven nearby dates, marks the cheapest, and moves the stay to one', async ({
  page,
  browser,
  extraHTTPHeaders,
}) => {
  const day = stayDay(20);
  const url = `/hotels/${CORSO_GUESTHOUSE}?${stayParams(ROME, 20).toString()}`;
  const heightAsDrawn = await serverDrawnHeight(
    browser,
    extraHTTPHeaders,
    url,
    'Prices on nearby dates',
  );
  const searches = recordSearches(page);
  await page.goto(url);
  const section = page.getByRole('region', { name: 'Prices on nearby dates' });
  await section.scrollIntoViewIfNeeded();
  const strip = section.getByRole('list', { name: 'Check-in dates near yours' });
  const cells = strip.getByRole('button');
  await expect(cells).toHaveCount(7);
  await expect(strip).not.toHaveAttribute('aria-busy', 'true');
  // Every date says what the stay costs there (or that it is sold out): none failed.
  await expect(cells.filter({ hasText: /\$\d|Sold out|Unavailable/ })).toHaveCount(7);
  // The strip took the place kept for it: nothing below moved.
  expect((await section.boundingBox())!.height).toBeCloseTo(heightAsDrawn, 0);

  // One search per date, all of them for this hotel, sparse: seven in this page view.
  expect(searches).toHaveLength(7);
  expect(searches.every(isNearbySearch)).toBe(true);
  expect(searches.map((body) => body.check_in).sort()).toEqual(
    [-3, -2, -1, 0, 1, 2, 3].map((offset) => isoDate(day + offset)),
  );
  for (const body of searches) {
    expect(body).toMatchObject({
      destination: { type: 'hotel', id: Number(CORSO_GUESTHOUSE) },
      hotel_ids: [Number(CORSO_GUESTHOUSE)],
      rooms: [{ adults: 2, child_ages: [] }],
      nationality: 'IN',
    });
  }
  await expect(cells.filter({ hasText: 'Lowest price' })).toHaveCount(1);
  await expect(cells.nth(3)).toHaveAttribute('aria-current', 'date');
  await expect(cells.nth(3)).toContainText('Your dates');
  await expectNoAxeViolations(page);

  // The date picker knows the price the strip found for another check-in.
  const { index, amount, about } = await anotherPricedDate(cells, day);
  const moved = index - 3;
  const other = cells.nth(index);
  await page.getByRole('button', { name: 'Change dates or guests' }).click();
  await page.getByRole('button', { name: 'Choose on a calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose your dates' });
  const dayButton = calendar.locator(`[data-day="${isoDate(day + moved)}"]`).getByRole('button');
  await expect(dayButton).toContainText(`$${amount}`);
  await expect(dayButton).toHaveAccessibleName(
    new RegExp(`, ${about ? 'about ' : ''}\\$${amount} for 2 nights$`),
  );
  // The calendar with its prices is a view of its own: axe reads it open.
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(searches).toHaveLength(7);

  // Choosing a date is the stay editor's own change: the URL, then the room options.
  searches.length = 0;
  const rooms = page.waitForRequest(
    (request) =>
      isRoomsRequest(request) &&
      (request.postDataJSON() as { check_in: string }).check_in === isoDate(day + moved),
  );
  await other.click();
  await expect(page).toHaveURL(
    new RegExp(`checkin=${isoDate(day + moved)}&checkout=${isoDate(day + moved + 2)}&`),
  );
  expect((await rooms).postDataJSON()).toMatchObject({
    hotel_id: CORSO_GUESTHOUSE,
    check_out: isoDate(day + moved + 2),
    rooms: [{ adults: 2, child_ages: [] }],
    nationality: 'IN',
  });
  // Rooms to choose; or, when the date had only an estimate, perhaps none left, said so.
  await expect(
    about
      ? chooseButtons(page)
          .first()
          .or(page.getByRole('heading', { name: 'Sold out for your dates' }))
      : chooseButtons(page).first(),
  ).toBeVisible();
  // The strip follows, around the new check-in; the dates it had are not asked again.
  await expect(strip.locator('[aria-current="date"]')).toContainText('Your dates');
  await expect(cells).toHaveCount(7);
  await expect(strip).not.toHaveAttribute('aria-busy', 'true');
  const known = new Set([-3, -2, -1, 0, 1, 2, 3].map((offset) => isoDate(day + offset)));
  const around = [-3, -2, -1, 0, 1, 2, 3].map((offset) => isoDate(day + moved + offset));
  expect(searches.map((body) => body.check_in).sort()).toEqual(
    around.filter((date) => !known.has(date)),
  );
  expect(searches.length).toBeLessThanOrEqual(7);
});

test('the results offer the lowest price on six nearby dates, each a link that moves the search', async ({
  page,
  browser,
  extraHTTPHeaders,
}) => {
  const day = stayDay(30);
  const url = searchUrl(ROME, 30);
  const heightAsDrawn = await serverDrawnHeight(
    browser,
    extraHTTPHeaders,
    url,
    'Lowest prices on nearby dates',
  );
  const searches = recordSearches(page);
  await page.goto(url);
  await expect(cards(page).first()).toBeVisible();
  const section = page.getByRole('region', { name: 'Lowest prices on nearby dates' });
  const row = section.getByRole('list', { name: 'Check-in dates near yours' });
  const links = row.getByRole('link');
  await expect(links).toHaveCount(7);
  await expect(row).not.toHaveAttribute('aria-busy', 'true');
  await expect(links.filter({ hasText: /\$\d/ })).toHaveCount(6);
  expect((await section.boundingBox())!.height).toBeCloseTo(heightAsDrawn, 0);

  // The first page came with the page: the browser's searches are the row's six.
  expect(searches).toHaveLength(6);
  expect(searches.every(isNearbySearch)).toBe(true);
  expect(searches.map((body) => body.check_in).sort()).toEqual(
    [-3, -2, -1, 1, 2, 3].map((offset) => isoDate(day + offset)),
  );
  for (const body of searches) {
    expect(body).toMatchObject({
      destination: { type: 'city', id: 3169070 },
      sort: 'price_low_to_high',
      nationality: 'IN',
    });
  }
  await expect(links.filter({ hasText: 'Lowest price' })).toHaveCount(1);
  await expect(links.nth(3)).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);

  // A real link, to the same search on other dates.
  const later = links.nth(4);
  const href = new URL((await later.getAttribute('href'))!, 'http://e2e');
  expect(href.pathname).toBe('/search');
  expect(href.searchParams.get('checkin')).toBe(isoDate(day + 1));
  expect(href.searchParams.get('checkout')).toBe(isoDate(day + 3));
  expect(href.searchParams.get('dest')).toBe(ROME.dest);

  const list = page.waitForRequest(
    (request) =>
      isSearchRequest(request) &&
      (request.postDataJSON() as { check_in: string; limit: number }).check_in ===
        isoDate(day + 1) &&
      (request.postDataJSON() as { limit: number }).limit === 20,
  );
  await later.click();
  await expect(page).toHaveURL(
    new RegExp(`checkin=${isoDate(day + 1)}&checkout=${isoDate(day + 3)}&`),
  );
  await list;
  await expect(cards(page).first()).toBeVisible();
  await expect(row.locator('[aria-current="page"]')).toHaveAttribute(
    'href',
    `${href.pathname}${href.search}`,
  );
});

test('a shopper who opens three hotels from results still polling never sees those results expire', async ({
  page,
  context,
}) => {
  // Every price poll of the results tab, and any refusal on the way. Answers are read as
  // they pass: a body left in the browser can be dropped before the test asks for it (this
  // tab keeps polling and loading pictures while three more pages open).
  const polls: string[] = [];
  const refused: string[] = [];
  context.on('response', (response) => {
    if (response.status() === 429) refused.push(response.url());
  });
  await page.route(/\/api\/hotels\/search\/[^/]+\/prices/, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { data?: { refresh_status: string } };
    polls.push(json.data?.refresh_status ?? `HTTP ${response.status()}`);
    await route.fulfill({ response, json });
  });
  const firstPoll = page.waitForResponse(isPricesAnswer);
  await page.goto(searchUrl(ROME, 41));
  await firstPoll;
  const row = page.getByRole('region', { name: 'Lowest prices on nearby dates' });
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByRole('listitem').first()).toBeVisible();
  await expect(row.getByText('Loading the price')).toHaveCount(0);

  // Three hotels opened beside the results, each with its strip of seven dates priced.
  const hrefs = await Promise.all(
    [0, 1, 2].map((nth) => cards(page).nth(nth).getByRole('link').first().getAttribute('href')),
  );
  for (const href of hrefs) {
    const hotel = await context.newPage();
    await hotel.goto(href!);
    const strip = hotel.getByRole('region', { name: 'Prices on nearby dates' });
    await strip.scrollIntoViewIfNeeded();
    await expect(strip.getByRole('listitem')).toHaveCount(7);
    await expect(strip.getByText('Loading the price')).toHaveCount(0);
  }

  // Back on the results: its session is still there, so its next page comes from it.
  await page.bringToFront();
  const more = new Promise<{ status: number; hotels: number }>((resolve) => {
    void page.route('**/api/hotels/search', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown> | null;
      if (!body || !('cursor' in body)) return route.fallback();
      const response = await route.fetch();
      const json = (await response.json()) as { data?: SearchPage };
      resolve({ status: response.status(), hotels: json.data?.hotels.length ?? 0 });
      return route.fulfill({ response, json });
    });
  });
  await page.getByRole('button', { name: 'Show more hotels' }).click();
  const answer = await more;
  expect(answer.status).toBe(200);
  expect(answer.hotels).toBeGreaterThan(0);
  // A poll on its way as the test ends has no page left to answer.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  expect(polls.length).toBeGreaterThan(0);
  expect(polls).not.toContain('EXPIRED');
  expect(refused).toEqual([]);
});

test('on a 390 px phone the strip scrolls within itself: the page does not widen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/hotels/${CORSO_GUESTHOUSE}?${stayParams(ROME, 43).toString()}`);
  const strip = page.getByRole('region', { name: 'Prices on nearby dates' });
  await strip.scrollIntoViewIfNeeded();
  await expect(strip.getByRole('listitem')).toHaveCount(7);
  await expect(strip.getByText('Loading the price')).toHaveCount(0);
  expect(await horizontalOverflow(page)).toBe(0);
});
