// The result list: paging, sort and filters in the URL, back/forward and pasted links,
// hotel and place searches, and a thousand loaded hotels in a small DOM.
import { expect, test, openPreferences } from './fixtures.ts';
import {
  BALI,
  cards,
  isSearchAnswer,
  searchAnswered,
  PARIS,
  handedOverResults,
  searchData,
  searchInputsOf,
  searchUrl,
  shownTotals,
} from './search-support.ts';

test('scrolling to the end loads page 2 with the same inputs and no hotel twice', async ({
  page,
}) => {
  await page.goto(searchUrl(PARIS, 1, { sort: 'stars' }));
  const { first: page1, request } = await handedOverResults(page);
  expect(page1.next_cursor).toBeTruthy();
  await expect(cards(page).first()).toBeVisible();

  const secondPage = searchAnswered(page, (body) => body.cursor === page1.next_cursor);
  await page.getByRole('button', { name: 'Show more hotels' }).scrollIntoViewIfNeeded();
  const response2 = await secondPage;
  const body2 = response2.request().postDataJSON() as Record<string, unknown>;
  expect(searchInputsOf(body2)).toEqual(request);
  const page2 = await searchData(response2);
  const ids1 = new Set(page1.hotels.map((hotel) => hotel.hotel_id));
  expect(page2.hotels.filter((hotel) => ids1.has(hotel.hotel_id))).toEqual([]);
  // The list holds both pages once each (its items say how many there are).
  await expect(page.locator('[role=listitem][aria-setsize]').first()).toHaveAttribute(
    'aria-setsize',
    String(page1.hotels.length + page2.hotels.length),
  );
});

test('the list stays virtualized as pages pile up: a small DOM, hotels where they belong', async ({
  page,
}) => {
  // A hundred hotels here (the app server allows a burst of 30 searches per client);
  // the thousand-hotel case is results-list.test.tsx, with the same list code.
  await page.goto(searchUrl(PARIS, 2, { sort: 'distance_from_center' }));
  // The virtualized list (its rows say how many hotels it holds).
  const rows = page.locator('[role=listitem][aria-setsize]');
  await expect(rows.first()).toBeVisible();
  const setSize = () => rows.first().getAttribute('aria-setsize').then(Number);
  while ((await setSize()) < 100) {
    const before = await setSize();
    const next = page.waitForResponse(isSearchAnswer);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await next;
    await expect.poll(setSize).toBeGreaterThan(before);
  }
  const drawn = await rows.count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThan(30);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight * 0.5));
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('[role=listitem]')].some((row) => {
          const box = row.getBoundingClientRect();
          return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
        }),
      ),
    )
    .toBe(true);
});

test('“Show more hotels” loads the next page and moves focus to the hotels it brought', async ({
  page,
}) => {
  await page.goto(searchUrl(PARIS, 3));
  await expect(cards(page).first()).toBeVisible();
  const more = page.getByRole('button', { name: 'Show more hotels' });
  // Focusing the button scrolls the end of the list into view, which may ask for the next
  // page by itself before the key is pressed: listen before either can happen.
  const next = page.waitForResponse(isSearchAnswer);
  await more.focus();
  await page.keyboard.press('Enter');
  await next;
  // Focus is on a hotel of the new page (its link, in a row of the list).
  const focusedPosition = () =>
    page.evaluate(() => {
      const row = document.activeElement?.closest('[role=listitem]');
      return document.activeElement?.tagName === 'A' && row
        ? Number(row.getAttribute('aria-posinset'))
        : null;
    });
  await expect.poll(focusedPosition).toBeGreaterThan(20);
});

