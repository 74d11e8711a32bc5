// The server state of one results page: the search's pages (cursor paging), the live
// price updates merged into them, and the actions on them. Components only render it.
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { toSearchRequest, type SearchInput } from '../../../stay/search-url.ts';
import { mergePriceUpdates } from '../merge-results.ts';
import { clearOnScreenHotels } from './on-screen-hotels.ts';
import { resultsPageQueries } from '../first-data.ts';
import { searchKeys } from '../search-queries.ts';
import { usePriceRefresh } from './use-price-refresh.ts';

export function useSearchResults(input: SearchInput, { listOnScreen }: { listOnScreen: boolean }) {
  const { language } = useT();
  const queryClient = useQueryClient();
  const request = useMemo(() => toSearchRequest(input), [input]);
  const results = useInfiniteQuery({
    ...resultsPageQueries(input, language).results,
    // A new sort or filter keeps the current list on screen (dimmed) until it is ready.
    placeholderData: keepPreviousData,
  });

  const pages = results.data?.pages;
  const first = pages?.[0];
  const fresh = !results.isPlaceholderData;
  const lastPage = pages?.at(-1);
  const refresh = usePriceRefresh({
    searchId: fresh ? first?.search_id : undefined,
    pendingSince:
      fresh && lastPage?.refresh_status === 'PENDING' ? results.dataUpdatedAt : undefined,
    resultsOnScreen: listOnScreen,
  });
  // A poll's answer re-renders the page at once (the query's store is synchronous); the
  // cards it re-prices are drawn after, in a render React slices between the browser's
  // frames, so a scroll or a tap never waits behind a whole page of new prices.
  const updates = useDeferredValue(refresh.state?.updates);
  const hotels = useMemo(
    () => (pages ? mergePriceUpdates(pages, updates ?? {}, input.sort) : []),
    [pages, updates, input.sort],
  );

  useEffect(() => {
    const searchId = first?.search_id;
    return () => {
      if (searchId) clearOnScreenHotels(searchId);
    };
  }, [first?.search_id]);

  const { fetchNextPage: fetchNext } = results;
  const fetchNextPage = useCallback(() => void fetchNext(), [fetchNext]);
  const searchId = first?.search_id;
  /** A new search for the same inputs: the price session it had is gone. */
  const searchAgain = useCallback(() => {
    if (searchId) queryClient.removeQueries({ queryKey: searchKeys.prices(searchId) });
    void queryClient.resetQueries({ queryKey: searchKeys.results(request, language) });
  }, [queryClient, searchId, request, language]);

  // The first page failing leaves nothing to show; a refused search says which inputs.
  const firstLoadError = results.error && !pages ? results.error : null;
  const serverIssues =
    firstLoadError && isApiError(firstLoadError) && firstLoadError.code === 'VALIDATION_FAILED'
      ? firstLoadError.details
      : [];

  return {
    results,
    pages,
    first,
    fresh,
    refresh,
    hotels,
    fetchNextPage,
    searchAgain,
    firstLoadError,
    serverIssues,
  };
}

export type SearchResults = ReturnType<typeof useSearchResults>;
