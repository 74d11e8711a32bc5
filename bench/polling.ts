// Polling discipline of the results page in the real browser (docs/decisions/022):
// - a hidden tab makes no request to the prices endpoint (10 s hidden);
// - once a poll answers COMPLETE, no further request (10 s watched);
// - what a poll with `since` costs: its response body, as JSON and on the wire.
// Headless Chromium keeps every tab visible (bringing another tab to the front does not
// change document.visibilityState), so the page is told it is hidden as the e2e spec
// does it: visibilityState and hidden redefined, then a visibilitychange event.
import type { BrowserContext, Page, Request } from '@playwright/test';
import {
  findCity,
  isPricesRequest,
  launchBrowser,
  searchPath,
  sleep,
  type Destination,
} from './support/browser.ts';
import { distribution, type Distribution } from './support/stats.ts';

export interface PollingDiscipline {
  /** `resumed`: a poll followed within 3 s of showing the tab again (the pause was a pause). */
  hidden: { seconds: number; requests: number; resumed: boolean };
  afterComplete: { sessions: number; seconds: number; requests: number; pollsToComplete: number[] };
  /** Response bodies of polls with `since`; `encodings`: the Content-Encoding values seen. */
  sincePolls: {
    count: number;
    jsonBytes: Distribution;
    wireBytes: Distribution;
    encodings: string[];
  };
}

const WATCH_MS = 10_000;

interface Poll {
  request: Request;
  since: boolean;
  status: string;
  jsonBytes: number;
  wireBytes: number;
  encoding: string;
}

function watchPolls(page: Page): { polls: Poll[]; requests: Request[] } {
  const polls: Poll[] = [];
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (isPricesRequest(request)) requests.push(request);
  });
  page.on('response', (response) => {
    const request = response.request();
    if (!isPricesRequest(request) || !response.ok()) return;
    void (async () => {
      const body = await response.body();
      const sizes = await request.sizes();
      const data = (JSON.parse(body.toString('utf8')) as { data: { refresh_status: string } }).data;
      polls.push({
        request,
        since: new URL(request.url()).searchParams.has('since'),
        status: data.refresh_status,
        jsonBytes: body.length,
        wireBytes: sizes.responseBodySize,
        encoding: response.headers()['content-encoding'] ?? 'none',
      });
    })();
  });
  return { polls, requests };
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

/** A session polled to COMPLETE, then watched: every poll's size, and requests after COMPLETE. */
async function completeSession(
  context: BrowserContext,
  base: string,
  city: Destination,
  stay: number,
) {
  const page = await context.newPage();
  const { polls, requests } = watchPolls(page);
  await page.goto(`${base}${searchPath(city, stay)}`);
  await until(() => polls.some((poll) => poll.status === 'COMPLETE'), 60_000, 'COMPLETE');
  const seen = requests.length;
  await sleep(WATCH_MS);
  const after = requests.length - seen;
  await page.close();
  return { polls, after };
}

function setHidden(page: Page, hidden: boolean): Promise<unknown> {
  return page.evaluate(`(() => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => '${hidden ? 'hidden' : 'visible'}',
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => ${hidden} });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);
}

async function hiddenTab(context: BrowserContext, base: string, city: Destination, stay: number) {
  const page = await context.newPage();
  const { polls, requests } = watchPolls(page);
  await page.goto(`${base}${searchPath(city, stay)}`);
  // Hidden after the first poll answered PENDING: polling is under way.
  await until(() => polls.length > 0, 30_000, 'first poll');
  if (polls[0]?.status !== 'PENDING')
    throw new Error('the first poll was not PENDING: nothing to pause');
  // Counted from before the switch (a request can reach us before evaluate returns).
  const before = requests.length;
  await setHidden(page, true);
  await sleep(WATCH_MS);
  const shown = requests.length;
  const whileHidden = shown - before;
  await setHidden(page, false);
  await sleep(3_000);
  const resumed = requests.length > shown;
  await page.close();
  return { whileHidden, resumed };
}

export async function measurePolling(base: string, sessions: number): Promise<PollingDiscipline> {
  const city = await findCity(base, 'paris');
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const completed: Awaited<ReturnType<typeof completeSession>>[] = [];
    for (let i = 0; i < sessions; i++) {
      completed.push(await completeSession(context, base, city, 260 + i * 3));
      console.log(
        `  polling session ${i + 1}/${sessions}: ${completed.at(-1)?.polls.length} polls to COMPLETE, ${completed.at(-1)?.after} requests after it`,
      );
    }
    const hidden = await hiddenTab(context, base, city, 250);
    console.log(
      `  hidden tab: ${hidden.whileHidden} requests in ${WATCH_MS / 1000} s; resumed when shown: ${hidden.resumed}`,
    );
    await context.close();
    const since = completed.flatMap((session) => session.polls.filter((poll) => poll.since));
    return {
      hidden: {
        seconds: WATCH_MS / 1000,
        requests: hidden.whileHidden,
        resumed: hidden.resumed,
      },
      afterComplete: {
        sessions,
        seconds: WATCH_MS / 1000,
        requests: completed.reduce((sum, session) => sum + session.after, 0),
        pollsToComplete: completed.map((session) => session.polls.length),
      },
      sincePolls: {
        count: since.length,
        jsonBytes: distribution(
          since.map((poll) => poll.jsonBytes),
          0,
        ),
        wireBytes: distribution(
          since.map((poll) => poll.wireBytes),
          0,
        ),
        encodings: [...new Set(since.map((poll) => poll.encoding))],
      },
    };
  } finally {
    await browser.close();
  }
}
