// Time from submitting the search form to the first results painted, in the e2e
// browser (Debian Chromium) against the production server with its embedded sandbox.
//
//   npx tsx bench/submit-to-results.ts [--runs 20] [--port 4305]
//
// Each run is a fresh browser context (nothing cached in the page), waits for the home
// page to settle as a shopper would while typing, picks Paris from the suggestions and
// submits; a stay of its own each run keeps the sandbox from answering from a warm
// session. The clock starts at the form's submit event and stops after the frame that
// first shows a hotel card (requestAnimationFrame, then a task: after that paint).
// Results: a line per run, the median and p90 on stdout, reports/bench/submit-to-results.json.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, port: { type: 'string', default: '4305' } },
});
const runs = Number(values.runs);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function isoDate(daysFromToday: number): string {
  const date = new Date();
  date.setDate(date.getDate() + daysFromToday);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function waitForHealth(deadline: number): Promise<void> {
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

// The production server as the e2e run starts it (it builds first if sources changed).
const dataDir = mkdtempSync(join(tmpdir(), 'staylane-bench-'));
const server = spawn('node', ['scripts/start.mjs'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SANDBOX_SEED: 'e2e',
    SANDBOX_DB: join(dataDir, 'sandbox.db'),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

// Page-side code as text: this file is type-checked with the server's (DOM-less) settings.
const START_CLOCK = `(() => {
  const bench = { submitted: 0, painted: 0 };
  window.bench = bench;
  document.addEventListener('submit', () => (bench.submitted = performance.now()), true);
  new MutationObserver((_records, observer) => {
    if (!bench.submitted || !document.querySelector('main article')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (bench.painted = performance.now()), 0));
  }).observe(document.body, { childList: true, subtree: true });
})()`;
const READ_CLOCK = `window.bench.painted > 0 ? window.bench.painted - window.bench.submitted : null`;

const times: number[] = [];
try {
  await waitForHealth(Date.now() + 180_000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      await page.goto(`${base}/`, { waitUntil: 'networkidle' });
      await page.evaluate(START_CLOCK);
      await page.getByRole('combobox', { name: 'Where are you going?' }).fill('paris');
      await page.getByRole('option', { name: /Paris, Île-de-France, France/ }).click();
      await page.getByLabel('Check-in').fill(isoDate(120 + run * 3));
      await page.getByLabel('Check-out').fill(isoDate(122 + run * 3));
      await page.getByRole('button', { name: 'Search' }).click();
      // Read the page's own clock (polling only reads it; the times were taken in-page).
      let ms: number | null = null;
      const deadline = Date.now() + 30_000;
      while (ms === null && Date.now() < deadline) {
        ms = await page.evaluate<number | null>(READ_CLOCK);
        if (ms === null) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (ms === null) throw new Error(`run ${run + 1}: no results painted within 30 s`);
      times.push(ms);
      console.log(`run ${String(run + 1).padStart(2)}: ${ms.toFixed(0)} ms`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  server.kill('SIGTERM');
}

const sorted = [...times].sort((a, b) => a - b);
const report = {
  runs,
  medianMs: Math.round(percentile(sorted, 50)),
  p90Ms: Math.round(percentile(sorted, 90)),
  minMs: Math.round(sorted[0] ?? Number.NaN),
  maxMs: Math.round(sorted.at(-1) ?? Number.NaN),
  timesMs: times.map(Math.round),
};
console.log(
  `submit → first results painted: median ${report.medianMs} ms, p90 ${report.p90Ms} ms (n=${runs})`,
);
mkdirSync('reports/bench', { recursive: true });
writeFileSync('reports/bench/submit-to-results.json', `${JSON.stringify(report, null, 2)}\n`);
