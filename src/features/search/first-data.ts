// What the results and home pages show first, as the query options of their data: the
// one list of it that the server's render fetches, the search form starts ahead of the
// results page, and the pages themselves read. The keys are the pages' own, so each finds
// what another started, in flight or answered.
import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '../../contract/index.ts';
import { sharedQueries } from '../../lib/queries.ts';
import { fetchUnlessCached } from '../../lib/query-client.ts';
import { toSearchRequest, type SearchInput } from '../../stay/search-url.ts';
import { searchQueries } from './search-queries.ts';

/** The results page's first data: the search's first page, and the destination's filters. */
export function resultsPageQueries(input: SearchInput, language: Language) {
  return {
    results: searchQueries.results(toSearchRequest(input), language),
    // One hotel has nothing to filter: its neighbours come under "Similar hotels nearby".
    filters:
      input.destination.type === 'hotel'
        ? null
        : sharedQueries.filters(input.destination, language),
  };
}

/**
 * Starts the results page's first data, or joins what is already there (a search already
 * answered is not asked again): `search` settles once the search has answered, however it
 * did (the search form waits for it before it navigates, not for the filters, which come
 * after the list on the page); `all` once everything has (the server's render waits for it).
 */
export function prefetchResultsPage(
  client: QueryClient,
  input: SearchInput,
  language: Language,
): { search: Promise<void>; all: Promise<void> } {
  const { results, filters } = resultsPageQueries(input, language);
  const search = fetchUnlessCached(client, results.queryKey, () => client.infiniteQuery(results));
  const options =
    filters && fetchUnlessCached(client, filters.queryKey, () => client.query(filters));
  return { search, all: Promise.all([search, options]).then(() => undefined) };
}

/** The home page's first data: its popular destinations. */
export async function prefetchHomePage(client: QueryClient, language: Language): Promise<void> {
  const popular = searchQueries.popular(language);
  await fetchUnlessCached(client, popular.queryKey, () => client.query(popular));
}