test('sort and filters change the URL and the results; chips remove filters', async ({ page }) => {
  await page.goto(searchUrl(PARIS, 4));
  await expect(cards(page).first()).toBeVisible();

  const sorted = searchAnswered(page, (body) => body.sort === 'price_high_to_low');
  await page.getByLabel('Sort by').selectOption('price_high_to_low');
  await expect(page).toHaveURL(/sort=price_high_to_low/);
  expect((await searchData(await sorted)).hotels.length).toBeGreaterThan(0);
  await expect(page.getByText('Updating results…')).toBeHidden();
  const totals = (await shownTotals(page)).slice(0, 5);
  const available = totals.filter((total): total is number => total !== null);
  expect(available).toEqual([...available].sort((a, b) => b - a));

  const filtered = searchAnswered(page, (body) => JSON.stringify(body.star_ratings) === '[4]');
  await page.getByRole('checkbox', { name: '4 stars' }).check();
  await expect(page).toHaveURL(/stars=4/);
  const fourStars = await searchData(await filtered);
  expect(fourStars.total_results).toBeGreaterThan(0);
  await expect(cards(page).first().getByRole('img', { name: '4 stars' })).toBeVisible();
  for (const card of (await cards(page).all()).slice(0, 5)) {
    await expect(card.getByRole('img', { name: '4 stars' })).toBeVisible();
  }

  const facility = page.getByRole('group', { name: 'Facilities' }).getByRole('checkbox').first();
  const facilityName = await facility.evaluate(
    (input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '',
  );
  await facility.check();
  await expect(page).toHaveURL(/fac=\d+/);
  await expect(page.getByRole('button', { name: `Remove filter: ${facilityName}` })).toBeVisible();

  await page.getByRole('button', { name: 'Remove filter: 4 stars' }).click();
  await expect(page).not.toHaveURL(/stars=/);
  await expect(page).toHaveURL(/sort=price_high_to_low/);
  await expect(page.getByRole('checkbox', { name: '4 stars' })).not.toBeChecked();
});

test('back, forward and a pasted link reproduce the page', async ({ page, context }) => {
  await page.goto(searchUrl(PARIS, 5));
  await expect(cards(page).first()).toBeVisible();
  await page.getByLabel('Sort by').selectOption('value');
  await expect(page).toHaveURL(/sort=value/);
  await page.getByRole('checkbox', { name: '3 stars' }).check();
  await expect(page).toHaveURL(/stars=3/);
  await expect(page.getByRole('button', { name: 'Remove filter: 3 stars' })).toBeVisible();
  const filteredUrl = page.url();

  await page.goBack();
  await expect(page).not.toHaveURL(/stars=3/);
  await expect(page.getByLabel('Sort by')).toHaveValue('value');
  await expect(page.getByRole('button', { name: 'Remove filter: 3 stars' })).toBeHidden();
  await page.goBack();
  await expect(page.getByLabel('Sort by')).toHaveValue('recommended');
  await page.goForward();
  await page.goForward();
  await expect(page.getByRole('button', { name: 'Remove filter: 3 stars' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: '3 stars' })).toBeChecked();

  const pasted = await context.newPage();
  await pasted.goto(filteredUrl);
  await expect(pasted.getByRole('heading', { level: 1, name: 'Hotels in Paris' })).toBeVisible();
  await expect(pasted.getByLabel('Sort by')).toHaveValue('value');
  await expect(pasted.getByRole('button', { name: 'Remove filter: 3 stars' })).toBeVisible();
  await expect(cards(pasted).first().getByRole('img', { name: '3 stars' })).toBeVisible();
  await pasted.reload();
  await expect(pasted.getByRole('button', { name: 'Remove filter: 3 stars' })).toBeVisible();
});

test('a hotel search reads as that hotel: its card, similar hotels apart, nothing to filter', async ({
  page,
  request,
}) => {
  // Hotels are generated from the sandbox's seed: find one the way a shopper would.
  const found = (await (
    await request.get('/api/destinations/autocomplete?query=paris&limit=20')
  ).json()) as {
    data: { destinations: { type: string; id: number; label: string; name: string }[] };
  };
  const hotel = found.data.destinations.find((destination) => destination.type === 'hotel');
  expect(hotel).toBeDefined();
  await page.goto(searchUrl({ dest: `hotel:${hotel!.id}`, label: hotel!.label }, 6));
  const { first: data } = await handedOverResults(page);
  expect(data.similar_hotels?.length).toBeGreaterThan(0);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first().getByRole('link')).toHaveText(hotel!.name);
  const similar = page.getByRole('region', { name: 'Similar hotels nearby' });
  await expect(similar).toBeVisible();
  await expect(similar.getByRole('article')).toHaveCount(data.similar_hotels!.length);
  await expect(similar.getByText(/from the hotel you searched$/).first()).toBeVisible();
  // Its name is the heading; a count of one and filters that narrow nothing are left out.
  await expect(page.getByRole('heading', { level: 1, name: hotel!.name })).toBeVisible();
  await expect(page.getByText(/propert(y|ies) found$/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Filters' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveCount(0);
});

test('a place search (an island) returns hotels of several cities', async ({ page }) => {
  await page.goto(searchUrl(BALI, 7));
  const { first: data } = await handedOverResults(page);
  expect(data.total_results).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Hotels in Bali' })).toBeVisible();
  const cities = [...new Set(data.hotels.map((hotel) => hotel.city))];
  expect(cities.length).toBeGreaterThan(1);
  // The cards on screen say which city each hotel is in, and there is more than one.
  await expect(cards(page).first()).toBeVisible();
  const texts = await cards(page).allTextContents();
  const shown = cities.filter((city) => texts.some((text) => text.includes(`, ${city}`)));
  expect(shown.length).toBeGreaterThan(1);
});

test('the hotel-name filter narrows the results to names that match, and its chip removes it', async ({
  page,
}) => {
  await page.goto(searchUrl(PARIS, 8));
  const unfiltered = (await handedOverResults(page)).first.total_results;
  await expect(cards(page).first()).toBeVisible();
  const firstName = await cards(page).first().getByRole('heading').innerText();
  // A real hotel's whole name: a filter that must find that hotel among a handful, all on
  // screen. (A single common word such as "Lofts" matches dozens, and which of them the
  // virtualized list renders first depends on live prices that move between the searches.)
  const word = firstName;
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

  const filtered = searchAnswered(page, (body) => body.hotel_name === word);
  await page.getByLabel('Hotel name').fill(word);
  await page.getByLabel('Hotel name').press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('name')).toBe(word);
  const data = await searchData(await filtered);
  expect(data.total_results).toBeGreaterThan(0);
  expect(data.total_results).toBeLessThan(unfiltered);
  await expect(page.getByText('Updating results…')).toBeHidden();
  await expect(
    page
      .getByText(
        `${data.total_results.toLocaleString('en-US')} ${data.total_results === 1 ? 'property' : 'properties'} found`,
      )
      .first(),
  ).toBeVisible();
  const names = await cards(page).getByRole('heading').allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(fold(name)).toContain(fold(word));
  expect(names).toContain(firstName);

  await page.getByRole('button', { name: `Remove filter: Name: ${word}` }).click();
  await expect(page).not.toHaveURL(/name=/);
  await expect(page.getByLabel('Hotel name')).toHaveValue('');
  // The unfiltered first page is still in the query cache: it shows again at once.
  await expect(
    page.getByText(`${unfiltered.toLocaleString('en-US')} properties found`).first(),
  ).toBeVisible();
});

test('a hand-typed link without a label names the city from the answer, in the page language', async ({
  page,
}) => {
  const params = new URLSearchParams(searchUrl(PARIS, 37).split('?')[1]);
  params.delete('label');
  await page.goto(`/search?${params.toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hotels in Paris' })).toBeVisible();
  await expect(page.getByText('Paris, France', { exact: true })).toBeVisible();
  await openPreferences(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  // The country comes from the answer's code, named in the language of the page.
  await expect(page.getByText('Paris, France', { exact: true })).toBeVisible();
  await openPreferences(page);
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('de');
  await expect(page.getByText('Paris, Frankreich', { exact: true })).toBeVisible();
});
