// Each measurement's lines in the bench table: its figures against their budgets
// (docs/benchmarks.md, "The rows"), and the ratio where two things ran side by side.
import { FLOOR_OF, type InteractionReport, type InteractionSamples } from './interactions.ts';
import type { HotelViewSearches } from './nearby-searches.ts';
import type { PollingDiscipline } from './polling.ts';
import type { LighthousePage } from './lighthouse.ts';
import type { LoadedListDom } from './loaded-list.ts';
import type { MapPan } from './map-pan.ts';
import type { MemoryUnderLoad } from './memory.ts';
import type { PriceMerge } from './price-merge.ts';
import type { OverheadReport } from './proxy-overhead.ts';
import type { RouteAssets, RouteBytes } from './route-js.ts';
import type { GrowthReport } from './sandbox-search.ts';
import type { SubmitAndScroll } from './submit-to-results.ts';
import { median } from './support/stats.ts';
import { kb, ms, percent, signed, status, times, type TableLine } from './table.ts';

/** 110 KB as the repository has always counted it (bench/route-js.ts prints KiB). */
const RESULTS_JS_BUDGET = 110 * 1024;

const bytes = (value: RouteBytes['js']) => `${kb(value.gzip)} gzip, ${kb(value.brotli)} br`;

/** The nearby dates may put only their empty places (heading, reserved room) in a first page. */
const NEARBY_FIRST_PAGE_BUDGET = 512;
const NEARBY_CHUNKS = ['search/results/nearby-dates-row', 'hotel/nearby-dates/nearby-dates-strip'];
/** The modules of those places: the slot, the scope the date picker reads, the sections. */
const NEARBY_PLACES = new Set([
  'src/stay/nearby-dates/nearby-dates-slot.tsx',
  'src/stay/nearby-dates/nearby-scope.ts',
  'src/features/search/results/nearby-dates.tsx',
  'src/features/hotel/nearby-dates/nearby-dates-section.tsx',
]);

/** A watched part's share of each first page, gzip (minified in brackets). */
function shareFigure(part: RouteAssets['shares'][number]): string {
  const routes = (['home', 'results', 'hotel'] as const).map((route) => {
    const share = part[route];
    return share ? `${route} +${kb(share.gzip)} (${kb(share.raw)} min.)` : `${route} unknown`;
  });
  return `${routes.join(', ')} gzip`;
}

export function routeAssetLines(assets: RouteAssets): TableLine[] {
  const line = (name: string, figure: string): TableLine => ({
    row: 1,
    name,
    figure,
    budget: '—',
    ratio: '',
    status: 'info',
  });
  const split = assets.splitRoutes;
  return [
    {
      ...line('results route: initial JS', bytes(assets.results.js)),
      budget: '≤ 110 KB gzip',
      status: status(assets.results.js.gzip <= RESULTS_JS_BUDGET),
    },
    line('results route: initial CSS', bytes(assets.results.css)),
    line('home route: initial JS', bytes(assets.home.js)),
    line('home route: initial CSS', bytes(assets.home.css)),
    line('hotel route: initial JS', bytes(assets.hotel.js)),
    ...assets.shares.map((part) => {
      const name = `${part.part}: in each first page's JS`;
      if (part.part !== 'nearby dates') return line(name, shareFigure(part));
      // Their strip and row are chunks of their own, fetched once their place nears the screen.
      const chunks = NEARBY_CHUNKS.map((module) => assets.later.find((l) => l.module === module));
      const lazy = chunks.every((chunk) => chunk && !chunk.inFirstPage);
      const small = (['home', 'results', 'hotel'] as const).every((route) => {
        const share = part[route];
        return (
          share !== null &&
          share.gzip <= NEARBY_FIRST_PAGE_BUDGET &&
          share.modules.every((module) => NEARBY_PLACES.has(module))
        );
      });
      return {
        ...line(
          name,
          `${shareFigure(part)}; later: ${chunks
            .map((chunk, index) =>
              chunk ? `${NEARBY_CHUNKS[index]?.split('/').pop()} ${kb(chunk.jsGzip)}` : 'missing',
            )
            .join(', ')}`,
        ),
        budget: `only their empty places (≤ ${kb(NEARBY_FIRST_PAGE_BUDGET)}); strip and row lazy`,
        status: status(lazy && small),
      };
    }),
    {
      ...line(
        'route-level code splitting: hotel, booking',
        split
          .map((s) => `${s.route} ${s.ownChunk ? `own chunk (+${kb(s.jsGzip)})` : 'NOT split'}`)
          .join('; '),
      ),
      budget: 'each its own chunk',
      status: status(split.every((s) => s.ownChunk)),
    },
  ];
}

