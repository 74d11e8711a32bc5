// Whether a results URL is a search the API would take, and if not what is wrong with it,
// as a query: the server puts the verdict it reached into the page's data, so the page
// hydrates with it, and the browser reaches its own for every other URL with the contract's
// check (search-check.ts), asked for after the first page. That check and the library that
// runs it are then not part of the script the results page hydrates with.
import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { ParsedSearch } from '../../../stay/search-url.ts';

const searchCheck = () => import('../../../stay/search-check.ts');

function searchVerdictQuery(search: string) {
  return queryOptions({
    queryKey: ['search-verdict', search] as const,
    queryFn: async (): Promise<ParsedSearch> => (await searchCheck()).parseSearchUrl(search),
    // The verdict on a URL stands while the page is open; a new day is a new page load.
    staleTime: Infinity,
    // Nothing goes over the network but the check's own code: offline, a cached check
    // still answers, instead of the query waiting for the network to come back.
    networkMode: 'always',
    // A check whose code failed to arrive is asked for again before the page shows its error.
    retry: 2,
  });
}

/** The verdict on `search` (a results URL's query, without the map's state). */
export function useParsedSearch(search: string): ParsedSearch {
  return useSuspenseQuery(searchVerdictQuery(search)).data;
}

/** The server's verdict on the URL it renders, handed over with the page's data. */
export function handOverVerdict(client: QueryClient, search: string, verdict: ParsedSearch) {
  client.setQueryData(searchVerdictQuery(search).queryKey, verdict);
}

/** Fetches the check ahead of the next URL a shopper makes (a filter, a sort). */
export function preloadSearchCheck(): void {
  void searchCheck().catch(() => undefined);
}
