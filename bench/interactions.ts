// Interaction latency: the taps and keys shoppers use most, on a phone (touch) with the
// CPU slowed four times through the DevTools protocol (`Emulation.setCPUThrottlingRate`),
// each read with the browser's Event Timing API as INP reads it: from the input to the next
// frame painted after its handlers, the longest event of the interaction. The observer is
// put in the page by the bench (an init script), never shipped. Each run is a new browser
// context and a new stay (a cold search session), throttled once the page is interactive:
// what is measured is the answer to a tap, not the page's load (row 2 reads that).
//
// Event Timing reports only events of 16 ms or more: an interaction the browser counted
// (`performance.interactionCount`) that left no entry is counted as 16 ms, the most it can
// have taken, and the row says how many were. Each step waits for its own effect (a dialog
// open, the URL changed, the prebook answered) and for the browser to have counted an interaction, so a tap the
// page dropped fails the row, never reads 0.
//
// Given the floor page (bench/floor), each run taps it too, in the same browser and minutes:
// a button that only changes its text, and one that opens the app's dialog on a page of a
// dozen elements. What this machine and browser take for a tap moves from day to day by as
// much as the budget's margin; each interaction is read beside the floor tap of its kind.
//
//   npx tsx bench/interactions.ts --runs 5 http://127.0.0.1:8080 [--floor http://127.0.0.1:8081]
import { expect as baseExpect, type Browser, type Page } from '@playwright/test';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  findCity,
  firstHotelId,
  firstStayWithRooms,
  launchBrowser,
  phonePage,
  PHONE_CPU_SLOWDOWN,
  searchPath,
  sleep,
  throttleCpu,
  type Destination,
} from './support/browser.ts';
import { BOOKING_ROUTES } from '../src/contract/index.ts';
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

/** The floor page's taps, the row's references: a plain button, and one that opens a dialog. */
export const FLOOR_INTERACTIONS = ['press a button', 'open a dialog'] as const;

export type FloorInteractionName = (typeof FLOOR_INTERACTIONS)[number];

/** The floor tap each interaction is read against: a dialog's opening against the floor's. */
export const FLOOR_OF: Readonly<Record<InteractionName, FloorInteractionName>> = {
  'type three letters in the destination': 'press a button',
  'open the date picker': 'open a dialog',
  'change the sort': 'press a button',
  'open the filters': 'open a dialog',
  'tick a star rating': 'press a button',
  'open the map': 'press a button',
  'choose a room': 'press a button',
};

type StepName = InteractionName | FloorInteractionName;

/** One interaction's samples over the runs. */
export interface InteractionSamples<Name extends string> {
  name: Name;
  p75Ms: number;
  samplesMs: number[];
  underThreshold: number;
}

export interface InteractionReport {
  runs: number;
  cpuSlowdown: number;
  /**
   * Per interaction: every sample (ms, one per key for the typing), their p75, and how many
   * samples were under Event Timing's 16 ms (counted as 16).
   */
  interactions: InteractionSamples<InteractionName>[];
  /** The floor page's taps in the same runs; empty when no floor was given. */
  floor: InteractionSamples<FloorInteractionName>[];
}

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

/** What one step read: each interaction's latency, and how many of them were under 16 ms. */
interface Reading {
  latencies: number[];
  underThreshold: number;
}

/** Adds `reading` to what `readings` holds for `name` (several keys, several runs). */
function addReading(
  readings: Map<StepName, Reading>,
  name: StepName,
  { latencies, underThreshold }: Reading,
): void {
  const earlier = readings.get(name) ?? { latencies: [], underThreshold: 0 };
  readings.set(name, {
    latencies: [...earlier.latencies, ...latencies],
    underThreshold: earlier.underThreshold + underThreshold,
  });
}

/** How long no new entry must come before a step's entries count as all in, and the most to wait. */
const QUIET_MS = 500;
const MOST_WAIT_MS = 5_000;

/**
 * Runs `act` and waits for `settled` (its effect). Entries are queued after the frame that
 * follows the handlers, later still after a long task: they are read until none has come for
 * half a second. Each interaction's latency is its longest event; the interactions the
 * browser counted (`performance.interactionCount`) that left no entry took under 16 ms.
 */
