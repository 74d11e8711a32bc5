// Blocking time of pages loaded in Chromium with its CPU slowed four times through the
// DevTools protocol (as Lighthouse's phone is), from the page's own trace: the sum, over
// main-thread tasks after the first contentful paint, of each task's time past 50 ms, until
// 1.5 s after the page marks itself interactive. Lighthouse simulates that slowdown from an
// unthrottled trace, and on a shared 2-core machine its TBT spreads widely from run to run;
// this reading is steadier, so two builds can be compared side by side, runs alternating.
// Not a row of `npm run bench` (whose Lighthouse row is the goal's measure): a tool for
// such comparisons. With --tasks it also lists each page's longest tasks (from navigation to
// the end of the reading) and what each was made of, by the trace's own event names: the
// summary a change to hydration is judged by. Usage, against running servers:
//   npx tsx bench/throttled-tbt.ts --runs 6 http://localhost:4398/ http://localhost:4399/
//   npx tsx bench/throttled-tbt.ts --runs 3 --tasks http://localhost:4398/hotels?…
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { launchBrowser, phonePage, PHONE_CPU_SLOWDOWN, throttleCpu } from './support/browser.ts';
import { median } from './support/stats.ts';

interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    name?: string;
    data?: { url?: string; functionName?: string; type?: string };
  };
}

const LONG_TASK_MS = 50;

/** A main-thread task of at least 50 ms, and the parts it spent its time in. */
export interface LongTask {
  /** When it started, in ms from the navigation. */
  at: number;
  ms: number;
  afterFirstPaint: boolean;
  /** Its direct parts, longest first, as "event (script)" with their ms. */
  parts: { what: string; ms: number }[];
}

export interface PageReading {
  blockingMs: number;
  longTasks: LongTask[];
}

export async function throttledReadings(
  urls: readonly string[],
  runs: number,
): Promise<PageReading[][]> {
  const browser = await launchBrowser();
  const readings = urls.map((): PageReading[] => []);
  try {
    for (let run = 0; run < runs; run++) {
      for (const [index, url] of urls.entries()) {
        readings[index]?.push(await readPage(browser, url));
      }
    }
  } finally {
    await browser.close();
  }
  return readings;
}

async function readPage(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  url: string,
): Promise<PageReading> {
  const { context, page, cdp } = await phonePage(browser);
  try {
    await throttleCpu(cdp, PHONE_CPU_SLOWDOWN);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (event) => {
      // The protocol's typing gives every field as a string; the trace's are numbers too.
      events.push(...(event.value as unknown as TraceEvent[]));
    });
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading,v8',
      transferMode: 'ReportEvents',
    });
    await page.goto(url);
    await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForTimeout(1_500);
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    const paint = events.find((event) => event.name === 'firstContentfulPaint');
    if (!paint) throw new Error(`${url}: no first contentful paint in the trace`);
    const main = events.find(
      (event) =>
        event.name === 'thread_name' &&
        event.args?.name === 'CrRendererMain' &&
        event.pid === paint.pid,
    );
    if (!main) throw new Error(`${url}: no renderer main thread in the trace`);
    const onMain = events
      .filter((event) => event.ph === 'X' && event.pid === main.pid && event.tid === main.tid)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const navigation =
      events.find((event) => event.name === 'navigationStart' && event.pid === main.pid)?.ts ??
      onMain[0]?.ts ??
      0;
    const tasks = onMain.filter((event) => event.name === 'RunTask');
    const blockingMs = Math.round(
      tasks
        .filter((task) => task.ts >= paint.ts)
        .reduce((sum, task) => sum + Math.max(0, (task.dur ?? 0) / 1000 - LONG_TASK_MS), 0),
    );
    const longTasks = tasks
      .filter((task) => (task.dur ?? 0) / 1000 >= LONG_TASK_MS)
      .map((task) => ({
        at: Math.round((task.ts - navigation) / 1000),
        ms: Math.round((task.dur ?? 0) / 1000),
        afterFirstPaint: task.ts >= paint.ts,
        parts: partsOf(task, onMain),
      }));
    return { blockingMs, longTasks };
  } finally {
    await context.close();
  }
}

