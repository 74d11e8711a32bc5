// Interaction latency: the taps and keys shoppers use most, on a phone-sized page with the
// CPU slowed four times through the DevTools protocol (`Emulation.setCPUThrottlingRate`),
// each read with the browser's Event Timing API as INP reads it: from the input to the next
// frame painted after its handlers, the longest event of the interaction. The observer is
// put in the page by the bench (an init script), never shipped. Each run is a new browser
// context and a new stay (a cold search session), throttled once the page is interactive:
// what is measured is the answer to a tap, not the page's load (row 2 reads that).
//
// Event Timing reports only events of 16 ms or more; an interaction with none is counted as
// 16 ms, the most it can have taken. Each interaction waits for its own effect on screen
// (a dialog open, the URL changed), so a tap the page dropped fails the row, never reads 0.
//
//   npx tsx bench/interactions.ts --runs 5 http://127.0.0.1:8080
import { expect as baseExpect, type Page } from '@playwright/test';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  findCity,
  firstHotelId,
  launchBrowser,
  searchPath,
  type Destination,
} from './support/browser.ts';
import { percentile } from './support/stats.ts';

/** The interactions measured, in the order a run makes them. */
export const INTERACTIONS = [
  'type three letters in the destination',
  'open the date picker',
  'change the sort',
  'open the filters',
  'tick a star rating',
  'open the map',
  'choose a room',
] as const;

export type InteractionName = (typeof INTERACTIONS)[number];

export interface InteractionReport {
  runs: number;
  cpuSlowdown: number;
  /** Per interaction: every sample (ms, one per key for the typing) and their p75. */
  interactions: { name: InteractionName; p75Ms: number; samplesMs: number[] }[];
}

const CPU_SLOWDOWN = 4;
/** Event Timing's smallest threshold: shorter events are not reported. */
const EVENT_TIMING_FLOOR_MS = 16;

/** Installed before the page's own scripts: every event entry that belongs to an interaction. */
const OBSERVER = `(() => {
  const entries = [];
  Object.defineProperty(window, '__benchEventTimings', { value: entries });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) entries.push({ id: entry.interactionId, start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: ${EVENT_TIMING_FLOOR_MS}, buffered: true });
})()`;

type Timings = { id: number; start: number; duration: number }[];

/**
 * Runs `act`, waits for `settled` (its effect), then for the entries to be delivered (after
 * the next paints), and gives each interaction's latency: its longest event.
 */
async function measure(
  page: Page,
  act: () => Promise<void>,
  settled: () => Promise<unknown>,
  expected = 1,
): Promise<number[]> {
  // An earlier step's last entries may still come in (a key's release, reported after the
  // next paint): only inputs from now on count.
  const since = await page.evaluate<number>('performance.now()');
  await act();
  await settled();
  // Entries are queued once the frame after the handlers is presented: two frames and a task.
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))))',
  );
  const entries = await page.evaluate<Timings>('[...window.__benchEventTimings]');
  const byInteraction = new Map<number, number>();
  for (const { id, start, duration } of entries) {
    if (start < since) continue;
    byInteraction.set(id, Math.max(byInteraction.get(id) ?? 0, duration));
  }
  const latencies = [...byInteraction.values()];
  // Interactions under the threshold left no entry: each took at most the threshold.
  while (latencies.length < expected) latencies.push(EVENT_TIMING_FLOOR_MS);
  return latencies;
}

// A step's effect may take a while on a slowed CPU; what is timed is the next paint, not it.
const expect = baseExpect.configure({ timeout: 30_000 });

// The pages' CSP allows no string evaluated as script: conditions are read from outside.
const urlParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name) ?? '';

async function interactive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: 60_000 });
}

