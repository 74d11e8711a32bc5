// The results map on a 390×844 phone: the frame times of a scripted pan with 1,000 hotels
// loaded, against the same pan at the same view over a map with none. Pins are the few DOM
// markers clustering leaves in view, so the thousand should cost almost nothing.
// Hotels are loaded as a shopper loads them (the list, 20 at a time), then the map opens.
import type { Page } from '@playwright/test';
import {
  findCity,
  launchBrowser,
  loadHotelsByScrolling,
  searchPath,
  sleep,
} from './support/browser.ts';

export interface MapPan {
  city: string;
  loadedHotels: number;
  /** The view both pans start from (lat,lon,zoom). */
  view: string;
  /** Frame intervals during the pan, p50 and p95, ms. */
  loaded: FrameTimes;
  empty: FrameTimes;
}

export interface FrameTimes {
  frames: number;
  p50: number;
  p95: number;
}

const VIEWPORT = { width: 390, height: 844 };

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return Math.round((sorted[index] ?? 0) * 10) / 10;
}

/** Drags the map back and forth by mouse, recording every frame's interval meanwhile. */
async function pan(page: Page): Promise<FrameTimes> {
  const map = page.getByTestId('results-map');
  await map.locator('.leaflet-overlay-pane canvas').first().waitFor();
  await sleep(500);
  const box = await map.boundingBox();
  if (!box) throw new Error('the map is not on screen');
  await page.evaluate(`(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__panning) requestAnimationFrame(tick);
    };
    window.__panning = true;
    requestAnimationFrame(tick);
  })()`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  for (let round = 0; round < 4; round++) {
    const direction = round % 2 === 0 ? 1 : -1;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let step = 1; step <= 30; step++) {
      await page.mouse.move(x + direction * step * 4, y + direction * step * 3);
    }
    await page.mouse.up();
  }
  const frames = await page.evaluate<number[]>(`(() => {
    window.__panning = false;
    return window.__frames.slice(1);
  })()`);
  const sorted = [...frames].sort((a, b) => a - b);
  return { frames: frames.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

export async function measureMapPan(base: string, target = 1000): Promise<MapPan> {
  const city = await findCity(base, 'istanbul');
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    const { loaded } = await loadHotelsByScrolling(page, `${base}${searchPath(city, 240)}`, target);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await page.waitForURL(/[?&]view=/);
    const view = new URL(page.url()).searchParams.get('view') ?? '';
    const withHotels = await pan(page);

    // The same view over a search that finds nothing (a hotel name no hotel has).
    const empty = await context.newPage();
    const params = new URLSearchParams(searchPath(city, 241).slice('/search?'.length));
    params.set('name', 'zzzz-no-such-hotel');
    params.set('map', '1');
    params.set('view', view);
    // Rendered by the server with its (empty) first page: the map is all there is.
    await empty.goto(`${base}/search?${params.toString()}`);
    const withNone = await pan(empty);
    await context.close();
    return { city: city.label, loadedHotels: loaded, view, loaded: withHotels, empty: withNone };
  } finally {
    await browser.close();
  }
}
