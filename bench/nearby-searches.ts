// Searches a hotel page view makes, in the real browser: the page's own data comes with it
// from the server, and its nearby dates ask one instant search per date once the strip is
// on screen (at most seven, docs/decisions/048-dates-and-currencies.md). Counted as the
// shopper sees it: the page opened, scrolled to the strip, and left for a few seconds.
import type { Request } from '@playwright/test';
import { findCity, firstHotelId, launchBrowser, searchPath, sleep } from './support/browser.ts';

export interface HotelViewSearches {
  /** POST /api/hotels/search per view, one number per view. */
  perView: number[];
  /** Room-option requests per view (they count in the same rate class). */
  roomsPerView: number[];
}

const SETTLE_MS = 5_000;

function isApi(request: Request, path: string): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === path;
}

export async function measureHotelViewSearches(
  base: string,
  views: number,
): Promise<HotelViewSearches> {
  const city = await findCity(base, 'rome');
  const browser = await launchBrowser();
  const perView: number[] = [];
  const roomsPerView: number[] = [];
  try {
    for (let view = 0; view < views; view++) {
      const stay = 200 + view * 9;
      const hotelId = await firstHotelId(base, city, stay);
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      let searches = 0;
      let rooms = 0;
      page.on('request', (request) => {
        if (isApi(request, '/api/hotels/search')) searches++;
        if (isApi(request, '/api/hotels/rooms')) rooms++;
      });
      await page.goto(`${base}${searchPath(city, stay).replace('/search', `/hotels/${hotelId}`)}`);
      await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
      await page.getByRole('region', { name: 'Prices on nearby dates' }).scrollIntoViewIfNeeded();
      await sleep(SETTLE_MS);
      perView.push(searches);
      roomsPerView.push(rooms);
      await context.close();
      console.log(
        `  hotel view ${view + 1}/${views}: ${searches} searches, ${rooms} room requests`,
      );
    }
  } finally {
    await browser.close();
  }
  return { perView, roomsPerView };
}
