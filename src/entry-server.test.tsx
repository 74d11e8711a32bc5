// @vitest-environment node
// The server entry on its own, over a stubbed API: which pages it renders, what data
// comes with them (and in what shape), and what happens when the data is late or fails.
// The whole path through the app server and a real browser is e2e/server-rendering.spec.ts.
import { splitMapState } from './features/search/map/map-state.ts';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  type PageRedirect,
  type PageRenderRequest,
  type RenderedPage,
} from './contract/index.ts';
import { ownClock } from './lib/format.ts';
import { renderPage } from './entry-server.tsx';
import { failure, stubApi, type Route } from './testing/api-stub.ts';
import { hotelContentFixture } from './testing/booking-fixtures.ts';
import { exampleSearch, hotelItem, searchAnswer } from './testing/search-fixtures.ts';
import { searchPath } from './stay/search-url.ts';

const search = exampleSearch();
const resultsUrl = searchPath(search);

function answer(
  routes: Record<string, Route>,
  request: Partial<PageRenderRequest> & { url: string },
) {
  const { calls, fetchStub } = stubApi(routes);
  return renderPage({
    language: 'en',
    currency: { chosen: null, acceptLanguage: 'en-US' },
    nonce: 'test-nonce',
    dataDeadlineMs: 1_000,
    api: fetchStub,
    ...request,
  }).then((page) => ({ page, calls }));
}

/** A page the server draws (a redirect here fails the test). */
async function render(
  routes: Record<string, Route>,
  request: Partial<PageRenderRequest> & { url: string },
): Promise<{ page: RenderedPage | null; calls: ReturnType<typeof stubApi>['calls'] }> {
  const { page, calls } = await answer(routes, request);
  if (page && 'redirect' in page) throw new Error(`sent on to ${page.redirect}`);
  return { page, calls };
}

interface Handed {
  queries: { queryKey: unknown[]; state: { data: unknown } }[];
}

/** The data queries handed over, without the verdict on the page's URL. */
const dataQueries = (data: string) =>
  (JSON.parse(data) as Handed).queries.filter((query) => query.queryKey[0] !== 'search-verdict');

const dates = { checkIn: search.checkIn, checkOut: search.checkOut };

/** What the API's autocomplete offers for "lisbon". */
const lisbon = {
  type: 'city',
  id: 2267057,
  name: 'Lisbon',
  label: 'Lisbon, Portugal',
  country_code: 'PT',
  country: 'Portugal',
};