/**
 * The goal per page, read against the floor page measured in the same run (bench/floor: the
 * least a rendered React page costs here): total blocking time at most 50 ms over the
 * floor's and a score within 2 points of it, since both move with the machine and the
 * browser; LCP within its budget, CLS ≤ 0.01; accessibility, best practices and SEO at 100
 * (the results page's SEO is exempt: it is noindex, a crawler must not make us pay for
 * supplier searches).
 */
const LIGHTHOUSE_GOALS: Record<string, { lcpMs: number; seo: boolean }> = {
  home: { lcpMs: 1200, seo: true },
  results: { lcpMs: 1500, seo: false },
  hotel: { lcpMs: 1500, seo: true },
};

/** The page row 2 reads the others against (bench/floor). */
export const FLOOR_PAGE = 'floor';
const TBT_OVER_FLOOR_MS = 50;
const SCORE_UNDER_FLOOR = 2;

function lighthouseFigure({ median, failedRecordings }: LighthousePage): string {
  return (
    `score ${median.score}, LCP ${(median.lcpMs / 1000).toFixed(2)} s, TBT ${median.tbtMs} ms, CLS ${median.cls.toFixed(3)}; ` +
    `accessibility ${median.accessibility}, best practices ${median.bestPractices}, SEO ${median.seo}` +
    (failedRecordings.length > 0
      ? ` (${failedRecordings.length} run(s) Lighthouse failed to record, run again)`
      : '')
  );
}

/** The median over runs of `page`'s value minus the floor's in the same run. */
function pairedMedian(
  page: LighthousePage,
  floor: LighthousePage,
  value: (run: LighthousePage['runs'][number]) => number,
): number {
  const differences = page.runs.flatMap((run, index) => {
    const floorRun = floor.runs[index];
    return floorRun ? [value(run) - value(floorRun)] : [];
  });
  return median(differences);
}

export function lighthouseLines(pages: LighthousePage[], runs: number): TableLine[] {
  const floor = pages.find(({ page }) => page === FLOOR_PAGE);
  const floorLine: TableLine[] = floor
    ? [
        {
          row: 2,
          name: `Lighthouse floor page (mobile, median of ${runs}), the reference`,
          figure: lighthouseFigure(floor),
          budget: '—',
          ratio: '',
          status: 'info',
        },
      ]
    : [];
  return [
    ...floorLine,
    ...pages
      .filter(({ page }) => page !== FLOOR_PAGE)
      .map((measured): TableLine => {
        const { page, median } = measured;
        const goal = LIGHTHOUSE_GOALS[page] ?? { lcpMs: 1500, seo: true };
        // Paired run by run (the pages took turns), then the median of the differences.
        const tbtOver = floor ? pairedMedian(measured, floor, (run) => run.tbtMs) : Number.NaN;
        const scoreUnder = floor ? -pairedMedian(measured, floor, (run) => run.score) : Number.NaN;
        const met =
          tbtOver <= TBT_OVER_FLOOR_MS &&
          scoreUnder <= SCORE_UNDER_FLOOR &&
          median.lcpMs <= goal.lcpMs &&
          median.cls <= 0.01 &&
          median.accessibility >= 100 &&
          median.bestPractices >= 100 &&
          (!goal.seo || median.seo >= 100);
        return {
          row: 2,
          name: `Lighthouse ${page} (mobile, median of ${runs})`,
          figure: lighthouseFigure(measured),
          budget:
            `TBT ≤ floor + ${TBT_OVER_FLOOR_MS} ms, score ≥ floor − ${SCORE_UNDER_FLOOR}; ` +
            `LCP ≤ ${(goal.lcpMs / 1000).toFixed(1)} s, CLS ≤ 0.01; a11y, BP${goal.seo ? ', SEO' : ''} 100`,
          ratio: floor
            ? `TBT ${signed(tbtOver)} ms, score ${signed(-scoreUnder)} vs floor (medians of run-by-run differences)`
            : 'no floor measured',
          status: status(met),
        };
      }),
  ];
}

