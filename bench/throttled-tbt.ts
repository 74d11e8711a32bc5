// Blocking time of pages loaded in Chromium with its CPU slowed four times through the
// DevTools protocol (as Lighthouse's phone is), from the page's own trace: the sum, over
// main-thread tasks after the first contentful paint, of each task's time past 50 ms, until
// 1.5 s after the page marks itself interactive. Lighthouse simulates that slowdown from an
// unthrottled trace, and on a shared 2-core machine its TBT spreads widely from run to run;
// this reading is steadier, so two builds can be compared side by side, runs alternating.
// Not a row of `npm run bench` (whose Lighthouse row is the goal's measure): a tool for
// such comparisons. Usage, against running servers:
//   npx tsx bench/throttled-tbt.ts --runs 6 http://localhost:4398/ http://localhost:4399/
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
  args?: { name?: string };
}

const LONG_TASK_MS = 50;

export async function throttledBlockingTimes(
  urls: readonly string[],
  runs: number,
): Promise<number[][]> {
  const browser = await launchBrowser();
  const times = urls.map((): number[] => []);
  try {
    for (let run = 0; run < runs; run++) {
      for (const [index, url] of urls.entries()) {
        times[index]?.push(await blockingTime(browser, url));
      }
    }
  } finally {
    await browser.close();
  }
  return times;
}

async function blockingTime(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  url: string,
): Promise<number> {
  const { context, page, cdp } = await phonePage(browser);
  try {
    await throttleCpu(cdp, PHONE_CPU_SLOWDOWN);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (event) => {
      // The protocol's typing gives every field as a string; the trace's are numbers too.
      events.push(...(event.value as unknown as TraceEvent[]));
    });
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading',
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
    return Math.round(
      events
        .filter(
          (event) =>
            event.name === 'RunTask' &&
            event.ph === 'X' &&
            event.pid === main.pid &&
            event.tid === main.tid &&
            event.ts >= paint.ts,
        )
        .reduce((sum, task) => sum + Math.max(0, (task.dur ?? 0) / 1000 - LONG_TASK_MS), 0),
    );
  } finally {
    await context.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    options: { runs: { type: 'string', default: '6' } },
    allowPositionals: true,
  });
  if (positionals.length === 0) throw new Error('give the URLs of the pages to load');
  const times = await throttledBlockingTimes(positionals, Number(values.runs));
  for (const [index, url] of positionals.entries()) {
    const runs = times[index] ?? [];
    console.log(`${url}\n  median ${median(runs)} ms; runs ${runs.join(', ')}`);
  }
}
