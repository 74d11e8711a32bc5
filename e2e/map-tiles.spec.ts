// An operator's street map: with MAP_TILE_URL set (the third e2e server, see
// playwright.config.ts), the results map draws those tiles with their attribution instead
// of the offline basemap, and the CSP lets pictures come from that host and no other.
// The tile host does not exist: the test serves its tiles, and sees every request to it.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { cards, PARIS, searchUrl } from './search-support.ts';

const TILE_HOST = 'https://tiles.staylane.test';
/** A 1×1 grey PNG: what a tile looks like is not the point. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==',
  'base64',
);

test('the map draws the operator’s street tiles with their attribution, allowed by the CSP', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const own = new URL(baseURL ?? '').origin;
  const tiles: string[] = [];
  const elsewhere: string[] = [];
  await page.route(
    (url) => url.origin !== own,
    (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== TILE_HOST) {
        elsewhere.push(url.origin);
        return route.abort();
      }
      tiles.push(url.pathname);
      return route.fulfill({ contentType: 'image/png', body: TILE });
    },
  );
  const basemap: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(countries-50m|basemap-)/.test(request.url())) basemap.push(request.url());
  });

  const response = await page.goto(searchUrl(PARIS, 48));
  expect(response?.headers()['content-security-policy']).toContain(
    `img-src 'self' data: ${TILE_HOST};`,
  );
  await expect(cards(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Map', exact: true }).click();

  const map = page.getByTestId('results-map');
  await expect(map.locator('.leaflet-tile-pane img.leaflet-tile-loaded').first()).toBeVisible();
  await expect(map.getByText('© Staylane test tiles')).toBeVisible();
  await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();
  // Tiles by zoom, column and row; nothing else left the app's origin, and the offline
  // basemap (and its attribution) stayed away.
  expect(tiles.length).toBeGreaterThan(0);
  for (const tile of tiles) expect(tile).toMatch(/^\/\d+\/\d+\/\d+\.png$/);
  expect(elsewhere).toEqual([]);
  expect(basemap).toEqual([]);
  await expect(map.getByText('Natural Earth')).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
