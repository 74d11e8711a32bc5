// The one query-key factory of the search feature: every key holds every
// input of its query function, including the language the content comes back in.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  type MapLabelsQuery,
  type Language,
  type SearchRequestInput,
} from '../../contract/index.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { fetchPriceUpdates, initialPriceRefresh } from './results/price-refresh-state.ts';
import { shoppingRoute } from '../../contract/shopping-paths.ts';

export const PAGE_SIZE = 20;
export const PRICE_POLL_INTERVAL_MS = 2000;

export const searchKeys = {
  all: ['search'] as const,
  autocomplete: (query: string, language: Language) =>
    [...searchKeys.all, 'autocomplete', { query, language }] as const,
  results: (request: SearchRequestInput, language: Language) =>
    [...searchKeys.all, 'results', { request, language }] as const,
  prices: (searchId: string) => [...searchKeys.all, 'prices', searchId] as const,
  popular: (language: Language) => [...searchKeys.all, 'popular', language] as const,
  mapSettings: () => [...searchKeys.all, 'map-settings'] as const,
  mapLabels: (view: MapLabelsQuery) => [...searchKeys.all, 'map-labels', view] as const,
  saved: (request: SavedStayRequest, language: Language) =>
    [...searchKeys.all, 'saved', { request, language }] as const,
};

/** A saved stay's search: only the saved hotels of that place and stay. */
export type SavedStayRequest = SearchRequestInput & { hotel_ids: number[] };

export const searchQueries = {
  autocomplete: (query: string, language: Language) =>
    queryOptions({
      queryKey: searchKeys.autocomplete(query, language),
      // The signal aborts the request when the shopper has typed on (the key changed).
      queryFn: ({ signal, client }) =>
        apiFetch(shoppingRoute('autocomplete'), {
          query: { query, limit: 10 },
          signal,
          client,
        }),
      staleTime: 5 * 60_000,
    }),

  /**
   * Pages of one search: every page sends the same inputs and sort again, with the
   * previous page's next_cursor (docs/api.md, "Paging cursors").
   */
  results: (request: SearchRequestInput, language: Language) =>
    infiniteQueryOptions({
      queryKey: searchKeys.results(request, language),
      queryFn: ({ pageParam, signal, client }) =>
        apiFetch(shoppingRoute('searchHotels'), {
          // A first page handed over from a server render comes back with a null param
          // (JSON has no undefined), and a null cursor is refused: no cursor is no cursor.
          body: { ...request, limit: PAGE_SIZE, cursor: pageParam ?? undefined },
          signal,
          client,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
      // Refetching an infinite query refetches every loaded page; prices are kept
      // current by polling instead, so loaded pages stay for the session's lifetime.
      staleTime: 10 * 60_000,
    }),

  /**
   * The saved hotels of one stay, priced again in one search (one page: the saved list
   * is never longer than a page may be). Prices then follow by polling, as in results.
   */
  saved: (request: SavedStayRequest, language: Language) =>
    queryOptions({
      queryKey: searchKeys.saved(request, language),
      queryFn: ({ signal }) =>
        apiFetch(shoppingRoute('searchHotels'), {
          body: { ...request, limit: request.hotel_ids.length },
          signal,
        }),
      staleTime: 10 * 60_000,
    }),

  /** What the home page offers before anything is typed: changes only with a deploy. */
  popular: (language: Language) =>
    queryOptions({
      queryKey: searchKeys.popular(language),
      queryFn: ({ signal, client }) =>
        apiFetch(shoppingRoute('popularDestinations'), {
          signal,
          client,
        }),
      staleTime: 60 * 60_000,
    }),

  /** The basemap the results map draws: the operator's street tiles, or none (offline). */
  mapSettings: () =>
    queryOptions({
      queryKey: searchKeys.mapSettings(),
      queryFn: ({ signal, client }) => apiFetch(shoppingRoute('mapSettings'), { signal, client }),
      staleTime: Infinity,
    }),

  /** The names the offline basemap writes in a view (the same view, the same answer). */
  mapLabels: (view: MapLabelsQuery) =>
    queryOptions({
      queryKey: searchKeys.mapLabels(view),
      queryFn: ({ signal, client }) =>
        apiFetch(shoppingRoute('mapLabels'), {
          query: { ...view },
          signal,
          client,
        }),
      staleTime: Infinity,
    }),

  /**
   * Price updates of a search session, accumulated across polls (see
   * price-refresh-state.ts). Polling itself is switched on by usePriceRefresh.
   */
  prices: (searchId: string) =>
    queryOptions({
      queryKey: searchKeys.prices(searchId),
      queryFn: ({ client, signal }) =>
        fetchPriceUpdates(searchId, client.getQueryData(searchKeys.prices(searchId)), signal),
      initialData: initialPriceRefresh,
      // The first poll comes one interval after the results, not at once; after a pause
      // longer than an interval the data is stale, so polling resumes at once.
      initialDataUpdatedAt: () => Date.now(),
      staleTime: PRICE_POLL_INTERVAL_MS,
      gcTime: 15 * 60_000,
    }),
};