export function browserTimingLines(report: SubmitAndScroll): TableLine[] {
  const line = (name: string, d: SubmitAndScroll['submitToResultsMs']): TableLine => ({
    row: 3,
    name,
    figure: `p50 ${ms(d.p50)}, p95 ${ms(d.p95)} (n=${d.n})`,
    budget: 'p50 ≤ 150 ms',
    ratio: '',
    status: status(d.p50 <= 150),
  });
  return [
    line('submit → first results painted', report.submitToResultsMs),
    line('scroll → next page painted', report.scrollToNextPageMs),
  ];
}

export function sandboxSearchLines(report: GrowthReport): TableLine[] {
  const [single, scaled] = report.scales;
  return single.cases.map((c) => {
    const big = scaled.cases.find((other) => other.key === c.key);
    const growth = big ? big.wallMs.p50 / c.wallMs.p50 : Number.NaN;
    return {
      row: 4,
      name: `sandbox search: ${c.label}`,
      figure:
        `×1 p50 ${ms(c.wallMs.p50, 2)}, p95 ${ms(c.wallMs.p95, 2)}; ` +
        `×10 p50 ${ms(big?.wallMs.p50 ?? Number.NaN, 2)}, p95 ${ms(big?.wallMs.p95 ?? Number.NaN, 2)} (n=${c.wallMs.n})`,
      budget: 'p50 ≤ 5 ms; ×10 ≤ 2×',
      ratio: `×10/×1 ${times(growth)}`,
      status: status(c.wallMs.p50 <= 5 && growth <= 2),
    };
  });
}

interface ProxyFigures {
  throughputRatio: number;
  loadAddedP99Ms: number;
  /** The app's CPU per request over the bare proxy's, when both were read. */
  cpuRatio: number | null;
}

/**
 * Search is a large request, so what the app does on every request is a small share of it.
 * The price poll is a small one, asked every couple of seconds by every shopper with results
 * open: its own line is throughput and CPU against the bare proxy (what a poll costs an
 * instance), since the guarantees of every request add up to more than a whole pass-through.
 */
function proxyBudget(endpoint: string): { text: string; met: (f: ProxyFigures) => boolean } {
  if (endpoint.endsWith('/prices')) {
    return {
      text: '≥ 60 % of the bare proxy, ≤ 2.5× its CPU per request',
      met: (f) => f.throughputRatio >= 0.6 && f.cpuRatio !== null && f.cpuRatio <= 2.5,
    };
  }
  return {
    text: '≥ 85 % of the bare proxy, ≤ 2 ms p99 added',
    met: (f) => f.throughputRatio >= 0.85 && f.loadAddedP99Ms <= 2,
  };
}