/** A task's direct children, summed by what they are, longest first (at least 2 ms). */
function partsOf(task: TraceEvent, onMain: readonly TraceEvent[]): LongTask['parts'] {
  const end = task.ts + (task.dur ?? 0);
  const totals = new Map<string, number>();
  let reachedUntil = task.ts;
  for (const event of onMain) {
    if (event === task || event.ts < task.ts) continue;
    if (event.ts >= end) break;
    // Nested inside a part already counted.
    if (event.ts < reachedUntil) continue;
    reachedUntil = event.ts + (event.dur ?? 0);
    const what = describe(event);
    totals.set(what, (totals.get(what) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...totals]
    .map(([what, ms]) => ({ what, ms: Math.round(ms) }))
    .filter((part) => part.ms >= 2)
    .sort((a, b) => b.ms - a.ms);
}

/** What kind of work a task's part is, by its trace event's name. */
const KINDS: { kind: string; names: RegExp }[] = [
  {
    kind: 'style and layout',
    names: /^(UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|Commit)\b/,
  },
  { kind: 'script evaluation', names: /^(EvaluateScript|v8\.evaluateModule|v8\.compile)/ },
  {
    kind: 'script run',
    names:
      /^(FunctionCall|v8\.callFunction|v8\.newInstance|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|V8\.GC|MajorGC|MinorGC)/,
  },
  { kind: 'HTML', names: /^ParseHTML\b/ },
];
const TASK_KINDS = [...KINDS.map((entry) => entry.kind), 'other'];

/** The time of the long tasks after the first paint, by kind of work (the rest is "other"). */
function blockingTimeByKind(reading: PageReading): Record<string, number> {
  const byKind: Record<string, number> = Object.fromEntries(TASK_KINDS.map((kind) => [kind, 0]));
  for (const task of reading.longTasks.filter((longTask) => longTask.afterFirstPaint)) {
    let named = 0;
    for (const part of task.parts) {
      const kind = KINDS.find((entry) => entry.names.test(part.what))?.kind ?? 'other';
      byKind[kind] = (byKind[kind] ?? 0) + part.ms;
      named += part.ms;
    }
    byKind.other = (byKind.other ?? 0) + Math.max(0, task.ms - named);
  }
  return byKind;
}

function describe(event: TraceEvent): string {
  const data = event.args?.data;
  const url = data?.url ? data.url.replace(/^.*\//, '').replace(/\?.*$/, '') : '';
  const detail = [data?.type, data?.functionName, url].filter(Boolean).join(' ');
  return detail ? `${event.name} (${detail})` : event.name;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    options: { runs: { type: 'string', default: '6' }, tasks: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length === 0) throw new Error('give the URLs of the pages to load');
  const readings = await throttledReadings(positionals, Number(values.runs));
  for (const [index, url] of positionals.entries()) {
    const runs = readings[index] ?? [];
    const times = runs.map((reading) => reading.blockingMs);
    console.log(`${url}\n  blocking time median ${median(times)} ms; runs ${times.join(', ')}`);
    if (!values.tasks) continue;
    const after = runs.map((reading) => reading.longTasks.filter((task) => task.afterFirstPaint));
    const kinds = runs.map(blockingTimeByKind);
    console.log(
      `  long tasks after the first paint, medians of the runs: ${median(after.map((tasks) => tasks.length))} task(s), the longest ${median(after.map((tasks) => Math.max(0, ...tasks.map((task) => task.ms))))} ms; their time by kind: ${TASK_KINDS.map((kind) => `${kind} ${median(kinds.map((byKind) => byKind[kind] ?? 0))} ms`).join(', ')}`,
    );
    for (const [run, reading] of runs.entries()) {
      console.log(`  run ${run + 1}: ${reading.longTasks.length} task(s) of 50 ms or more`);
      for (const task of reading.longTasks) {
        const parts = task.parts
          .slice(0, 4)
          .map((part) => `${part.what} ${part.ms}`)
          .join('; ');
        const when = task.afterFirstPaint ? '' : ', before the first paint';
        console.log(`    ${task.ms} ms at ${task.at} ms${when}: ${parts}`);
      }
    }
  }
}
