// What the browser benchmarks share: the launched Chromium, search URLs with a stay of
// their own (so each run opens a new sandbox session, as a new shopper would), a
// destination looked up through the app's own API, and the prices endpoint's shape.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
  type Request,
} from '@playwright/test';
import { SHOPPING_ROUTES } from '../../src/contract/index.ts';
import { isoDate } from '../../src/contract/testing/clock.ts';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}

/**
 * A phone as the browser benchmarks model one (Lighthouse's mobile viewport, touch), and a
 * CDP session to slow its CPU: `Emulation.setCPUThrottlingRate`, a real slowdown of the
 * renderer, where Lighthouse simulates one from an unthrottled trace.
 */
export async function phonePage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

/** How much slower than this machine the benchmarks' phone runs (Lighthouse's mobile factor). */
export const PHONE_CPU_SLOWDOWN = 4;

export async function throttleCpu(cdp: CDPSession, rate: number): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

export interface Destination {
  /** `city:<id>` or `place:<id>`, as the results URL spells it. */
  dest: string;
  label: string;
}

/** The first city the app's autocomplete suggests for `query`. */
export async function findCity(base: string, query: string): Promise<Destination> {
  const response = await fetch(
    `${base}/api/destinations/autocomplete?query=${encodeURIComponent(query)}`,
  );
  const body = (await response.json()) as {
    data?: { destinations: { type: string; id: number; label: string }[] };
  };
  const city = body.data?.destinations.find((destination) => destination.type === 'city');
  if (!city) throw new Error(`no city suggested for "${query}" (HTTP ${response.status})`);
  return { dest: `city:${city.id}`, label: city.label };
}

/** The first hotel a search of `destination` answers, for a stay `stay` days from today. */
export async function firstHotelId(
  base: string,
  destination: Destination,
  stay: number,
): Promise<string> {
  const [type, id] = destination.dest.split(':');
  const response = await fetch(`${base}/api/hotels/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      destination: { type, id: Number(id) },
      check_in: isoDate(stay),
      check_out: isoDate(stay + 2),
      rooms: [{ adults: 2 }],
    }),
  });
  const body = (await response.json()) as { data?: { hotels: { hotel_id: string }[] } };
  const hotelId = body.data?.hotels[0]?.hotel_id;
  if (!hotelId)
    throw new Error(`no hotel found for ${destination.label} (HTTP ${response.status})`);
  return hotelId;
}

/**
 * The first two-night stay, `from` days from today or a few days after, for which the hotel
 * has a room for two: the sandbox sells some dates out, and which ones moves with today.
 */
export async function firstStayWithRooms(
  base: string,
  hotelId: string,
  from: number,
  tries = 14,
): Promise<number> {
  for (let stay = from; stay < from + tries; stay++) {
    const response = await fetch(`${base}/api${SHOPPING_ROUTES.rooms.path}`, {
      method: SHOPPING_ROUTES.rooms.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        hotel_id: hotelId,
        check_in: isoDate(stay),
        check_out: isoDate(stay + 2),
        rooms: [{ adults: 2 }],
      }),
    });
    const body = (await response.json()) as { data?: { rooms: unknown[] } };
    if ((body.data?.rooms.length ?? 0) > 0) return stay;
  }
  throw new Error(`hotel ${hotelId} has no room for two in the ${tries} days from day ${from}`);
}

/** A results URL (path and query) for a two-night stay starting `stay` days from today. */
export function searchPath(destination: Destination, stay: number, sort?: string): string {
  const params = new URLSearchParams({
    dest: destination.dest,
    label: destination.label,
    checkin: isoDate(stay),
    checkout: isoDate(stay + 2),
    rooms: '2',
    nat: 'IN',
  });
  if (sort) params.set('sort', sort);
  return `/search?${params.toString()}`;
}

export function isPricesRequest(request: Request): boolean {
  return /^\/api\/hotels\/search\/[^/]+\/prices$/.test(new URL(request.url()).pathname);
}

export async function waitForHealth(base: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer on ${base} in time`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const LOADED_HOTELS = `(() => {
  const row = document.querySelector('[role="listitem"][aria-setsize]');
  return row ? Number(row.getAttribute('aria-setsize')) : 0;
})()`;

/**
 * Opens a results page and loads hotels as a shopper does, scrolling to the end of the
 * list page after page, until `target` are loaded; the count loaded and the pages it took.
 */
export async function loadHotelsByScrolling(
  page: Page,
  url: string,
  target: number,
): Promise<{ loaded: number; pages: number }> {
  await page.goto(url);
  await page.locator('[role="listitem"][data-index]').first().waitFor();
  // The page comes rendered by the server: scrolling does nothing before it hydrates.
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  let pages = 1;
  let loaded = await page.evaluate<number>(LOADED_HOTELS);
  while (loaded < target) {
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    const deadline = Date.now() + 20_000;
    let now = loaded;
    while (now <= loaded && Date.now() < deadline) {
      await sleep(25);
      now = await page.evaluate<number>(LOADED_HOTELS);
    }
    if (now <= loaded) throw new Error(`no next page after ${String(loaded)} hotels within 20 s`);
    loaded = now;
    pages++;
  }
  return { loaded, pages };
}