async function measure(
  page: Page,
  act: () => Promise<void>,
  settled: () => Promise<unknown>,
): Promise<Reading> {
  // An earlier step's last entries may still come in (a key's release, reported after the
  // next paint): only inputs from now on count.
  const before = await page.evaluate<{ now: number; count: number }>(
    '({ now: performance.now(), count: performance.interactionCount })',
  );
  await act();
  await settled();
  const byInteraction = new Map<number, number>();
  const deadline = Date.now() + MOST_WAIT_MS;
  for (let seen = -1, quietSince = Date.now(); Date.now() < deadline; await sleep(100)) {
    const entries = await page.evaluate<Timings>('[...window.__benchEventTimings]');
    const fresh = entries.filter(({ start }) => start >= before.now);
    if (fresh.length !== seen) {
      seen = fresh.length;
      quietSince = Date.now();
      byInteraction.clear();
      for (const { id, duration } of fresh) {
        byInteraction.set(id, Math.max(byInteraction.get(id) ?? 0, duration));
      }
    } else if (Date.now() - quietSince >= QUIET_MS) break;
  }
  const counted = (await page.evaluate<number>('performance.interactionCount')) - before.count;
  if (counted < 1) throw new Error('the browser counted no interaction: the input went nowhere');
  const latencies = [...byInteraction.values()];
  const underThreshold = Math.max(0, counted - latencies.length);
  // Each such interaction took at most the threshold: counted as the threshold.
  for (let i = 0; i < underThreshold; i++) latencies.push(EVENT_TIMING_FLOOR_MS);
  return { latencies, underThreshold };
}

// A step's effect may take a while on a slowed CPU; what is timed is the next paint, not it.
const expect = baseExpect.configure({ timeout: 30_000 });

// The pages' CSP allows no string evaluated as script: conditions are read from outside.
const urlParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name) ?? '';

/**
 * Waits until the page's main thread has been idle for half a second: ten idle periods in a
 * row with nearly all of an idle period's 50 ms left (a task or a frame in between starts the
 * count again). Gives up after 15 s, since a page busy for that long is itself a finding.
 */
async function mainThreadQuiet(page: Page): Promise<void> {
  const quiet = await page.evaluate<boolean>(`new Promise((resolve) => {
    let idle = 0;
    const giveUp = setTimeout(() => resolve(false), 15000);
    const tick = (deadline) => {
      idle = deadline.timeRemaining() > 40 ? idle + 1 : 0;
      if (idle < 10) return void requestIdleCallback(tick);
      clearTimeout(giveUp);
      resolve(true);
    };
    requestIdleCallback(tick);
  })`);
  if (!quiet) throw new Error('the main thread was not idle for half a second in 15 s');
}

async function interactive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: 60_000 });
}

