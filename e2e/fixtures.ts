// The e2e `test` every spec uses. It makes each test its own traveller, and it fails a
// test for what a shopper would call broken even when every assertion passed: an
// uncaught page error, a console error, a loading state that stays on screen, or a
// page that shows nothing but the layout.
//
// Travellers: the e2e server runs behind a "trusted proxy" (TRUST_PROXY=1) and each
// test sends its own X-Forwarded-For, so per-client rate limits apply per test as they
// would per shopper. Addresses are handed out in order, per worker, so no two tests of
// a run (repeats included) ever share a budget.
import {
  test as base,
  expect,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type TestInfo,
} from '@playwright/test';

/** 198.18.0.0/15 (RFC 2544, benchmarking): 131,072 addresses, 4,096 per worker. */
const ADDRESSES_PER_WORKER = 4096;
let issuedInThisWorker = 0;

export function clientAddress(workerIndex: number, sequence: number): string {
  const number = workerIndex * ADDRESSES_PER_WORKER + sequence;
  if (sequence < 1 || sequence >= ADDRESSES_PER_WORKER || number >= 2 ** 17) {
    throw new Error(`no test address left for worker ${workerIndex}, test ${sequence}`);
  }
  return `198.${18 + (number >> 16)}.${(number >> 8) & 255}.${number & 255}`;
}

/**
 * Stays: each spec picks its own slot (1–48) for each stay it books or searches, and
 * every repeat of a test (--repeat-each) moves 49 days on, so no run ever meets a
 * search session or a hold that another one made. Ten repeats fit the 500 days ahead
 * the API accepts.
 */
export const STAY_SLOTS = 49;
const MAX_REPEATS = 10;

export function stayDay(slot: number, testInfo: TestInfo = test.info()): number {
  if (!Number.isInteger(slot) || slot < 1 || slot >= STAY_SLOTS) {
    throw new Error(`stay slot ${slot} is outside 1–${STAY_SLOTS - 1}`);
  }
  if (testInfo.repeatEachIndex >= MAX_REPEATS) {
    throw new Error(`stays are planned for ${MAX_REPEATS} repeats at most`);
  }
  return slot + testInfo.repeatEachIndex * STAY_SLOTS;
}

/** A date `days` from the traveller's today, as YYYY-MM-DD (the benches use it too). */
export { isoDate } from '../src/contract/testing/clock.ts';

export interface PageGuardOptions {
  /** How long a marked loading state, or an empty main, may stay on screen. */
  loadingBudgetMs: number;
  /** Console errors a spec expects (a CSP spec injecting scripts, say). */
  allowedConsoleErrors: readonly RegExp[];
}

export interface PageGuard {
  /** What went wrong so far, one line each. */
  problems: () => readonly string[];
}

interface LoadingReport {
  url: string;
  states: { id: number; what: string; budgetMs: number | null }[];
}

/**
 * Runs in every page of the context, before the app. Loading states are marked by the
 * app itself (`data-loading`, or `aria-busy="true"` on the region that loads); the page
 * reports the ones on screen whenever the DOM changes, and the test process times them
 * with its own clock (a test's page.clock cannot stop the watch).
 */
function reportLoadingStates() {
  const report = (window as unknown as { __e2eLoading?: (r: LoadingReport) => void }).__e2eLoading;
  if (!report) return;
  const ids = new WeakMap<Element, number>();
  let nextId = 1;
  let last = '';
  const describe = (element: Element) =>
    `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${element.textContent
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 60)}"`;
  const scan = () => {
    const states: LoadingReport['states'] = [];
    for (const element of document.querySelectorAll('[data-loading], [aria-busy="true"]')) {
      if (!element.checkVisibility()) continue;
      let id = ids.get(element);
      if (id === undefined) {
        id = nextId++;
        ids.set(element, id);
      }
      const budget = Number(element.getAttribute('data-loading-budget-ms'));
      states.push({ id, what: describe(element), budgetMs: budget > 0 ? budget : null });
    }
    const main = document.querySelector('main');
    if (main && main.children.length === 0 && main.textContent.trim() === '') {
      states.push({ id: 0, what: 'an empty <main>: nothing but the layout', budgetMs: null });
    }
    const key = `${location.href} ${states.map((s) => s.id).join(',')}`;
    if (key === last) return;
    last = key;
    report({ url: location.pathname + location.search, states });
  };
  // The document itself, not its root element: init scripts can run before there is one.
  new MutationObserver(scan).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-loading', 'aria-busy', 'hidden', 'class'],
  });
  scan();
}

