// `npm run bench [-- --only 1,3 --quick]`: the performance suite (docs/benchmarks.md). Runs
// every measurement (rows 1–10), prints one table (figure, budget, ratio where two things ran
// side by side, met or not) and writes it to reports/bench.json and reports/bench.md; a full
// run of every row also writes the table to docs/benchmarks/latest.md, which is committed.
//
//   1 initial JS and CSS of home and results (gzip, brotli); route-level code splitting
//   2 Lighthouse on home, results and hotel (mobile profile, Debian Chromium), each read
//     against a floor page (bench/floor) measured in the same run
//   3 submit → first results painted, scroll → next page painted (real browser)
//   4 sandbox search time on ×1 and ×10 inventories
//   5 app server overhead vs the standalone sandbox (autocannon on loopback)
//   6 price merge + re-sort (vitest bench); DOM rows with 1,000 hotels loaded
//   7 polling discipline: hidden tab, after COMPLETE, bytes per poll with since; searches
//     per hotel page view (its nearby dates)
//   8 server RSS under 100 polling shoppers for 5 minutes
//   9 the results map on a phone: pan frame times with 1,000 hotels against none
//  10 interaction latency on a phone with the CPU slowed 4×: the taps shoppers use most
//
// --only takes row numbers or names (js, lighthouse, browser, sandbox, proxy, merge,
// polling, memory, map, interactions). --quick shortens every measurement for development; its figures come
// from fewer samples than the budgets are judged on, and the table says so. The client is
// built into a temporary folder and served by the app server with its embedded sandbox;
// nothing in the working tree is written but reports/, docs/benchmarks/latest.md and the
// server entries under node_modules/.cache (removed after the run, or by the next run).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { measureInteractions } from './interactions.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measureLoadedList } from './loaded-list.ts';
import { measureMapPan } from './map-pan.ts';
import { measureMemory } from './memory.ts';
import { measureHotelViewSearches } from './nearby-searches.ts';
import { measurePolling } from './polling.ts';
import { measurePriceMerge } from './price-merge.ts';
import { measureProxyOverhead } from './proxy-overhead.ts';
import { measureRouteAssets } from './route-js.ts';
import {
  browserTimingLines,
  domLines,
  FLOOR_PAGE,
  lighthouseLines,
  mapPanLines,
  memoryLines,
  hotelViewSearchLines,
  interactionLines,
  pollingLines,
  priceMergeLines,
  proxyLines,
  routeAssetLines,
  sandboxSearchLines,
} from './rows.ts';
import { measureSandboxGrowth } from './sandbox-search.ts';
import { measureSubmitAndScroll } from './submit-to-results.ts';
import { findCity, firstHotelId, searchPath } from './support/browser.ts';
import {
  buildClient,
  buildFloor,
  removeLeftServerBuilds,
  removeSite,
  type BuiltSite,
} from './support/build.ts';
import { findChromium } from './support/chromium.ts';
import {
  expectServerRendered,
  startWebServer,
  withFloorPage,
  type WebServer,
} from './support/web-server.ts';
import { markdownTable, printTable, type TableLine } from './table.ts';

const ROW_NAMES: Record<string, number> = {
  js: 1,
  lighthouse: 2,
  browser: 3,
  sandbox: 4,
  proxy: 5,
  merge: 6,
  polling: 7,
  memory: 8,
  map: 9,
  interactions: 10,
};

const { values } = parseArgs({
  options: { only: { type: 'string' }, quick: { type: 'boolean', default: false } },
});
const quick = values.quick;
const only = new Set<number>();
for (const part of (values.only ?? '').split(',').filter(Boolean)) {
  const row = ROW_NAMES[part.trim()] ?? Number(part);
  if (!Number.isInteger(row) || row < 1 || row > 10) {
    console.error(`--only: "${part}" is not a row (1–10 or ${Object.keys(ROW_NAMES).join(', ')})`);
    process.exit(2);
  }
  only.add(row);
}
const wanted = (row: number) => only.size === 0 || only.has(row);

/** The sample sizes the budgets are judged on, and a short run for development. */
const PLAN = quick
  ? {
      lighthouseRuns: 1,
      interactionRuns: 1,
      browserRuns: 5,
      searchRuns: 30,
      proxy: { durationS: 3, connections: 10, sequential: 200 },
      pollingSessions: 1,
      memoryMinutes: 1,
    }
  : {
      lighthouseRuns: 5,
      interactionRuns: 5,
      browserRuns: 20,
      searchRuns: 200,
      proxy: { durationS: 10, connections: 10, sequential: 1000 },
      pollingSessions: 3,
      memoryMinutes: 5,
    };

