import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { AppProviders } from '../../../testing/render.tsx';
import { setOnScreenHotels } from './on-screen-hotels.ts';
import { usePriceRefresh } from './use-price-refresh.ts';

const SEARCH_ID = 'srch_0123456789abcdef';

interface Poll {
  url: URL;
}

/** A fake /api: answers each price poll with the next scripted status. */
function stubPrices(statuses: string[]) {
  const polls: Poll[] = [];
  vi.stubGlobal('fetch', (input: URL) => {
    const url = new URL(input);
    polls.push({ url });
    const status = statuses[Math.min(polls.length - 1, statuses.length - 1)];
    const version = polls.length * 10;
    const body = {
      success: true,
      message: 'ok',
      data: {
        search_id: SEARCH_ID,
        refresh_status: status,
        version,
        refreshed: polls.length,
        total: 5,
        updates: [
          {
            hotel_id: String(polls.length),
            availability_band: 0,
            price: { amount: 1000 + polls.length, currency: 'USD', rate_type: 'live' },
          },
        ],
      },
    };
    // A settled body (not a stream) keeps every step on microtasks, in step with the fake clock.
    return Promise.resolve({
      ok: true,
      status: 200,
      headers: new Headers({ 'Content-Type': 'application/json' }),
      json: () => Promise.resolve(body),
    });
  });
  return polls;
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

function renderPolling(props: { pending?: boolean; resultsOnScreen?: boolean } = {}) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders client={client}>{children}</AppProviders>
  );
  return renderHook(
    ({ pendingSince, resultsOnScreen }) =>
      usePriceRefresh({ searchId: SEARCH_ID, pendingSince, resultsOnScreen }),
    {
      wrapper,
      initialProps: {
        // The first page came back PENDING just now (NA: nothing to refresh).
        pendingSince: (props.pending ?? true) ? Date.now() : (undefined as number | undefined),
        resultsOnScreen: props.resultsOnScreen ?? true,
      },
    },
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  // A poll fired at the very end of the window answers on later ticks: let that answer
  // travel through the client and React (1 ms, far from the next 2 s tick).
  for (let tick = 0; tick < 3; tick++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
  }
}

beforeEach(() => {
  // Only the clocks React Query polls with: fetch bodies resolve on real tasks.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  setOnScreenHotels(SEARCH_ID, ['11', '12', '13']);
});

afterEach(() => {
  // Unmount first: a hook left mounted would keep polling into the next test.
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('usePriceRefresh', () => {
  it('polls every 2 s with since and the on-screen hotels, first one interval after the results', async () => {
    const polls = stubPrices(['PENDING']);
    const { result } = renderPolling();
    await advance(1900);
    expect(polls).toHaveLength(0);
    await advance(100);
    expect(polls).toHaveLength(1);
    expect(polls[0]!.url.pathname).toBe(`/api/hotels/search/${SEARCH_ID}/prices`);
    expect(polls[0]!.url.searchParams.get('since')).toBeNull();
    expect(polls[0]!.url.searchParams.get('refresh_ids')).toBe('11,12,13');
    setOnScreenHotels(SEARCH_ID, ['14']);
    await advance(2000);
    expect(polls).toHaveLength(2);
    expect(polls[1]!.url.searchParams.get('since')).toBe('10');
    expect(polls[1]!.url.searchParams.get('refresh_ids')).toBe('14');
    expect(result.current.phase).toBe('polling');
    expect(Object.keys(result.current.state!.updates)).toEqual(['1', '2']);
  });

  it('makes no request while the tab is hidden and resumes at once when it is visible', async () => {
    const polls = stubPrices(['PENDING']);
    const { result } = renderPolling();
    await advance(2000);
    expect(polls).toHaveLength(1);
    setVisibility('hidden');
    expect(result.current.phase).toBe('paused');
    await advance(10_000);
    expect(polls).toHaveLength(1);
    setVisibility('visible');
    await advance(0);
    expect(polls).toHaveLength(2);
    expect(result.current.phase).toBe('polling');
    await advance(2000);
    expect(polls).toHaveLength(3);
  });

  it('pauses while the results are not on screen', async () => {
    const polls = stubPrices(['PENDING']);
    const { rerender, result } = renderPolling({ resultsOnScreen: false });
    await advance(10_000);
    expect(polls).toHaveLength(0);
    expect(result.current.phase).toBe('paused');
    rerender({ pendingSince: Date.now(), resultsOnScreen: true });
    await advance(0);
    expect(polls).toHaveLength(1);
  });

  it('stops at COMPLETE', async () => {
    const polls = stubPrices(['PENDING', 'COMPLETE']);
    const { result } = renderPolling();
    await advance(4000);
    expect(polls).toHaveLength(2);
    expect(result.current.phase).toBe('complete');
    await advance(20_000);
    expect(polls).toHaveLength(2);
    setVisibility('hidden');
    setVisibility('visible');
    await advance(4000);
    expect(polls).toHaveLength(2);
  });

  it('polls again when a later page joins a COMPLETE session, until it completes again', async () => {
    const polls = stubPrices(['COMPLETE', 'PENDING', 'COMPLETE']);
    const { result, rerender } = renderPolling();
    await advance(2000);
    expect(result.current.phase).toBe('complete');
    await advance(6000);
    expect(polls).toHaveLength(1);
    // Page 2 arrives with refresh_status PENDING.
    rerender({ pendingSince: Date.now(), resultsOnScreen: true });
    expect(result.current.phase).toBe('polling');
    // The last poll is older than an interval: the next one goes at once.
    await advance(0);
    expect(polls).toHaveLength(2);
    expect(polls[1]!.url.searchParams.get('since')).toBe('10');
    await advance(2000);
    expect(polls).toHaveLength(3);
    expect(result.current.phase).toBe('complete');
    await advance(10_000);
    expect(polls).toHaveLength(3);
  });

  it('stops at EXPIRED and says the session is over', async () => {
    const polls = stubPrices(['EXPIRED']);
    const { result } = renderPolling();
    await advance(2000);
    expect(result.current.phase).toBe('expired');
    await advance(10_000);
    expect(polls).toHaveLength(1);
  });

  it('does not poll when every price was already fresh, and says they are current', async () => {
    const polls = stubPrices(['PENDING']);
    const { result } = renderPolling({ pending: false });
    await advance(10_000);
    expect(polls).toHaveLength(0);
    expect(result.current.phase).toBe('complete');
    expect(result.current.state).toBeUndefined();
  });
});
