// Polls price updates of a search every 2 seconds while the refresh is PENDING, and only
// while the shopper can see the results: the tab is visible (Page Visibility API) and the
// list is on screen (docs/api.md, "Polling price updates"). Resumes at once when they can
// again.
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client.ts';
import { usePageVisible } from '../../../lib/use-page-visible.ts';
import type { PriceRefreshState } from './price-refresh-state.ts';
import { PRICE_POLL_INTERVAL_MS as POLL_INTERVAL_MS, searchQueries } from '../search-queries.ts';

export type PriceRefreshPhase =
  /** No search answer to speak of yet (or only the previous search's, on screen while the next loads). */
  | 'none'
  | 'polling'
  /** Waiting for the tab or the list to be visible again. */
  | 'paused'
  /** Every price is current: refreshed by polling, or already fresh (refresh_status NA). */
  | 'complete'
  /** The session is over (EXPIRED, or the server no longer knows it): search again. */
  | 'expired';

export interface PriceRefresh {
  phase: PriceRefreshPhase;
  state: PriceRefreshState | undefined;
}

/**
 * Whether the session still needs polling: its refresh is running, or a page loaded
 * after the last poll asked for one (later pages join the session's refresh set, so a
 * COMPLETE session turns PENDING again when the next page arrives).
 */
function needsPolling(
  state: { data?: PriceRefreshState; dataUpdatedAt: number; error: unknown },
  pendingSince: number | undefined,
): boolean {
  if (pendingSince === undefined || isSessionGone(state.error)) return false;
  const status = state.data?.status ?? 'PENDING';
  if (status === 'EXPIRED') return false;
  return status === 'PENDING' || state.dataUpdatedAt < pendingSince;
}

export function usePriceRefresh({
  searchId,
  pendingSince,
  resultsOnScreen,
}: {
  searchId: string | undefined;
  /** When the latest page that came back with refresh_status PENDING arrived. */
  pendingSince: number | undefined;
  resultsOnScreen: boolean;
}): PriceRefresh {
  const pageVisible = usePageVisible();
  const active = searchId !== undefined && pendingSince !== undefined;
  const canPoll = active && pageVisible && resultsOnScreen;
  const query = useQuery({
    ...searchQueries.prices(searchId ?? ''),
    enabled: (current) => canPoll && needsPolling(current.state, pendingSince),
    refetchInterval: (current) =>
      needsPolling(current.state, pendingSince) ? POLL_INTERVAL_MS : false,
  });
  if (searchId === undefined) return { phase: 'none', state: undefined };
  // NA: nothing needed refreshing, so the prices shown are as current as polled ones.
  if (pendingSince === undefined) return { phase: 'complete', state: undefined };
  const state = query.data;
  if (state.status === 'EXPIRED' || isSessionGone(query.error)) return { phase: 'expired', state };
  if (
    !needsPolling(
      { data: state, dataUpdatedAt: query.dataUpdatedAt, error: query.error },
      pendingSince,
    )
  ) {
    return { phase: 'complete', state };
  }
  return { phase: canPoll ? 'polling' : 'paused', state };
}

/** A session the server no longer knows cannot be polled back to life. */
function isSessionGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