describe('renderPage', () => {
  it('renders the results with their first page and hands the cache over under the page’s key', async () => {
    const { page, calls } = await render(
      {
        '/hotels/search': [
          {
            status: 200,
            body: {
              success: true,
              message: 'ok',
              data: searchAnswer([hotelItem('11', 12_000), hotelItem('12', 15_000)], dates),
            },
          },
        ],
        '/hotels/filters': [failure(503, 'UPSTREAM_UNAVAILABLE')],
      },
      { url: resultsUrl },
    );
    expect(page?.dataIncluded).toBe(true);
    expect(page?.html).toContain('Hotel 11');
    expect(page?.html).toContain('Hotel 12');
    expect(page?.html).toMatch(/<h1[^>]*>Hotels in Paris/);
    // The same first request the browser makes: no cursor, a page of 20, in English.
    const searchCall = calls.find((call) => call.path === '/hotels/search')!;
    expect(JSON.parse(searchCall.body!)).not.toHaveProperty('cursor');
    expect(JSON.parse(searchCall.body!)).toMatchObject({ limit: 20, nationality: 'IN' });
    expect(searchCall.headers.get('language')).toBe('en');

    const handed = JSON.parse(page!.data) as Handed;
    // The failed filters are not handed over: the browser asks again. The verdict on the
    // URL is, so the page hydrates without the contract's check.
    expect(handed.queries.map((query) => query.queryKey.slice(0, 2))).toEqual([
      ['search-verdict', splitMapState(new URL(resultsUrl, 'http://x').search).searchOnly],
      ['search', 'results'],
    ]);
    expect(handed.queries[0]!.state.data).toMatchObject({ ok: true });
    expect(handed.queries[1]!.queryKey[2]).toMatchObject({ language: 'en' });
  });

  it('draws prices in the shopper’s currency with the rates it hands over, and USD without rates', async () => {
    const routes = (rates: unknown) => ({
      '/hotels/search': () => searchAnswer([hotelItem('11', 214_000)], dates),
      '/hotels/filters': [failure(503, 'UPSTREAM_UNAVAILABLE')],
      '/exchange-rates': () => ({ exchange_rates: rates }),
    });
    const rates = { date: '2026-11-20', rates: { USD: 1.25 } };
    const euros = await render(routes(rates), {
      url: resultsUrl,
      currency: { chosen: 'EUR', acceptLanguage: 'en-US' },
    });
    expect(euros.page?.html).toContain('≈\u00a0€1,712');
    const handed = JSON.parse(euros.page!.data) as Handed;
    expect(
      handed.queries.find((query) => query.queryKey[0] === 'exchange-rates')?.state.data,
    ).toEqual(rates);

    const none = await render(routes(null), {
      url: resultsUrl,
      currency: { chosen: 'EUR', acceptLanguage: 'en-US' },
    });
    expect(none.page?.html).toContain('$2,140');
    expect(none.page?.html).not.toContain('€');

    // A shopper in USD costs no rates call.
    const dollars = await render(routes(rates), { url: resultsUrl });
    expect(dollars.calls.some((call) => call.path === '/exchange-rates')).toBe(false);
    expect(dollars.page?.html).toContain('$2,140');
  });

  it('keeps the handed-over data from closing its script element', async () => {
    const name = '</script><script>alert(1)</script>';
    const { page } = await render(
      {
        '/hotels/search': () =>
          searchAnswer([hotelItem('11', 12_000, { hotel_name: name })], dates),
        '/hotels/filters': [failure(503, 'UPSTREAM_UNAVAILABLE')],
      },
      { url: resultsUrl },
    );
    expect(page!.data).not.toContain('<');
    expect(JSON.stringify(dataQueries(page!.data)[0]!.state.data)).toContain(name);
    expect(page!.html).not.toContain('<script>alert');
  });

  it('goes without data that comes after the deadline, drawing the loading state the browser starts from', async () => {
    let aborted = false;
    const never: Route = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const { page } = await render(
      { '/hotels/search': never, '/hotels/filters': never },
      { url: resultsUrl, dataDeadlineMs: 30 },
    );
    expect(page?.dataIncluded).toBe(false);
    expect(dataQueries(page!.data)).toEqual([]);
    expect(page!.html).not.toContain('Hotel 11');
    expect(page!.html).toContain('Searching');
    expect(aborted).toBe(true);
  });

  it('draws a failed search as loading, not as its error: the browser asks again and shows what it gets', async () => {
    const { page } = await render(
      {
        '/hotels/search': [failure(503, 'UPSTREAM_UNAVAILABLE')],
        '/hotels/filters': [failure(503, 'UPSTREAM_UNAVAILABLE')],
      },
      { url: resultsUrl },
    );
    expect(dataQueries(page!.data)).toEqual([]);
    expect(page!.html).toContain('Searching');
  });

  it('renders in the language asked for, and the hotel page from its content', async () => {
    const content = hotelContentFixture({
      hotel_name: 'Hôtel du Test',
      description: 'Un hôtel calme.',
      city: 'Paris',
      country: 'France',
    });
    const { page, calls } = await render(
      {
        '/hotels/8760001/content': () => content,
        '/hotels/rooms': [failure(503, 'UPSTREAM_UNAVAILABLE')],
      },
      { url: `/hotels/8760001${resultsUrl.slice('/search'.length)}`, language: 'fr' },
    );
    expect(page!.html).toMatch(/<h1[^>]*>Hôtel du Test<\/h1>/);
    expect(page!.html).toContain('<title>Hôtel du Test · Staylane</title>');
    expect(calls.every((call) => call.headers.get('language') === 'fr')).toBe(true);
  });

  it('renders home with its popular destinations and a search form that works without script', async () => {
    const { page } = await render(
      {
        '/destinations/popular': () => ({
          destinations: [
            { type: 'city', id: 7, name: 'Lisbon', country: 'Portugal', image_url: null },
          ],
        }),
      },
      { url: '/' },
    );
    const forms = [...page!.html.matchAll(/<form [^>]*>/g)].map((match) => match[0]);
    const search = forms.find((form) => form.includes('action="/search"'));
    expect(search).toContain('method="get"');
    expect(page!.html).toContain('name="q"');
    // The header's language and currency: each a form the server answers, for taps made
    // before the page runs.
    expect(forms.filter((form) => form.includes('action="/preferences"'))).toEqual([
      expect.stringContaining('method="post"'),
      expect.stringContaining('method="post"'),
    ]);
    expect(page!.html).toContain('<input type="hidden" name="return" value="/"/>');
    expect(page!.html).toContain('Lisbon');
    // Drawn for the server's own day and zone, which the browser hydrates with.
    expect(page!.clock).toEqual(ownClock());
    const handed = JSON.parse(page!.data) as Handed;
    expect(handed.queries.map((query) => query.queryKey)).toContainEqual(
      expect.arrayContaining(['popular']),
    );
  });

  describe('the search form sent without script', () => {
    const day = ownClock().day;
    const form = (fields: Record<string, string>) =>
      `/search?${new URLSearchParams({ dest: '', label: '', checkin: '', checkout: '', rooms: '2', nat: 'FR', ...fields }).toString()}`;

    it('finds what was typed and sends the browser on to that search, for the suggested stay', async () => {
      const { page, calls } = await answer(
        { '/destinations/autocomplete': () => ({ destinations: [lisbon] }) },
        { url: form({ q: ' lisbo ' }) },
      );
      expect(calls.map((call) => call.url.searchParams.get('query'))).toEqual(['lisbo']);
      const target = new URL((page as PageRedirect).redirect, 'http://x');
      expect(target.pathname).toBe('/search');
      expect(Object.fromEntries(target.searchParams)).toEqual({
        dest: 'city:2267057',
        label: 'Lisbon, Portugal',
        checkin: addDays(day, 7),
        checkout: addDays(day, 9),
        rooms: '2',
        nat: 'FR',
      });
    });

    it('keeps the chosen destination while the text is its label, and the dates given', async () => {
      const { page, calls } = await answer(
        {},
        {
          url: form({
            q: 'Lisbon, Portugal',
            dest: 'city:2267057',
            label: 'Lisbon, Portugal',
            checkin: '2031-05-01',
            checkout: '2031-05-04',
          }),
        },
      );
      expect(calls).toEqual([]);
      expect((page as PageRedirect).redirect).toBe(
        '/search?dest=city:2267057&label=Lisbon,%20Portugal&checkin=2031-05-01&checkout=2031-05-04&rooms=2&nat=FR',
      );
    });

    it('keeps text that matches nothing as the label, for the page to ask again', async () => {
      const { page } = await answer(
        { '/destinations/autocomplete': () => ({ destinations: [] }) },
        { url: form({ q: 'Atlantis', dest: 'city:2267057', label: 'Lisbon, Portugal' }) },
      );
      const target = new URL((page as PageRedirect).redirect, 'http://x');
      expect(target.searchParams.get('dest')).toBeNull();
      expect(target.searchParams.get('label')).toBe('Atlantis');
    });
  });

  it('too busy to draw (redirectOnly): answers a form’s plain submit, and draws nothing else', async () => {
    const { page } = await answer(
      { '/destinations/autocomplete': () => ({ destinations: [lisbon] }) },
      { url: '/search?q=lisbon&rooms=2', redirectOnly: true },
    );
    expect((page as PageRedirect).redirect).toContain('dest=city:2267057');
    for (const url of [resultsUrl, '/', '/hotels/12?checkin=2031-05-01&checkout=2031-05-03']) {
      const { page: drawn, calls } = await render(
        { '/destinations/popular': () => ({ destinations: [] }) },
        { url, redirectOnly: true },
      );
      expect(drawn, url).toBeNull();
      expect(calls, url).toEqual([]);
    }
  });

  it('leaves every other page to the browser', async () => {
    for (const url of ['/checkout', '/saved', '/booking/confirmation?ref=X']) {
      const { page, calls } = await render({}, { url });
      expect(page, url).toBeNull();
      expect(calls).toEqual([]);
    }
  });
});