async function oneRun(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  base: string,
  paris: Destination,
  hotelId: string,
  run: number,
): Promise<Map<InteractionName, number[]>> {
  const samples = new Map<InteractionName, number[]>();
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript(OBSERVER);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const throttle = (rate: number) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const step = async (
      name: InteractionName,
      act: () => Promise<void>,
      settled: () => Promise<unknown>,
    ) => {
      try {
        const latencies = await measure(page, act, settled);
        samples.set(name, [...(samples.get(name) ?? []), ...latencies]);
      } catch (error) {
        throw new Error(`${name} (run ${run + 1}): ${error instanceof Error ? error.message : ''}`);
      }
    };

    // Home: the destination, then the dates.
    await interactive(page, `${base}/`);
    await throttle(CPU_SLOWDOWN);
    const destination = page.getByRole('combobox', { name: 'Where are you going?' });
    await destination.focus();
    for (const letter of 'par') {
      await step(
        'type three letters in the destination',
        () => page.keyboard.press(letter),
        () => expect(destination).toHaveValue(new RegExp(`${letter}$`)),
      );
    }
    // The suggestions for what was typed come, then go as a shopper sends them away.
    const suggestions = page.getByRole('listbox');
    await expect(suggestions).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(suggestions).toBeHidden();
    await step(
      'open the date picker',
      () => page.getByRole('button', { name: 'Choose on a calendar' }).click(),
      () => page.getByRole('dialog', { name: 'Choose your dates' }).waitFor(),
    );
    await throttle(1);

    // Results: the sort, the filters and a star, the map.
    // Stays of their own, away from the other rows' (cold search sessions, as a new shopper).
    const stay = 240 + run * 3;
    await interactive(page, `${base}${searchPath(paris, stay)}`);
    await throttle(CPU_SLOWDOWN);
    const sort = page.getByLabel('Sort by');
    const sortBefore = await sort.inputValue();
    await sort.focus();
    await step(
      'change the sort',
      // A key on the closed list, as a keyboard changes it: a trusted input, which Event
      // Timing reports (a value set by script is not an interaction).
      () => page.keyboard.press('ArrowDown'),
      () => expect.poll(() => urlParam(page, 'sort')).not.toBe(sortBefore),
    );
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await step(
      'open the filters',
      () => page.getByRole('button', { name: 'Filters', exact: true }).click(),
      () => filters.waitFor(),
    );
    await step(
      'tick a star rating',
      () => filters.getByRole('checkbox', { name: '5 stars' }).click(),
      () => expect.poll(() => urlParam(page, 'stars')).toBe('5'),
    );
    await filters.getByRole('button', { name: /^Show [\d,]+ propert/ }).click();
    await filters.waitFor({ state: 'hidden' });
    await step(
      'open the map',
      () => page.getByRole('button', { name: 'Map', exact: true }).click(),
      () => page.getByTestId('results-map').waitFor(),
    );
    await throttle(1);

    // Hotel: a room.
    await interactive(
      page,
      `${base}${searchPath(paris, stay + 30).replace('/search', `/hotels/${hotelId}`)}`,
    );
    await throttle(CPU_SLOWDOWN);
    await step(
      'choose a room',
      () =>
        page
          .getByRole('button', { name: /^Choose / })
          .first()
          .click(),
      () => expect(page).toHaveURL(/\/checkout$/),
    );
  } finally {
    await context.close();
  }
  return samples;
}

export async function measureInteractions(base: string, runs: number): Promise<InteractionReport> {
  const paris = await findCity(base, 'paris');
  const hotelId = await firstHotelId(base, paris, 90);
  const browser = await launchBrowser();
  const all = new Map<InteractionName, number[]>();
  try {
    for (let run = 0; run < runs; run++) {
      const samples = await oneRun(browser, base, paris, hotelId, run);
      for (const [name, values] of samples) all.set(name, [...(all.get(name) ?? []), ...values]);
      console.log(
        `  interactions run ${run + 1}/${runs}: ` +
          [...samples].map(([name, values]) => `${name} ${values.join('/')} ms`).join('; '),
      );
    }
  } finally {
    await browser.close();
  }
  return {
    runs,
    cpuSlowdown: CPU_SLOWDOWN,
    interactions: INTERACTIONS.map((name) => {
      const samplesMs = (all.get(name) ?? []).map(Math.round);
      return { name, p75Ms: Math.round(percentile(samplesMs, 75)), samplesMs };
    }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    options: { runs: { type: 'string', default: '5' } },
    allowPositionals: true,
  });
  const base = positionals[0];
  if (!base) throw new Error('give the base URL of a running app server');
  const report = await measureInteractions(base, Number(values.runs));
  for (const { name, p75Ms, samplesMs } of report.interactions) {
    console.log(`${name}: p75 ${p75Ms} ms (${samplesMs.join(', ')})`);
  }
}
