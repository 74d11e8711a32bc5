// Polls price updates of a search every 2 seconds while the refresh is PENDING, and
// only while the shopper can see the results: the tab is visible (Page Visibility API)
// and the list is on screen (seed 4.1 rule 4). Resumes at once when they can again.
import { useQuery } from '@tanstack/react-query';
import type { PollStatus } from '../../contract/index.ts';
import { isApiError } from '../../lib/api-client.ts';
import { usePageVisible } from '../../lib/use-page-visible.ts';
import type { PriceRefreshState } from './price-refresh-state.ts';
import { PRICE_POLL_INTERVAL_MS as POLL_INTERVAL_MS, searchQueries } from './search-queries.ts';

export type PriceRefreshPhase =
  /** Nothing to refresh: every price was already fresh (refresh_status NA). */
  | 'none'
  | 'polling'
  /** Waiting for the tab or the list to be visible again. */
  | 'paused'
  | 'complete'
  /** The session is over (EXPIRED, or the server no longer knows it): search again. */
  | 'expired';

export interface PriceRefresh {
  phase: PriceRefreshPhase;
  state: PriceRefreshState | undefined;
}

function isOver(status: PollStatus | undefined): boolean {
  return status === 'COMPLETE' || status === 'EXPIRED';
}

export function usePriceRefresh({
  searchId,
  refreshStatus,
  resultsOnScreen,
}: {
  searchId: string | undefined;
  refreshStatus: 'PENDING' | 'NA' | undefined;
  resultsOnScreen: boolean;
}): PriceRefresh {
  const pageVisible = usePageVisible();
  const active = searchId !== undefined && refreshStatus === 'PENDING';
  const canPoll = active && pageVisible && resultsOnScreen;
  const query = useQuery({
    ...searchQueries.prices(searchId ?? ''),
    enabled: (current) =>
      canPoll && !isOver(current.state.data?.status) && !isSessionGone(current.state.error),
    refetchInterval: (current) =>
      isOver(current.state.data?.status) || isSessionGone(current.state.error)
        ? false
        : POLL_INTERVAL_MS,
  });
  if (!active) return { phase: 'none', state: undefined };
  const state = query.data;
  if (state.status === 'EXPIRED' || isSessionGone(query.error)) return { phase: 'expired', state };
  if (state.status === 'COMPLETE') return { phase: 'complete', state };
  return { phase: canPoll ? 'polling' : 'paused', state };
}

/** A session the server no longer knows cannot be polled back to life. */
function isSessionGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