async function oneRun(
  browser: Browser,
  base: string,
  floorBase: string | null,
  paris: Destination,
  hotelId: string,
  run: number,
): Promise<Map<StepName, Reading>> {
  const readings = new Map<StepName, Reading>();
  const { context, page, cdp } = await phonePage(browser);
  try {
    await context.addInitScript(OBSERVER);
    const throttle = (rate: number) => throttleCpu(cdp, rate);
    // Each input comes to a page at rest, as a shopper's does: they look at what the last
    // one did before the next. Sent in the same instant, a tap would time the tail of the one
    // before (a search answered, a list drawn) as its own wait. A typist's next key is the
    // exception (`atRest: false`): it comes while the last one's suggestions are on their way.
    const step = async (
      name: StepName,
      act: () => Promise<void>,
      settled: () => Promise<unknown>,
      { atRest = true } = {},
    ) => {
      try {
        if (atRest) await mainThreadQuiet(page);
        addReading(readings, name, await measure(page, act, settled));
      } catch (error) {
        throw new Error(`${name} (run ${run + 1}): ${error instanceof Error ? error.message : ''}`);
      }
    };

    // The floor: a button, then a dialog, opened and closed again.
    if (floorBase !== null) {
      await interactive(page, floorBase);
      await throttle(PHONE_CPU_SLOWDOWN);
      const button = page.getByRole('button', { name: /^Pressed \d+ times$/ });
      await step(
        'press a button',
        () => button.tap(),
        () => expect(button).toHaveText('Pressed 1 times'),
      );
      const dialog = page.getByRole('dialog', { name: 'A dialog' });
      await step(
        'open a dialog',
        () => page.getByRole('button', { name: 'Open a dialog' }).tap(),
        () => dialog.waitFor(),
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await throttle(1);
    }

    // Home: the destination, then the dates.
    await interactive(page, `${base}/`);
    await throttle(PHONE_CPU_SLOWDOWN);
    const destination = page.getByRole('combobox', { name: 'Where are you going?' });
    await destination.focus();
    for (const [index, letter] of ['p', 'a', 'r'].entries()) {
      await step(
        'type three letters in the destination',
        () => page.keyboard.press(letter),
        () => expect(destination).toHaveValue(new RegExp(`${letter}$`)),
        { atRest: index === 0 },
      );
    }
    // The suggestions for what was typed come, then go as a shopper sends them away.
    const suggestions = page.getByRole('listbox');
    await expect(suggestions).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(suggestions).toBeHidden();
    await step(
      'open the date picker',
      () => page.getByRole('button', { name: 'Choose on a calendar' }).tap(),
      () => page.getByRole('dialog', { name: 'Choose your dates' }).waitFor(),
    );
    await throttle(1);

    // Results: the sort, the filters and a star, the map.
    // Stays of their own, away from the other rows' (cold search sessions, as a new shopper).
    const stay = 240 + run * 3;
    await interactive(page, `${base}${searchPath(paris, stay)}`);
    await throttle(PHONE_CPU_SLOWDOWN);
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
      () => page.getByRole('button', { name: 'Filters', exact: true }).tap(),
      () => filters.waitFor(),
    );
    await step(
      'tick a star rating',
      () => filters.getByRole('checkbox', { name: '5 stars' }).tap(),
      () => expect.poll(() => urlParam(page, 'stars')).toBe('5'),
    );
    await filters.getByRole('button', { name: /^Show [\d,]+ propert/ }).tap();
    await filters.waitFor({ state: 'hidden' });
    await step(
      'open the map',
      () => page.getByRole('button', { name: 'Map', exact: true }).tap(),
      () => page.getByTestId('results-map').waitFor(),
    );
    await throttle(1);

    // Hotel: a room.
    // A stay the hotel has rooms for: on a sold-out one there is nothing to choose.
    const hotelStay = await firstStayWithRooms(base, hotelId, stay + 30);
    await interactive(
      page,
      `${base}${searchPath(paris, hotelStay).replace('/search', `/hotels/${hotelId}`)}`,
    );
    await throttle(PHONE_CPU_SLOWDOWN);
    // A tap on "Choose" prebooks the rate. It is answered once the prebook is: on to
    // checkout, or a notice among the rooms when the sandbox's supplier gives the rate away.
    // A shopper scrolls down to the rooms, then taps: what the scroll sets off (the nearby
    // dates coming on screen and their prices, the phone's price bar going) is not the tap's.
    const choose = page.getByRole('button', { name: /^Choose / }).first();
    await choose.scrollIntoViewIfNeeded();
    let prebooked: Promise<unknown> = Promise.resolve();
    await step(
      'choose a room',
      async () => {
        prebooked = page.waitForResponse(
          (response) =>
            response.request().method() === BOOKING_ROUTES.prebook.method &&
            new URL(response.url()).pathname === `/api${BOOKING_ROUTES.prebook.path}`,
        );
        await choose.tap();
      },
      () => prebooked,
    );
  } finally {
    await context.close();
  }
  return readings;
}

/** Every sample of `name` over the runs, with their p75. */
function samplesOf<Name extends StepName>(
  all: Map<StepName, Reading>,
  name: Name,
): InteractionSamples<Name> {
  const { latencies, underThreshold } = all.get(name) ?? { latencies: [], underThreshold: 0 };
  const samplesMs = latencies.map(Math.round);
  return { name, p75Ms: Math.round(percentile(samplesMs, 75)), samplesMs, underThreshold };
}

export async function measureInteractions(
  base: string,
  runs: number,
  floorBase: string | null = null,
): Promise<InteractionReport> {
  const paris = await findCity(base, 'paris');
  const hotelId = await firstHotelId(base, paris, 90);
  const browser = await launchBrowser();
  const all = new Map<StepName, Reading>();
  try {
    for (let run = 0; run < runs; run++) {
      const readings = await oneRun(browser, base, floorBase, paris, hotelId, run);
      for (const [name, reading] of readings) addReading(all, name, reading);
      console.log(
        `  interactions run ${run + 1}/${runs}: ` +
          [...readings]
            .map(([name, { latencies }]) => `${name} ${latencies.map(Math.round).join('/')} ms`)
            .join('; '),
      );
    }
  } finally {
    await browser.close();
  }
  return {
    runs,
    cpuSlowdown: PHONE_CPU_SLOWDOWN,
    interactions: INTERACTIONS.map((name) => samplesOf(all, name)),
    floor: floorBase === null ? [] : FLOOR_INTERACTIONS.map((name) => samplesOf(all, name)),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    options: { runs: { type: 'string', default: '5' }, floor: { type: 'string' } },
    allowPositionals: true,
  });
  const base = positionals[0];
  if (!base) throw new Error('give the base URL of a running app server');
  const report = await measureInteractions(base, Number(values.runs), values.floor ?? null);
  for (const { name, p75Ms, samplesMs } of [...report.floor, ...report.interactions]) {
    console.log(`${name}: p75 ${p75Ms} ms (${samplesMs.join(', ')})`);
  }
}
