// Two waits a shopper feels on the results page, in the e2e browser (Debian Chromium)
// against the app server with its embedded sandbox:
// - submit → first results painted: from the form's submit event to the frame that first
//   shows a hotel card;
// - scroll → next page painted: from a scroll to the end of the first page to the frame
//   that first shows a hotel of the second (fetched when the end comes near).
//
//   npx tsx bench/submit-to-results.ts [--runs 20]
//
// Each run is a fresh browser context (nothing cached in the page), waits for the home
// page to settle as a shopper would while typing, picks Paris from the suggestions and
// submits; a stay of its own each run keeps the sandbox from answering from a warm
// session. Clocks are the page's own (performance.now in the page); a paint is the
// requestAnimationFrame after the change, then a task (after that frame is drawn).
// The standalone command builds the client into a temporary folder and starts its own
// server; `npm run bench` shares one of each between the browser rows.
import type { Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isoDate } from '../src/contract/testing/clock.ts';
import { launchBrowser, sleep } from './support/browser.ts';
import { buildClient, removeSite } from './support/build.ts';
import { distribution, type Distribution } from './support/stats.ts';
import { startWebServer } from './support/web-server.ts';

/** Where a submit's wait went: until the search request left, until its answer was in. */
export interface SubmitPhases {
  requestSentMs: number;
  answerInMs: number;
}

export interface SubmitAndScroll {
  runs: number;
  submitToResultsMs: Distribution;
  scrollToNextPageMs: Distribution;
  /** The submit wait split: submit → request sent, → answer in (the rest is rendering). */
  submitPhasesMs: { requestSent: Distribution; answerIn: Distribution };
  samples: ({ submitMs: number; scrollMs: number } & SubmitPhases)[];
}

// Page-side code as text: this file is type-checked with the server's (DOM-less) settings.
const START_SUBMIT_CLOCK = `(() => {
  const bench = { submitted: 0, painted: 0 };
  window.benchSubmit = bench;
  document.addEventListener('submit', () => (bench.submitted = performance.now()), true);
  new MutationObserver((_records, observer) => {
    if (!bench.submitted || !document.querySelector('main article')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (bench.painted = performance.now()), 0));
  }).observe(document.body, { childList: true, subtree: true });
})()`;
const READ_SUBMIT_CLOCK = `window.benchSubmit.painted > 0 ? window.benchSubmit.painted - window.benchSubmit.submitted : null`;
/** The search request's resource timing, relative to the submit. */
const READ_SUBMIT_PHASES = `(() => {
  const submitted = window.benchSubmit.submitted;
  const search = performance
    .getEntriesByType('resource')
    .find((entry) => entry.name.endsWith('/api/hotels/search') && entry.startTime >= submitted);
  return search
    ? { requestSentMs: search.startTime - submitted, answerInMs: search.responseEnd - submitted }
    : null;
})()`;

/** Scrolls to the end of the page; the clock stops when the first hotel of the next page is drawn. */
const START_SCROLL_CLOCK = `(() => {
  const row = document.querySelector('[role="listitem"][aria-setsize]');
  const before = Number(row ? row.getAttribute('aria-setsize') : 0);
  const bench = { before, scrolled: 0, painted: 0 };
  window.benchScroll = bench;
  new MutationObserver((_records, observer) => {
    if (!document.querySelector('[data-index="' + before + '"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (bench.painted = performance.now()), 0));
  }).observe(document.body, { childList: true, subtree: true });
  bench.scrolled = performance.now();
  window.scrollTo(0, document.documentElement.scrollHeight);
  return before;
})()`;
const READ_SCROLL_CLOCK = `window.benchScroll.painted > 0 ? window.benchScroll.painted - window.benchScroll.scrolled : null`;

async function readClock(page: Page, script: string, what: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ms = await page.evaluate<number | null>(script);
    if (ms !== null) return ms;
    await sleep(20);
  }
  throw new Error(`${what}: nothing painted within 30 s`);
}

export async function measureSubmitAndScroll(base: string, runs: number): Promise<SubmitAndScroll> {
  const browser = await launchBrowser();
  const samples: ({ submitMs: number; scrollMs: number } & SubmitPhases)[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      try {
        const page = await context.newPage();
        await page.goto(`${base}/`, { waitUntil: 'networkidle' });
        await page.evaluate(START_SUBMIT_CLOCK);
        await page.getByRole('combobox', { name: 'Where are you going?' }).fill('paris');
        await page.getByRole('option', { name: /Paris, Île-de-France, France/ }).click();
        await page.getByLabel('Check-in').fill(isoDate(120 + run * 3));
        await page.getByLabel('Check-out').fill(isoDate(122 + run * 3));
        await page.getByRole('button', { name: 'Search' }).click();
        const submitMs = await readClock(page, READ_SUBMIT_CLOCK, `run ${run + 1} submit`);
        const phases = await page.evaluate<SubmitPhases | null>(READ_SUBMIT_PHASES);
        if (!phases) throw new Error(`run ${run + 1}: no search request after the submit`);

        // The virtualized list is in (its chunk loads beside the first page) and the page
        // has settled; the second page is not loaded yet (it is near the end only later).
        await page.locator('[role="listitem"][data-index]').first().waitFor();
        await sleep(500);
        const before = await page.evaluate<number>(START_SCROLL_CLOCK);
        if (before <= 0) throw new Error(`run ${run + 1}: no loaded page to scroll past`);
        const scrollMs = await readClock(page, READ_SCROLL_CLOCK, `run ${run + 1} scroll`);
        samples.push({ submitMs, scrollMs, ...phases });
        console.log(
          `  browser run ${String(run + 1).padStart(2)}/${runs}: submit → results ${submitMs.toFixed(0)} ms ` +
            `(request sent ${phases.requestSentMs.toFixed(0)}, answer in ${phases.answerInMs.toFixed(0)}), ` +
            `scroll → next page ${scrollMs.toFixed(0)} ms`,
        );
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return {
    runs,
    submitToResultsMs: distribution(
      samples.map((s) => s.submitMs),
      0,
    ),
    scrollToNextPageMs: distribution(
      samples.map((s) => s.scrollMs),
      0,
    ),
    submitPhasesMs: {
      requestSent: distribution(
        samples.map((s) => s.requestSentMs),
        0,
      ),
      answerIn: distribution(
        samples.map((s) => s.answerInMs),
        0,
      ),
    },
    samples: samples.map((s) => ({
      submitMs: Math.round(s.submitMs),
      scrollMs: Math.round(s.scrollMs),
      requestSentMs: Math.round(s.requestSentMs),
      answerInMs: Math.round(s.answerInMs),
    })),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
  const site = await buildClient();
  const server = await startWebServer(site);
  try {
    const report = await measureSubmitAndScroll(server.base, Number(values.runs));
    const line = (label: string, d: Distribution) =>
      `${label}: median ${d.p50} ms, p95 ${d.p95} ms (n=${d.n}, min ${d.min}, max ${d.max})`;
    console.log(line('submit → first results painted', report.submitToResultsMs));
    console.log(line('  of which submit → search request sent', report.submitPhasesMs.requestSent));
    console.log(line('  of which submit → search answer in', report.submitPhasesMs.answerIn));
    console.log(line('scroll → next page painted', report.scrollToNextPageMs));
    mkdirSync('reports/bench', { recursive: true });
    writeFileSync('reports/bench/submit-to-results.json', `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await server.stop();
    removeSite(site);
  }
}
