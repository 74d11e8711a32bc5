// The results page's first data, started ahead of the page (by the server's render or the
// search form): under the keys the page reads, once, and for a hotel without filters.
import { describe, expect, it } from 'vitest';
import { setClientTransport } from '../../lib/api-client.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../testing/api-stub.ts';
import { exampleSearch, hotelItem, searchAnswer } from '../../testing/search-fixtures.ts';
import { prefetchResultsPage, resultsPageQueries } from './first-data.ts';

function clientWith(routes: Parameters<typeof stubApi>[0]) {
  const { calls, fetchStub } = stubApi(routes);
  const client = createQueryClient();
  setClientTransport(client, { origin: 'http://localhost', language: 'en', fetch: fetchStub });
  return { client, calls };
}

describe('the results page’s first data', () => {
  const input = exampleSearch();
  const answer = searchAnswer([hotelItem('1', 40_000)], input);

  it('fills the keys the page reads, the search and the filters, and asks once', async () => {
    const { client, calls } = clientWith({
      '/hotels/search': () => answer,
      '/hotels/filters': () => ({ property_types: [], chains: [], facilities: [] }),
    });
    await prefetchResultsPage(client, input, 'en').all;
    const { results, filters } = resultsPageQueries(input, 'en');
    expect(client.getQueryData(results.queryKey)?.pages).toHaveLength(1);
    expect(filters && client.getQueryState(filters.queryKey)?.status).toBe('success');
    // Started again (the form, then the page's own prefetch): nothing new is asked.
    await prefetchResultsPage(client, input, 'en').all;
    expect(calls.map((call) => call.path).sort()).toEqual(['/hotels/filters', '/hotels/search']);
  });

  it('settles `search` with the search, whatever the filters do; a hotel has no filters', async () => {
    const { client, calls } = clientWith({
      '/hotels/search': () => answer,
      '/hotels/filters': () => new Promise(() => {}),
    });
    await prefetchResultsPage(client, input, 'en').search;
    expect(calls.map((call) => call.path)).toContain('/hotels/search');
    const hotel = exampleSearch({ destination: { type: 'hotel', id: 3621500 } });
    expect(resultsPageQueries(hotel, 'en').filters).toBeNull();
  });
});
