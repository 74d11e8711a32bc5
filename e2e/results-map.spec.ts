// The results on a map, with no internet: every request to another origin is aborted and
// the map still draws (its basemap ships with the app). Pins carry prices, light up with
// their cards, open the hotel, and the map's state lives in the URL.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  PARIS,
  cards,
  isPricesAnswer,
  handedOverResults,
  pricesCompleted,
  searchUrl,
} from './search-support.ts';

/** Nothing leaves the app's own origin: a map that needs the internet fails here. */
async function offline(page: Page, baseURL: string | undefined): Promise<string[]> {
  const own = new URL(baseURL ?? '').origin;
  const aborted: string[] = [];
  await page.route(
    (url) => url.origin !== own,
    (route) => {
      aborted.push(new URL(route.request().url()).origin);
      return route.abort();
    },
  );
  return aborted;
}

const map = (page: Page) => page.getByTestId('results-map');
const pins = (page: Page) => map(page).locator('.leaflet-marker-icon');
const viewOf = (page: Page) => new URL(page.url()).searchParams.get('view');

/** The basemap has been drawn: its shapes came and the canvas is there. */
async function basemapDrawn(page: Page) {
  await expect(map(page).locator('.leaflet-overlay-pane canvas')).toHaveCount(1);
}

test('on a desktop the map opens beside the list, offline, and pins and cards answer each other', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const aborted = await offline(page, baseURL);
  const results = searchUrl(PARIS, 43);
  await page.goto(results);
  const {
    first: { hotels },
  } = await handedOverResults(page);
  await expect(cards(page).first()).toBeVisible();

  // Which parts of the offline basemap the page fetches: the world (1:50m) or a 1:10m cell.
  const fetched: string[] = [];
  page.on('request', (request) => {
    const part = /\/assets\/(countries-50m|basemap-[-\d]+_[-\d]+)-[\w-]+\.json$/.exec(
      request.url(),
    );
    if (part?.[1]) fetched.push(part[1]);
  });
  const basemap = page.waitForResponse((response) =>
    /\/assets\/basemap-40_0-[\w-]+\.json$/.test(response.url()),
  );
  const toggle = page.getByRole('button', { name: 'Map', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect((await basemap).ok()).toBe(true);
  await basemapDrawn(page);
  // A city view fetches the one cell it shows, not the world.
  expect(fetched).toEqual(['basemap-40_0']);
  await expect(pins(page).first()).toBeVisible();
  // The sandbox's places are named on the basemap.
  await expect(map(page).getByText('Paris', { exact: true })).toBeVisible();
  // The list stays beside the map, and the attribution is shown.
  await expect(cards(page).first()).toBeVisible();
  await expect(map(page).getByText('Natural Earth · GeoNames')).toBeVisible();
  await expect.poll(() => viewOf(page)).toMatch(/^[\d.-]+,[\d.-]+,\d+$/);
  expect(new URL(page.url()).searchParams.get('map')).toBe('1');

  // Far out, the hotels crowd into one cluster; Enter on it zooms in.
  const located = hotels.filter((hotel) => typeof hotel.latitude === 'number');
  const [first] = located;
  if (!first) throw new Error('no hotel with coordinates in Paris');
  await page.goto(`${results}&map=1&view=${first.latitude},${first.longitude},6`);
  const cluster = pins(page).first();
  await expect(cluster).toHaveAttribute('aria-label', /hotels here/);
  // Far out, the world at 1:50m.
  await expect.poll(() => fetched).toContain('countries-50m');
  await cluster.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => Number(viewOf(page)?.split(',')[2])).toBeGreaterThan(6);

  // Close in on one hotel: its pin is a button named by the hotel and its price. The
  // sandbox's suppliers sell a hotel out now and then while the page refreshes its prices:
  // its pin then says so, its card moves after the available ones, and the next is taken.
  const closeIn = async (hotel: (typeof located)[number]) => {
    await page.goto(`${results}&map=1&view=${hotel.latitude},${hotel.longitude},18`);
    await expect(page.getByText('Prices are up to date').first()).toBeVisible();
    const pin = map(page).locator(`.leaflet-marker-icon[data-hotel-id="${hotel.hotel_id}"]`);
    await expect(pin).toHaveAttribute('role', 'button');
    const label = (await pin.getAttribute('aria-label')) ?? '';
    return { hotel, pin, label };
  };
  let closest = await closeIn(first);
  for (const hotel of located.slice(1)) {
    if (!closest.label.endsWith(', not available for these dates')) break;
    closest = await closeIn(hotel);
  }
  const { hotel: chosen, pin, label } = closest;
  expect(label).toMatch(/, (about )?\$[\d,]+/);
  const card = page.locator(`article[data-hotel-id="${chosen.hotel_id}"]`);
  // A card hovered lights its pin up; a pin focused lights its card up.
  await card.hover();
  await expect(pin).toHaveClass(/bg-blue-700/);
  await page.mouse.move(0, 0);
  await expect(pin).not.toHaveClass(/bg-blue-700/);
  await pin.focus();
  await expect(card).toHaveClass(/ring-blue-700/);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  // Choosing a pin shows a small card that opens the hotel for the same stay.
  const view = viewOf(page);
  const name = label.split(',')[0] ?? '';
  await pin.click();
  await page.getByRole('region', { name: 'Map of the hotels' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const hotelUrl = new URL(page.url());
  expect(hotelUrl.pathname).toBe(`/hotels/${chosen.hotel_id}`);
  const searched = new URL(results, 'http://x').searchParams;
  expect(hotelUrl.searchParams.get('checkin')).toBe(searched.get('checkin'));

  // Back: the map is open again where it was.
  await page.goBack();
  await basemapDrawn(page);
  expect(viewOf(page)).toBe(view);
  await expect(pin).toBeVisible();
  expect(aborted).toEqual([]);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the map takes the screen with a strip of the hotels in view, offline; pins follow the price polls', async ({
    page,
    baseURL,
  }) => {
    const aborted = await offline(page, baseURL);
    // Every price a poll brings, by hotel.
    const polled = new Map<string, { amount: number; rate_type: string }>();
    page.on('response', async (response) => {
      if (!isPricesAnswer(response)) return;
      const { data } = (await response.json()) as {
        data: { updates: { hotel_id: string; price: { amount: number; rate_type: string } }[] };
      };
      for (const update of data.updates) polled.set(update.hotel_id, update.price);
    });
    const complete = pricesCompleted(page);
    await page.goto(`${searchUrl(PARIS, 44)}&map=1`);
    const { first } = await handedOverResults(page);
    expect(first.refresh_status).toBe('PENDING');
    await basemapDrawn(page);
    await expect(pins(page).first()).toBeVisible();
    const box = await map(page).boundingBox();
    expect(box?.width).toBeGreaterThan(340);
    expect(box?.height).toBeGreaterThan(500);
    // Below it, the hotels in view as cards to swipe through.
    const strip = page.getByRole('list', { name: 'Hotels' });
    await expect(strip.getByRole('article').first()).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);

    // Once the prices are refreshed, a pin shows its hotel's polled price, live.
    await complete;
    const single = map(page).locator('.leaflet-marker-icon[data-hotel-id]');
    for (let zoom = 0; zoom < 8 && (await single.count()) === 0; zoom++) {
      await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
    }
    const pin = single.first();
    const hotelId = (await pin.getAttribute('data-hotel-id')) ?? '';
    expect(first.hotels.find((hotel) => hotel.hotel_id === hotelId)?.price.rate_type).toBe(
      'estimated',
    );
    await expect.poll(() => polled.get(hotelId)?.rate_type).toBe('live');
    const now = polled.get(hotelId)?.amount ?? 0;
    await expect(pin).toHaveAttribute('data-look', 'live');
    await expect(pin).toHaveText(`$${Math.round(now / 100).toLocaleString('en-US')}`);

    // Closing it brings the list back.
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(map(page)).toHaveCount(0);
    await expect(cards(page).first()).toBeVisible();
    expect(aborted).toEqual([]);
  });
});