const lines: TableLine[] = [];
const details: Record<string, unknown> = {};
let failures = 0;
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

async function measure(
  row: number,
  label: string,
  task: () => Promise<TableLine[]>,
): Promise<void> {
  console.log(`\n▶ row ${row}: ${label} (${elapsed()})`);
  try {
    lines.push(...(await task()));
  } catch (error) {
    failRows([row], label, error);
  }
}

/** A row, or a step several rows need, failed: each of them gets an error line. */
function failRows(rows: readonly number[], step: string, error: unknown): void {
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  console.error(`✘ ${step} failed:`, error);
  for (const row of rows) {
    failures++;
    lines.push({
      row,
      name: step,
      figure: `failed: ${message}`,
      budget: '',
      ratio: '',
      status: 'error',
    });
  }
}

function gitState(): { commit: string; dirty: boolean } {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
        encoding: 'utf8',
      }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

function chromiumVersion(): string {
  try {
    // Debian's wrapper script complains on stderr about its environment: not ours to show.
    return execFileSync(findChromium(), ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

const rowsToRun = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter(wanted);
const browserRows = [2, 3, 6, 7, 9, 10].filter(wanted);
const needsBuild = wanted(1) || browserRows.length > 0;
let site: BuiltSite | null = null;
// The floor page, built once for rows 2 and 10, which read the app's pages and taps against
// it (a row fails with it).
const floorBuild: { site?: Promise<BuiltSite> } = {};
const floorSite = () => (floorBuild.site ??= buildFloor());
let server: WebServer | null = null;
const git = gitState();
const loadAtStart = loadavg().map((value) => Math.round(value * 100) / 100);
console.log(
  `bench: ${quick ? 'QUICK (development figures, not the full measurement)' : 'full measurement'}; ` +
    `rows ${rowsToRun.join(', ')}; ${availableParallelism()} cores, node ${process.version}, ` +
    `load ${loadAtStart.join(' ')}; commit ${git.commit}${git.dirty ? ' + uncommitted changes' : ''}`,
);

try {
  if (needsBuild) {
    console.log(`\n▶ building the client into a temporary folder (${elapsed()})`);
    removeLeftServerBuilds();
    try {
      site = await buildClient();
    } catch (error) {
      failRows([...(wanted(1) ? [1] : []), ...browserRows], 'client build', error);
    }
  }
  const built = site;
  if (wanted(1) && built) {
    await measure(1, 'initial JS and CSS', () => {
      const assets = measureRouteAssets(built.clientDir);
      details.routeAssets = assets;
      return Promise.resolve(routeAssetLines(assets));
    });
  }
  if (browserRows.length > 0 && built) {
    try {
      server = await startWebServer(built);
    } catch (error) {
      failRows(browserRows, 'app server start', error);
    }
  }
  if (server) {
    const base = server.base;
    if (wanted(2)) {
      await measure(2, 'Lighthouse', async () => {
        const paris = await findCity(base, 'paris');
        const hotelId = await firstHotelId(base, paris, 90);
        const hotelPath = (run: number) =>
          `${base}${searchPath(paris, 330 + run * 3).replace('/search', `/hotels/${hotelId}`)}`;
        await expectServerRendered(`${base}${searchPath(paris, 300)}`);
        const pages = await withFloorPage(await floorSite(), (floor) =>
          measureLighthouse(
            [
              { page: FLOOR_PAGE, url: () => floor },
              { page: 'home', url: () => `${base}/` },
              { page: 'results', url: (run) => `${base}${searchPath(paris, 300 + run * 3)}` },
              { page: 'hotel', url: hotelPath },
            ],
            PLAN.lighthouseRuns,
          ),
        );
        details.lighthouse = pages;
        return lighthouseLines(pages, PLAN.lighthouseRuns);
      });
    }
    if (wanted(3)) {
      await measure(3, 'submit → results, scroll → next page', async () => {
        const report = await measureSubmitAndScroll(base, PLAN.browserRuns);
        details.browserTimings = report;
        return browserTimingLines(report);
      });
    }
    if (wanted(6)) {
      await measure(6, 'DOM rows with 1,000 hotels loaded', async () => {
        const list = await measureLoadedList(base);
        details.loadedList = list;
        return domLines(list);
      });
    }
    if (wanted(7)) {
      await measure(7, 'polling discipline', async () => {
        const polling = await measurePolling(base, PLAN.pollingSessions);
        details.polling = polling;
        const nearby = await measureHotelViewSearches(base, PLAN.pollingSessions);
        details.hotelViewSearches = nearby;
        return [...pollingLines(polling), ...hotelViewSearchLines(nearby)];
      });
    }
    if (wanted(9)) {
      await measure(9, 'map pan with 1,000 hotels', async () => {
        const mapPan = await measureMapPan(base);
        details.mapPan = mapPan;
        return mapPanLines(mapPan);
      });
    }
    if (wanted(10)) {
      await measure(10, 'interaction latency', async () => {
        const interactions = await withFloorPage(await floorSite(), (floor) =>
          measureInteractions(base, PLAN.interactionRuns, floor),
        );
        details.interactions = interactions;
        return interactionLines(interactions);
      });
    }
    await server.stop();
    server = null;
  }
  if (wanted(6)) {
    await measure(6, 'price merge + re-sort', async () => {
      const merge = await measurePriceMerge(quick);
      details.priceMerge = merge;
      return priceMergeLines(merge);
    });
  }
  if (wanted(4)) {
    await measure(4, 'sandbox search, ×1 and ×10', async () => {
      const growth = await measureSandboxGrowth(PLAN.searchRuns);
      details.sandboxSearch = growth;
      return sandboxSearchLines(growth);
    });
  }
  if (wanted(5)) {
    await measure(5, 'app server overhead', async () => {
      const overhead = await measureProxyOverhead(PLAN.proxy);
      details.proxyOverhead = overhead;
      return proxyLines(overhead);
    });
  }
  if (wanted(8)) {
    await measure(8, 'memory under polling shoppers', async () => {
      const memory = await measureMemory(100, PLAN.memoryMinutes);
      details.memory = memory;
      return memoryLines(memory);
    });
  }
} finally {
  await server?.stop();
  if (site) removeSite(site);
  const floor = await floorBuild.site?.catch(() => null);
  if (floor) removeSite(floor);
}

lines.sort((a, b) => a.row - b.row);
const measuredAt = new Date().toISOString();
const machine = `${availableParallelism()} cores, node ${process.version}${browserRows.length > 0 ? `, ${chromiumVersion()}` : ''}`;
const heading =
  `${quick ? 'QUICK run (development figures, not the full measurement)' : 'Full run'} of ${measuredAt.slice(0, 10)} ` +
  `(${Math.round((Date.now() - started) / 60_000)} min; ${machine}; load at start ${loadAtStart.join(' ')}; ` +
  `commit ${git.commit}${git.dirty ? ' + uncommitted changes' : ''})`;
console.log(`\n${heading}\n`);
console.log(printTable(lines));
const met = lines.filter((line) => line.status === 'met').length;
const notMet = lines.filter((line) => line.status === 'not met').length;
console.log(`\n${met} met, ${notMet} not met, ${failures} failed`);

mkdirSync('reports', { recursive: true });
writeFileSync(
  'reports/bench.json',
  `${JSON.stringify({ measuredAt, quick, machine, loadAtStart, git, plan: PLAN, lines, details }, null, 2)}\n`,
);
writeFileSync('reports/bench.md', `${heading}\n\n${markdownTable(lines)}\n`);
console.log('written to reports/bench.json and reports/bench.md');
if (!quick && only.size === 0) {
  // Only a full run of every row replaces the committed table; formatted as the repo's
  // Markdown is, so `prettier --check` passes on it.
  const latest = 'docs/benchmarks/latest.md';
  const text =
    '# Latest benchmark run\n\nThe table of the last full `npm run bench`, as the bench writes it: see\n' +
    '[benchmarks.md](../benchmarks.md) for how each row is measured and read.\n\n' +
    `${heading}\n\n${markdownTable(lines)}\n`;
  writeFileSync(
    latest,
    await format(text, { ...(await resolveConfig(latest)), parser: 'markdown' }),
  );
  console.log(`written to ${latest} (commit it)`);
}
process.exit(failures === 0 ? 0 : 1);