/** Chromium logs every 4xx/5xx answer as a console error; the app's own API answers are expected. */
function isExpectedApiAnswer(message: ConsoleMessage): boolean {
  return (
    /^Failed to load resource: the server responded with a status of \d{3}/.test(message.text()) &&
    new URL(message.location().url || 'about:blank', 'http://e2e').pathname.startsWith('/api/')
  );
}

export async function guardContext(
  context: BrowserContext,
  { loadingBudgetMs, allowedConsoleErrors }: PageGuardOptions,
): Promise<PageGuard & { stop: () => void }> {
  const problems: string[] = [];
  // Per page: loading state id → when it was first reported, in this process's time.
  type OnScreen = Map<number, { since: number; what: string; budget: number }>;
  const onScreen = new Map<object, OnScreen>();
  const tripped = new Set<string>();
  await context.exposeBinding('__e2eLoading', ({ page }, report: LoadingReport) => {
    const now = Date.now();
    const before = onScreen.get(page) ?? (new Map() as OnScreen);
    const after: OnScreen = new Map();
    for (const state of report.states) {
      after.set(state.id, {
        since: before.get(state.id)?.since ?? now,
        what: `${state.what} at ${report.url}`,
        budget: state.budgetMs ?? loadingBudgetMs,
      });
    }
    onScreen.set(page, after);
  });
  await context.addInitScript(reportLoadingStates);
  const check = () => {
    const now = Date.now();
    for (const [page, states] of onScreen) {
      if ((page as { isClosed: () => boolean }).isClosed()) {
        onScreen.delete(page);
        continue;
      }
      for (const state of states.values()) {
        const key = `${state.what}@${state.since}`;
        if (now - state.since > state.budget && !tripped.has(key)) {
          tripped.add(key);
          problems.push(`stuck for more than ${state.budget} ms: ${state.what}`);
        }
      }
    }
  };
  const timer = setInterval(check, 250);
  context.on('weberror', (error) => problems.push(`page error: ${error.error().message}`));
  context.on('console', (message) => {
    if (message.type() !== 'error' || isExpectedApiAnswer(message)) return;
    if (allowedConsoleErrors.some((pattern) => pattern.test(message.text()))) return;
    problems.push(`console error: ${message.text()}`);
  });
  return {
    problems: () => {
      check();
      return problems;
    },
    stop: () => clearInterval(timer),
  };
}

/** After a full page load (goto, reload), wait until the app answers input. */
function waitForInteractiveOnLoad(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const interactive = () => page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  page.goto = async (...args) => {
    const response = await goto(...args);
    await interactive();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await interactive();
    return response;
  };
}

export const test = base.extend<PageGuardOptions & { pageGuard: PageGuard }>({
  // Results and hotel pages come rendered by the server, on screen before their script
  // has run: a test, like a shopper, acts once the page answers (the app marks <html>).
  context: async ({ context }, use) => {
    context.on('page', waitForInteractiveOnLoad);
    await use(context);
  },
  loadingBudgetMs: [5_000, { option: true }],
  allowedConsoleErrors: [[], { option: true }],
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    issuedInThisWorker += 1;
    await use({
      ...extraHTTPHeaders,
      'X-Forwarded-For': clientAddress(testInfo.workerIndex, issuedInThisWorker),
    });
  },
  pageGuard: [
    async ({ context, loadingBudgetMs, allowedConsoleErrors }, use) => {
      const guard = await guardContext(context, { loadingBudgetMs, allowedConsoleErrors });
      await use(guard);
      guard.stop();
      expect(
        guard.problems(),
        'page errors, console errors, stuck loading states or empty pages',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Opens the header's language and currency menu (a disclosure) if it is closed, so that its
 * two selects can be used.
 */
export async function openPreferences(page: Page): Promise<void> {
  const menu = page.locator('header details');
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
}
