// The hotels of a search, in whichever state they are: failed, waiting (a skeleton, or
// the live-price wait), none, or the list; then hotels similar to a searched hotel.
// Above them, how fresh the prices are, announced to screen readers as it changes.
import { Suspense, type Ref } from 'react';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { preloadableLazy } from '../../../lib/preloadable-lazy.tsx';
import { NO_FILTERS } from '../../../stay/filters.ts';
import { type SearchFilters, type SearchInput } from '../../../stay/search-url.ts';
import { HotelCard } from '../hotel-card.tsx';
import type { ShownHotel } from '../merge-results.ts';
import {
  LIVE_WAIT_BUDGET_MS,
  LiveWait,
  PriceRefreshStatus,
  ResultsSkeleton,
  SearchError,
} from './results-states.tsx';
import { PAGE_SIZE } from '../search-queries.ts';
import type { SearchResults } from './use-search-results.ts';

// Not needed for the first paint of results: its own chunk, fetched with the route's code
// (preloadResultsCode), before or beside the search, not after it
// (docs/decisions/021-search-bundle-budget.md).
export const resultsList = preloadableLazy(
  async () => (await import('./results-list.tsx')).ResultsList,
);
const ResultsList = resultsList.Component;

interface ResultsBodyProps {
  input: SearchInput;
  filterCount: number;
  search: SearchResults;
  changeFilters: (patch: Partial<SearchFilters>) => void;
  onListOnScreenChange: (onScreen: boolean) => void;
  /** The hotel whose pin is hovered or focused on the map. */
  highlightedId: string | null;
}

/** `ref` is the section: where "skip the filters" lands. */
export function ResultsBody({ ref, ...props }: ResultsBodyProps & { ref: Ref<HTMLElement> }) {
  const { t } = useT();
  const { search, input } = props;
  const { results, pages, first, fresh, refresh } = search;

  // "Up to date" is news only when polling got there; an answer that was current from
  // the start announces its count.
  const announcement =
    refresh.phase === 'complete' && refresh.state
      ? t('results.prices.complete')
      : refresh.state && refresh.state.lastChanged.length > 0
        ? t('results.prices.updated', { count: refresh.state.lastChanged.length })
        : first && fresh
          ? t('results.count', { count: first.total_results })
          : '';

  return (
    <section
      ref={ref}
      id="results"
      tabIndex={-1}
      aria-labelledby="results-title"
      className="min-w-0 space-y-3 rounded-lg outline-offset-4 focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      <div className="flex min-h-6 flex-wrap items-center justify-between gap-2">
        <PriceRefreshStatus refresh={refresh} onRefresh={search.searchAgain} />
        {results.isFetching && !results.isFetchingNextPage && pages && (
          <p className="text-sm text-slate-700">{t('results.updating')}</p>
        )}
        {results.failureCount > 0 && results.isFetching && (
          <p className="text-sm text-amber-900">{t('results.retrying')}</p>
        )}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <Hotels {...props} />

      {first?.similar_hotels && first.similar_hotels.length > 0 && (
        <section aria-labelledby="similar-title" className="space-y-3 pt-4">
          <h2 id="similar-title" className="text-xl font-bold">
            {t('results.similar.title')}
          </h2>
          <ul className="space-y-3">
            {first.similar_hotels.map((hotel) => (
              <li key={hotel.hotel_id}>
                <HotelCard hotel={hotel} input={input} distanceFromSearched={hotel.distance_km} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

/** The main area: one state at a time. */
function Hotels({
  input,
  filterCount,
  search,
  changeFilters,
  onListOnScreenChange,
  highlightedId,
}: ResultsBodyProps) {
  const { t } = useT();
  const { results, first, fresh, hotels, firstLoadError } = search;

  if (firstLoadError) {
    const refused = isApiError(firstLoadError) && firstLoadError.code === 'VALIDATION_FAILED';
    return (
      <SearchError
        error={firstLoadError}
        onRetry={refused ? undefined : () => void results.refetch()}
      />
    );
  }
  if (!search.pages) return input.pricingMode === 'live' ? <LiveWait /> : <ResultsSkeleton />;
  if (hotels.length === 0) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center">
        <h2 className="text-lg font-bold">{t('results.empty.title')}</h2>
        <p className="mt-1 text-slate-700">
          {filterCount > 0 ? t('results.empty.withFilters') : t('results.empty.body')}
        </p>
        {filterCount > 0 && (
          <button
            type="button"
            onClick={() => changeFilters(NO_FILTERS)}
            className={buttonClass({}, 'mt-3')}
          >
            {t('filters.clearAll')}
          </button>
        )}
      </div>
    );
  }
  // Switching to live prices keeps the current list until they come: say why.
  const waitingForLive = results.isPlaceholderData && input.pricingMode === 'live';
  return (
    <div
      className={results.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      aria-busy={results.isPlaceholderData || undefined}
      data-loading-budget-ms={waitingForLive ? LIVE_WAIT_BUDGET_MS : undefined}
    >
      {waitingForLive && <LiveWait />}
      <Suspense
        fallback={<FirstPaintList hotels={hotels} input={input} highlightedId={highlightedId} />}
      >
        <ResultsList
          hotels={hotels}
          input={input}
          searchId={first?.search_id}
          hasNextPage={results.hasNextPage && fresh}
          isFetchingNextPage={results.isFetchingNextPage}
          nextPageFailed={results.isFetchNextPageError}
          fetchNextPage={search.fetchNextPage}
          onOnScreenChange={onListOnScreenChange}
          highlightedId={highlightedId}
        />
      </Suspense>
      {results.isFetchNextPageError && (
        <SearchError compact error={results.error} onRetry={search.fetchNextPage} />
      )}
    </div>
  );
}

/** The first page as plain cards, while the virtualized list's code arrives. */
function FirstPaintList({
  hotels,
  input,
  highlightedId,
}: {
  hotels: readonly ShownHotel[];
  input: SearchInput;
  highlightedId: string | null;
}) {
  const { t } = useT();
  return (
    <ul aria-label={t('results.listLabel')} className="space-y-3">
      {hotels.slice(0, PAGE_SIZE).map((hotel) => (
        <li key={hotel.hotel_id}>
          <HotelCard hotel={hotel} input={input} highlighted={hotel.hotel_id === highlightedId} />
        </li>
      ))}
    </ul>
  );
}
