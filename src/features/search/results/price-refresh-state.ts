// Price updates of a search session as server state: each poll asks only for changes
// `since` the last version it saw and folds them into one accumulated value, which
// React Query holds. The list on screen is derived from it (merge-results.ts).
import { type PollStatus, type PriceUpdate } from '../../../contract/index.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { onScreenHotelIds } from './on-screen-hotels.ts';
import { shoppingRoute } from '../../../contract/shopping-paths.ts';

export interface PriceRefreshState {
  status: PollStatus;
  /** The last version seen; undefined before the first poll. */
  version: number | undefined;
  refreshed: number;
  total: number;
  /** The latest update of every hotel that got one. */
  updates: Readonly<Record<string, PriceUpdate>>;
  /** Hotels whose price changed in the latest poll, for the live announcement. */
  lastChanged: readonly string[];
  polls: number;
}

export const initialPriceRefresh: PriceRefreshState = {
  status: 'PENDING',
  version: undefined,
  refreshed: 0,
  total: 0,
  updates: {},
  lastChanged: [],
  polls: 0,
};

export function accumulatePriceUpdates(
  previous: PriceRefreshState | undefined,
  response: {
    refresh_status: PollStatus;
    version: number;
    refreshed: number;
    total: number;
    updates: PriceUpdate[];
  },
): PriceRefreshState {
  const base = previous ?? initialPriceRefresh;
  const updates: Record<string, PriceUpdate> = { ...base.updates };
  const lastChanged: string[] = [];
  for (const update of response.updates) {
    const before = updates[update.hotel_id];
    if (
      before?.price.amount !== update.price.amount ||
      before.availability_band !== update.availability_band
    ) {
      lastChanged.push(update.hotel_id);
    }
    updates[update.hotel_id] = update;
  }
  return {
    status: response.refresh_status,
    // A version never goes backwards, even if a slow poll answers late.
    version: Math.max(response.version, base.version ?? 0),
    refreshed: response.refreshed,
    total: response.total,
    updates,
    lastChanged,
    polls: base.polls + 1,
  };
}

export async function fetchPriceUpdates(
  searchId: string,
  previous: PriceRefreshState | undefined,
  signal: AbortSignal,
): Promise<PriceRefreshState> {
  const refreshIds = onScreenHotelIds(searchId);
  const response = await apiFetch(shoppingRoute('searchPrices'), {
    params: { search_id: searchId },
    query: {
      since: previous?.version,
      refresh_ids: refreshIds.length > 0 ? refreshIds.join(',') : undefined,
    },
    signal,
  });
  return accumulatePriceUpdates(previous, response);
}
