// How long a server-rendered page is drawn but does not answer a tap yet: from its first
// contentful paint to the mark the app sets once it has hydrated (`data-interactive` on
// <html>), on a phone as Lighthouse models one (CPU slowed four times, 150 ms round trips,
// 1.6 Mbps down). Each run is a fresh browser profile: the first load fetches every script
// (a shared link, a first visit), the second load of the same page finds them in the cache
// (the next page of a visit). What the initial JS budget costs a shopper shows in the first.
// Not a row of `npm run bench`: a tool for comparing builds. Usage, against a running server:
//   npx tsx bench/interactive-gap.ts [--runs 5] [--cpu-only] 'http://localhost:8080/search?…'
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { Browser } from '@playwright/test';
import { launchBrowser, phonePage, PHONE_CPU_SLOWDOWN, throttleCpu } from './support/browser.ts';
import { median } from './support/stats.ts';

export interface Gap {
  /** First contentful paint, ms after the navigation started. */
  paintMs: number;
  /** Hydrated (the app's interactive mark), ms after the navigation started. */
  interactiveMs: number;
}

/** Lighthouse's mobile network: 150 ms round trips, 1.6 Mbps down, 750 kbps up. */
const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};

// Set before any of the page's scripts: the paint entry and when the mark appears.
const RECORDER = `
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') window.__paint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new MutationObserver((changes, observer) => {
    if (document.documentElement?.hasAttribute('data-interactive')) {
      window.__interactive = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-interactive'] });
`;

export async function interactiveGaps(
  url: string,
  runs: number,
  /** Throttle the network as well as the CPU (false: the CPU alone, loopback speed). */
  phoneNetwork = true,
): Promise<{ cold: Gap[]; warm: Gap[] }> {
  const browser = await launchBrowser();
  const cold: Gap[] = [];
  const warm: Gap[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const [first, second] = await loadTwice(browser, url, phoneNetwork);
      cold.push(first);
      warm.push(second);
    }
  } finally {
    await browser.close();
  }
  return { cold, warm };
}

async function loadTwice(
  browser: Browser,
  url: string,
  phoneNetwork: boolean,
): Promise<[Gap, Gap]> {
  const { context, page, cdp } = await phonePage(browser);
  try {
    await page.addInitScript(RECORDER);
    await throttleCpu(cdp, PHONE_CPU_SLOWDOWN);
    if (phoneNetwork) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    }
    const load = async (): Promise<Gap> => {
      await page.goto(url);
      await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: 60_000 });
      const gap = await page.evaluate<Partial<Gap>>(
        '({ paintMs: window.__paint, interactiveMs: window.__interactive })',
      );
      if (typeof gap.paintMs !== 'number' || typeof gap.interactiveMs !== 'number')
        throw new Error(`${url}: no first paint or no interactive mark recorded`);
      return { paintMs: gap.paintMs, interactiveMs: gap.interactiveMs };
    };
    return [await load(), await load()];
  } finally {
    await context.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      // The CPU alone: how much of the gap is the network's.
      'cpu-only': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (positionals.length === 0) throw new Error('give the URLs of the pages to load');
  for (const url of positionals) {
    const { cold, warm } = await interactiveGaps(url, Number(values.runs), !values['cpu-only']);
    console.log(url);
    for (const [name, gaps] of [
      ['first load (no cache)', cold],
      ['second load (cached)', warm],
    ] as const) {
      const ms = (pick: (gap: Gap) => number) => Math.round(median(gaps.map(pick)));
      console.log(
        `  ${name}: painted ${ms((gap) => gap.paintMs)} ms, interactive ${ms((gap) => gap.interactiveMs)} ms, ` +
          `drawn but not answering ${ms((gap) => gap.interactiveMs - gap.paintMs)} ms (median of ${gaps.length})`,
      );
    }
  }
}
