// The app rendered by the app server (built with `vite build --ssr`): the one door through
// which the server reaches the browser's code. For the results and hotel pages it fetches
// the first screen's data through the app's own API (same validation, limits and errors as
// a browser's call), renders the page with React's streaming renderer once everything is
// in, and hands the query cache over for the browser to take up where the server left off.
import { setupI18n } from '@lingui/core';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import bookingMessages from 'virtual:messages/en/booking';
import hotelMessages from 'virtual:messages/en/hotel';
import type { QueryClient } from '@tanstack/react-query';
import { firstScreenOf, loadFirstScreenCode, type FirstScreen } from './app/first-screen.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import {
  CHARGE_CURRENCY,
  displayCurrencyOf,
  scriptSafeJson,
  type Language,
  type PageRedirect,
  type PageRenderRequest,
  type RenderedPage,
  type RenderPage,
} from './contract/index.ts';
import { prefetchHotelPage } from './features/hotel/first-data.ts';
import { prefetchHomePage, prefetchResultsPage } from './features/search/first-data.ts';
import { searchQueries } from './features/search/search-queries.ts';
import { parseStay } from './stay/stay-check.ts';
import { setClientTransport } from './lib/api-client.ts';
import { ownClock } from './lib/format.ts';
import { sharedQueries } from './lib/queries.ts';
import { addEnglishMessages, catalogOf } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { searchPath } from './stay/search-url.ts';
import { parseSearchUrl } from './stay/search-check.ts';
import { resolveFormSubmission } from './stay/form-submission.ts';
import { splitMapState } from './features/search/map/map-state.ts';
import { handOverVerdict } from './features/search/results/search-verdict.ts';

// The server may draw any page, so it has every English message from the start.
addEnglishMessages(hotelMessages);
addEnglishMessages(bookingMessages);

/** Resolves after `ms`, or never keeps the process alive waiting for it. */
function deadline(ms: number): Promise<'late'> {
  return new Promise((resolve) => setTimeout(() => resolve('late'), ms).unref());
}

/**
 * Fetches what the page shows first into `client`, with the page's own first-data
 * function (so the same keys and requests). Failures stay in the cache as errors (not
 * handed over): the browser then asks again itself, as on a client-side visit.
 */
async function fetchFirstScreenData(
  screen: FirstScreen,
  client: QueryClient,
  language: Language,
): Promise<void> {
  if (screen.page === 'home') return prefetchHomePage(client, language);
  if (screen.page === 'results') {
    const search = splitMapState(screen.search).searchOnly;
    const parsed = parseSearchUrl(search);
    handOverVerdict(client, search, parsed);
    return parsed.ok ? prefetchResultsPage(client, parsed.input, language).all : undefined;
  }
  return prefetchHotelPage(
    client,
    screen.hotelId,
    parseStay(screen.search, screen.hotelId),
    language,
  );
}

/** The first place the API's autocomplete offers for `text`, as the form would choose it. */
async function firstPlace(client: QueryClient, text: string, language: Language) {
  const found = await client.query(searchQueries.autocomplete(text, language));
  const first = found.destinations[0];
  return first ? { ref: { type: first.type, id: first.id }, label: first.label } : null;
}

/**
 * Renders `url` if it is a page the server renders (null leaves it to the browser), or
 * answers the search form's plain submit with the search's own URL.
 */
export const renderPage: RenderPage = async (
  request: PageRenderRequest,
): Promise<RenderedPage | PageRedirect | null> => {
  const url = new URL(request.url, 'http://staylane.invalid');
  const screen = firstScreenOf(url.pathname, url.search);
  if (!screen) return null;
  const clock = ownClock();

  const client = createQueryClient();
  // The API retries its upstream itself; a render never waits on backoff.
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  setClientTransport(client, {
    origin: 'http://staylane.invalid',
    language: request.language,
    fetch: request.api,
  });

  try {
    if (screen.page === 'results') {
      const submitted = await resolveFormSubmission(url.searchParams, clock.day, (text) =>
        firstPlace(client, text, request.language),
      );
      if (submitted) return { redirect: searchPath(submitted) };
    }
    if (request.redirectOnly) return null;
    const i18n = setupI18n({
      locale: request.language,
      messages: { [request.language]: await catalogOf(request.language) },
    });
    const [, outcome] = await Promise.all([
      loadFirstScreenCode(screen),
      Promise.race([
        Promise.all([
          fetchFirstScreenData(screen, client, request.language),
          // Prices in another currency convert with the rates the browser then takes over.
          displayCurrencyOf(request.currency, request.language) === CHARGE_CURRENCY
            ? undefined
            : client.query(sharedQueries.exchangeRates()).catch(() => undefined),
        ]).then(() => 'in' as const),
        deadline(request.dataDeadlineMs),
      ]),
    ]);
    // Too late: the page goes without, and the calls still out are dropped. What did not
    // come (late or failed) is not in the cache either, so the server draws its loading
    // state, exactly as the browser's first render will before fetching it itself.
    if (outcome === 'late') await client.cancelQueries();
    const cache = client.getQueryCache();
    for (const query of cache.findAll()) {
      if (query.state.status !== 'success') cache.remove(query);
    }

    // What was fetched, taken before the render (which may add queries of its own, such
    // as the price updates' empty start, that the browser makes for itself).
    const data = scriptSafeJson(dehydrate(client));
    const stream = await renderToReadableStream(
      <StrictMode>
        <Providers queryClient={client} i18n={i18n} currency={request.currency}>
          <StaticRouter location={request.url}>
            <Suspense>
              <AppRoutes />
            </Suspense>
          </StaticRouter>
        </Providers>
      </StrictMode>,
      {
        nonce: request.nonce,
        // The page goes out whole (its data is in), so no part is sent ahead of another:
        // an outlined part would need a script to be put in place, and the page must read
        // without one.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        // A part that fails renders on the server as its fallback, and the browser
        // renders it again; not an error of the page.
        onError: () => undefined,
      },
    );
    await stream.allReady;
    const html = await new Response(stream).text();
    return { screen: screen.page, html, clock, data, dataIncluded: outcome === 'in' };
  } finally {
    // The cache's timers would keep this request's data alive for minutes.
    client.clear();
  }
};