export function proxyLines(report: OverheadReport): TableLine[] {
  const cpu = (us: number | null | undefined) => (us == null ? '?' : `${Math.round(us)} µs`);
  const over = (app: number | null | undefined, bare: number | null | undefined) =>
    app == null || bare == null || bare === 0 ? null : app / bare;
  return report.summary.flatMap((s) => {
    const row = (target: string) =>
      report.rows.find((r) => r.endpoint === s.endpoint && r.target === target);
    const [direct, bare, framework, proxy, redis] = [
      'direct',
      'bare',
      'framework',
      'proxy',
      'proxy+redis',
    ].map(row);
    const budget = proxyBudget(s.endpoint);
    const bareCpu = bare?.load.cpuUsPerRequest;
    const appCpuRatio = over(proxy?.load.cpuUsPerRequest, bareCpu);
    const redisCpuRatio = over(redis?.load.cpuUsPerRequest, bareCpu);
    const cpuRatioText = (ratio: number | null) => (ratio === null ? '' : `, CPU ${times(ratio)}`);
    const lines: TableLine[] = [
      {
        row: 5,
        name: `app server overhead: ${s.endpoint}`,
        figure:
          `${Math.round(proxy?.load.requestsPerS ?? 0)} vs bare proxy ${Math.round(bare?.load.requestsPerS ?? 0)} ` +
          `vs direct ${Math.round(direct?.load.requestsPerS ?? 0)} req/s; load p99 ${proxy?.load.p99Ms ?? '?'} vs ${bare?.load.p99Ms ?? '?'} ms ` +
          `(${signed(s.vsBare.loadAddedP99Ms)} ms); CPU ${cpu(proxy?.load.cpuUsPerRequest)} vs ${cpu(bare?.load.cpuUsPerRequest)} per request`,
        budget: budget.text,
        ratio: `app/bare ${percent(s.vsBare.throughputRatio)}${cpuRatioText(appCpuRatio)}`,
        status: status(budget.met({ ...s.vsBare, cpuRatio: appCpuRatio })),
      },
    ];
    if (framework) {
      lines.push({
        row: 5,
        name: `… the framework and transport alone, passing through: ${s.endpoint}`,
        figure:
          `${Math.round(framework.load.requestsPerS)} req/s; load p99 ${framework.load.p99Ms} ms ` +
          `(${signed(s.frameworkVsBare.loadAddedP99Ms)} ms over bare); CPU ${cpu(framework.load.cpuUsPerRequest)} per request`,
        budget: '—',
        ratio: `framework/bare ${percent(s.frameworkVsBare.throughputRatio)}`,
        status: 'info',
      });
    }
    if (s.redisVsBare && redis) {
      lines.push({
        row: 5,
        name: `… with limits in Redis: ${s.endpoint}`,
        figure:
          `${Math.round(redis.load.requestsPerS)} req/s; load p99 ${redis.load.p99Ms} ms ` +
          `(${signed(s.redisVsBare.loadAddedP99Ms)} ms over bare); CPU ${cpu(redis.load.cpuUsPerRequest)} per request`,
        budget: budget.text,
        ratio: `app+redis/bare ${percent(s.redisVsBare.throughputRatio)}${cpuRatioText(redisCpuRatio)}`,
        status: status(budget.met({ ...s.redisVsBare, cpuRatio: redisCpuRatio })),
      });
    }
    return lines;
  });
}

export function priceMergeLines(merge: PriceMerge): TableLine[] {
  const worst = merge.cases.reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
  return [
    {
      row: 6,
      name: `price merge + re-sort: ${merge.updates} updates into ${merge.loadedHotels.toLocaleString('en')} hotels`,
      figure: merge.cases
        .map((c) => `${c.sort} median ${ms(c.medianMs, 2)} (p99 ${ms(c.p99Ms, 1)})`)
        .join('; '),
      budget: '≤ 2 ms',
      ratio: '',
      status: status(worst.medianMs <= 2),
    },
  ];
}

export function domLines(list: LoadedListDom): TableLine[] {
  return [
    {
      row: 6,
      name: `DOM rows with ${list.loadedHotels.toLocaleString('en')} hotels loaded`,
      figure: `${Math.max(list.rowsAtEnd, list.rowsAtTop)} rows (${list.rowsAtEnd} at the end, ${list.rowsAtTop} at the top; ${list.elementsAtEnd} elements in the page)`,
      budget: '< 300',
      ratio: '',
      status: status(Math.max(list.rowsAtEnd, list.rowsAtTop) < 300),
    },
  ];
}

export function hotelViewSearchLines(searches: HotelViewSearches): TableLine[] {
  const most = Math.max(...searches.perView);
  return [
    {
      row: 7,
      name: `searches per hotel page view, nearby dates on screen (${searches.perView.length} views)`,
      figure: `at most ${most} (${searches.perView.join(', ')}; room requests ${searches.roomsPerView.join(', ')})`,
      budget: '≤ 7',
      ratio: '',
      status: status(most <= 7),
    },
  ];
}

