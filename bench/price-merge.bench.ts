// What one price poll costs the results page with 1,000 hotels loaded: 100 price
// updates folded into the accumulated state (accumulatePriceUpdates) and the list
// merged and re-sorted (mergePriceUpdates) — the app's own functions, on real sandbox
// answers: 50 pages of 20 hotels of the largest city and real updates of its session.
//
//   npx vitest bench --run --project node bench/price-merge.bench.ts
//
// Not part of `npm test` (vitest runs *.test.* files; this is a *.bench.* file).
import { bench, describe } from 'vitest';
import type { HotelItem, PricesResponseData, Sort } from '../src/contract/index.ts';
import { TEST_NOW } from '../src/contract/testing/clock.ts';
import { mergePriceUpdates } from '../src/features/search/merge-results.ts';
import {
  accumulatePriceUpdates,
  type PriceRefreshState,
} from '../src/features/search/results/price-refresh-state.ts';
import { SANDBOX_DEMO_KEY } from '../server/sandbox/app.ts';
import { createSteppedSandbox } from '../server/sandbox/test-support/harness.ts';

const LOADED = 1000;
const UPDATES = 100;
const PAGE = 20;

interface Envelope<T> {
  data: T;
}

async function loadSession() {
  const clock = { now: TEST_NOW };
  const sandbox = createSteppedSandbox(clock);
  const headers = { 'x-api-key': SANDBOX_DEMO_KEY, 'content-type': 'application/json' };
  const pages: { hotels: HotelItem[] }[] = [];
  let cursor: string | undefined;
  let searchId = '';
  while (pages.length * PAGE < LOADED) {
    const response = await sandbox.app.request('/hotels/search', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        destination: { type: 'city', id: 745044 }, // Istanbul, the largest city
        check_in: '2026-12-10',
        check_out: '2026-12-13',
        rooms: [{ adults: 2 }],
        limit: PAGE,
        cursor,
      }),
    });
    const page = (
      (await response.json()) as Envelope<{
        search_id: string;
        next_cursor: string | null;
        hotels: HotelItem[];
      }>
    ).data;
    pages.push({ hotels: page.hotels });
    searchId = page.search_id;
    cursor = page.next_cursor ?? undefined;
  }
  // Let the suppliers answer, then read every update of the session at once.
  clock.now += 15_000;
  const polled = await sandbox.app.request(`/hotels/search/${searchId}/prices`, { headers });
  const prices = ((await polled.json()) as Envelope<PricesResponseData>).data;
  sandbox.close();
  if (prices.updates.length < 4 * UPDATES) {
    throw new Error(`only ${prices.updates.length} updates from the sandbox`);
  }
  return { pages, prices };
}

const { pages, prices } = await loadSession();
// Three earlier polls already folded in (300 updates), then the poll being measured.
const earlier: PriceRefreshState = accumulatePriceUpdates(undefined, {
  ...prices,
  updates: prices.updates.slice(UPDATES, 4 * UPDATES),
});
const poll = { ...prices, updates: prices.updates.slice(0, UPDATES) };

const SORTS: Sort[] = ['price_low_to_high', 'value', 'stars', 'recommended'];
// `npm run bench -- --quick` sets BENCH_QUICK: a shorter run per sort.
const options = process.env.BENCH_QUICK
  ? { time: 300, warmupTime: 100 }
  : { time: 3000, warmupTime: 500 };

describe(`one poll: ${UPDATES} updates into ${LOADED} loaded hotels, merged and re-sorted`, () => {
  for (const sort of SORTS) {
    bench(
      `sort ${sort}`,
      () => {
        // A poll's answer is new objects (parsed JSON): its 100 hotels are shown afresh,
        // the other 900 keep what the previous render made of them, as in the app.
        const answer = { ...poll, updates: poll.updates.map((update) => ({ ...update })) };
        const state = accumulatePriceUpdates(earlier, answer);
        mergePriceUpdates(pages, state.updates, sort);
      },
      options,
    );
  }
});
