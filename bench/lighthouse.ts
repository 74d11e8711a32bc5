// Lighthouse (the devDependency, its CLI) on pages of the running app, mobile profile
// (Lighthouse's default form factor, simulated throttling), in Debian's Chromium.
// Each page is audited `runs` times; the figures are the median of each metric, every
// run is kept in the report. A run Lighthouse fails to record is run again (at most
// twice) and named in the report.
import { findChromium } from './support/chromium.ts';
import { runForJsonReport } from './support/processes.ts';
import { median, round } from './support/stats.ts';

export interface LighthouseRun {
  /** Performance, 0–100. */
  score: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** What the largest paint was, and where its time went (TTFB, load delay, load, render delay). */
  lcpElement: string;
  lcpPhases: Record<string, number>;
}

type Numeric = Exclude<keyof LighthouseRun, 'lcpElement' | 'lcpPhases'>;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthousePage {
  page: string;
  url: string;
  median: LighthouseRun;
  runs: LighthouseRun[];
  /** Runs Lighthouse itself failed to record (e.g. NO_NAVSTART) and that were run again. */
  failedRecordings: string[];
}

/**
 * Lighthouse's own failures to record a trace (NO_NAVSTART, NO_TRACING_STARTED, a protocol
 * timeout): such a run measured nothing, so it is run again. Other runtime errors (NO_FCP,
 * a failed document request) may be the app's and fail the row.
 */
const RECORDING_FAILURE = /\b(NO_NAVSTART|NO_TRACING_STARTED|PROTOCOL_TIMEOUT)\b/;
const ATTEMPTS_PER_RUN = 3;

interface LcpElementDetails {
  items?: {
    items?: { node?: { snippet?: string }; phase?: string; timing?: number }[];
  }[];
}

interface LighthouseReport {
  categories: Record<(typeof CATEGORIES)[number], { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: LcpElementDetails } | undefined>;
  runtimeError?: { code: string; message: string };
}

async function audit(url: string, chromePath: string): Promise<LighthouseRun> {
  const report = await runForJsonReport<LighthouseReport>(
    'lighthouse',
    'npx',
    (output) => [
      'lighthouse',
      url,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
    ],
    { env: { CHROME_PATH: chromePath }, quiet: true },
  );
  if (report.runtimeError) {
    throw new Error(`Lighthouse on ${url}: ${report.runtimeError.code}`);
  }
  const value = (id: string) => {
    const numeric = report.audits[id]?.numericValue;
    if (numeric === undefined) throw new Error(`Lighthouse on ${url}: no ${id}`);
    return numeric;
  };
  const [element, phases] = report.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const category = (id: (typeof CATEGORIES)[number]) =>
    Math.round((report.categories[id]?.score ?? 0) * 100);
  return {
    score: category('performance'),
    accessibility: category('accessibility'),
    bestPractices: category('best-practices'),
    seo: category('seo'),
    lcpElement: element?.items?.[0]?.node?.snippet ?? 'unknown',
    lcpPhases: Object.fromEntries(
      (phases?.items ?? []).map((item) => [item.phase ?? '?', Math.round(item.timing ?? 0)]),
    ),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: round(value('cumulative-layout-shift'), 4),
    fcpMs: Math.round(value('first-contentful-paint')),
  };
}

/**
 * `pages`: a name and a function giving the URL of run `i` (a stay of its own per run).
 * The pages take turns, run by run (the first page's run 1, the second's, …, then every
 * run 2), so that a machine slowing down or speeding up during the row weighs on each page
 * alike: the floor page is read against the app's pages of the same minutes.
 */
export async function measureLighthouse(
  pages: { page: string; url: (run: number) => string }[],
  runs: number,
): Promise<LighthousePage[]> {
  const chromePath = findChromium();
  const measured = pages.map(() => ({
    samples: [] as LighthouseRun[],
    failedRecordings: [] as string[],
  }));
  for (let run = 0; run < runs; run++) {
    for (const [index, { page, url }] of pages.entries()) {
      const { samples, failedRecordings } = measured[index]!;
      for (let attempt = 1; ; attempt++) {
        try {
          // A run again gets a stay of its own too (a cold search session, like the others).
          samples.push(await audit(url(run + runs * (attempt - 1)), chromePath));
          break;
        } catch (error) {
          const code = RECORDING_FAILURE.exec(error instanceof Error ? error.message : '')?.[1];
          if (!code || attempt === ATTEMPTS_PER_RUN) throw error;
          failedRecordings.push(`${page} run ${run + 1}: ${code}`);
          console.log(
            `  lighthouse ${page} run ${run + 1}: Lighthouse failed to record (${failedRecordings.at(-1)}); running it again`,
          );
        }
      }
      const last = samples.at(-1);
      console.log(
        `  lighthouse ${page} run ${run + 1}/${runs}: score ${last?.score}, LCP ${last?.lcpMs} ms, TBT ${last?.tbtMs} ms, CLS ${last?.cls}; accessibility ${last?.accessibility}, best practices ${last?.bestPractices}, SEO ${last?.seo}`,
      );
    }
  }
  return pages.map(({ page, url }, index) => {
    const { samples, failedRecordings } = measured[index]!;
    const pick = (metric: Numeric) => median(samples.map((sample) => sample[metric]));
    const lcpMs = pick('lcpMs');
    // The LCP element and its phases of the run whose LCP is the median.
    const middle = samples.find((sample) => sample.lcpMs === lcpMs) ?? samples[0];
    return {
      page,
      url: url(0),
      median: {
        score: pick('score'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        lcpMs,
        tbtMs: pick('tbtMs'),
        cls: pick('cls'),
        fcpMs: pick('fcpMs'),
        lcpElement: middle?.lcpElement ?? 'unknown',
        lcpPhases: middle?.lcpPhases ?? {},
      },
      runs: samples,
      failedRecordings,
    };
  });
}