export function pollingLines(polling: PollingDiscipline): TableLine[] {
  const since = polling.sincePolls;
  return [
    {
      row: 7,
      name: `prices requests while the tab is hidden (${polling.hidden.seconds} s)`,
      figure: `${polling.hidden.requests} (polling resumed when shown: ${polling.hidden.resumed ? 'yes' : 'no'})`,
      budget: '0',
      ratio: '',
      status: status(polling.hidden.requests === 0 && polling.hidden.resumed),
    },
    {
      row: 7,
      name: `prices requests after COMPLETE (${polling.afterComplete.seconds} s × ${polling.afterComplete.sessions} sessions)`,
      figure: `${polling.afterComplete.requests} (polls to COMPLETE: ${polling.afterComplete.pollsToComplete.join(', ')})`,
      budget: '0',
      ratio: '',
      status: status(polling.afterComplete.requests === 0),
    },
    {
      row: 7,
      name: 'bytes per poll with `since`',
      figure: `median ${since.jsonBytes.p50} B, max ${since.jsonBytes.max} B (n=${since.count}; JSON, content-encoding ${since.encodings.join('/')})`,
      budget: '—',
      ratio: '',
      status: 'info',
    },
  ];
}

export function memoryLines(memory: MemoryUnderLoad): TableLine[] {
  const s = memory.sessions;
  return [
    {
      row: 8,
      name: `server RSS: ${memory.shoppers} polling shoppers × ${memory.minutes} min (sandbox clock ×${memory.clockSpeed})`,
      figure:
        `after start ${memory.rssStartMb} MB, after ${memory.minutes} min ${memory.rssEndMb} MB (max ${memory.rssMaxMb}; ` +
        `last-half trend ${memory.rssTrendLastHalfMbPerMin} MB/min); sessions ${s.created} created, ≤ ${s.maxLive} live, ${s.freed} freed; ${memory.errors} errors`,
      budget: 'bounded: expired sessions freed, live ≤ 1,000',
      ratio: '',
      status: status(s.freed > 0 && s.maxLive <= 1000 && memory.errors === 0),
    },
  ];
}

/** Pins drawn as clusters and the few markers in view: 1,000 hotels cost almost nothing. */
const MAP_PAN_BUDGET = 1.2;

export function mapPanLines(report: MapPan): TableLine[] {
  const ratio = report.loaded.p95 / report.empty.p95;
  return [
    {
      row: 9,
      name: `map pan at 390×844: frame time, ${report.loadedHotels.toLocaleString('en')} hotels vs none`,
      figure:
        `p95 ${ms(report.loaded.p95, 1)} vs ${ms(report.empty.p95, 1)}, ` +
        `p50 ${ms(report.loaded.p50, 1)} vs ${ms(report.empty.p50, 1)} ` +
        `(${report.loaded.frames} and ${report.empty.frames} frames; ${report.city}, view ${report.view})`,
      budget: `p95 ≤ ${MAP_PAN_BUDGET}× empty`,
      ratio: times(ratio),
      status: status(ratio <= MAP_PAN_BUDGET),
    },
  ];
}

/** Each of the taps and keys row 10 scripts, at p75 over its runs: within 100 ms. */
const INTERACTION_BUDGET_MS = 100;

function interactionFigure({ p75Ms, samplesMs, underThreshold }: InteractionSamples<string>) {
  return (
    `p75 ${ms(p75Ms)} (n=${samplesMs.length}, max ${ms(Math.max(...samplesMs))}; ` +
    `Event Timing, ${underThreshold} under 16 ms counted as 16)`
  );
}

export function interactionLines(report: InteractionReport): TableLine[] {
  const prefix = `interaction latency at ${report.cpuSlowdown}× CPU, phone`;
  const floorLines: TableLine[] = report.floor.map((tap) => ({
    row: 10,
    name: `${prefix}, floor page: ${tap.name}, the reference`,
    figure: interactionFigure(tap),
    budget: '—',
    ratio: '',
    status: 'info',
  }));
  return [
    ...floorLines,
    ...report.interactions.map((interaction) => {
      const floor = report.floor.find(({ name }) => name === FLOOR_OF[interaction.name]);
      return {
        row: 10,
        name: `${prefix}: ${interaction.name}`,
        figure: interactionFigure(interaction),
        budget: `p75 ≤ ${INTERACTION_BUDGET_MS} ms`,
        ratio: floor
          ? `${signed(interaction.p75Ms - floor.p75Ms)} ms vs the floor's "${floor.name}"`
          : '',
        status: status(interaction.p75Ms <= INTERACTION_BUDGET_MS),
      };
    }),
  ];
}
