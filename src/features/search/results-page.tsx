// The results page: everything it shows comes from the URL (the search) and from
// React Query (the pages, the price updates, the filters), derived on render.
import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SORTS, type Sort } from '../../contract/index.ts';
import { isApiError } from '../../lib/api-client.ts';
import { formatStayRange } from '../../lib/format.ts';
import { useT, type MessageId } from '../../lib/i18n.ts';
import {
  activeFilterCount,
  guestCount,
  hotelPath,
  NO_FILTERS,
  parseSearchUrl,
  searchPath,
  stayNights,
  toSearchRequest,
  withFilters,
  type SearchFilters,
  type SearchInput,
} from '../../lib/search-url.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { FilterChips } from './filter-chips.tsx';
import { describeGuests } from './guests-summary.ts';
import { HotelCard } from './hotel-card.tsx';
import { mergePriceUpdates, type ShownHotel } from './merge-results.ts';
import { clearOnScreenHotels } from './on-screen-hotels.ts';
import {
  LIVE_WAIT_BUDGET_MS,
  LiveWait,
  PriceRefreshStatus,
  ResultsSkeleton,
  SearchError,
} from './results-states.tsx';
import { PAGE_SIZE, searchKeys, searchQueries } from './search-queries.ts';
import { usePriceRefresh } from './use-price-refresh.ts';
import { LoadingStatus } from '../../components/ui/loading-status.tsx';
import { sharedQueries } from '../../lib/queries.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useFocusOnMount } from '../../components/ui/focus.ts';

// Not needed for the first paint of results, so each is its own chunk, fetched while
// the search request is in flight (docs/decisions/021-search-bundle-budget.md).
const resultsList = preloadableLazy(async () => (await import('./results-list.tsx')).ResultsList);
const filtersPanel = preloadableLazy(
  async () => (await import('./filters-panel.tsx')).FiltersPanel,
);
const filtersDrawer = preloadableLazy(
  async () => (await import('./filters-panel.tsx')).FiltersDrawer,
);
const searchForm = preloadableLazy(async () => (await import('./search-form.tsx')).SearchForm);
const ResultsList = resultsList.Component;
const FiltersPanel = filtersPanel.Component;
const FiltersDrawer = filtersDrawer.Component;
const SearchForm = searchForm.Component;

const SORT_LABEL: Record<Sort, MessageId> = {
  recommended: 'results.sort.recommended',
  price_low_to_high: 'results.sort.priceLow',
  price_high_to_low: 'results.sort.priceHigh',
  stars: 'results.sort.stars',
  distance_from_center: 'results.sort.distance',
  value: 'results.sort.value',
};

export function SearchResultsPage() {
  const { t } = useT();
  const { search } = useLocation();
  const parsed = useMemo(() => parseSearchUrl(search), [search]);
  const title = <PageTitle>{t('results.documentTitle')}</PageTitle>;
  if (!parsed.ok) {
    return (
      <section aria-labelledby="results-title" className="space-y-4">
        {title}
        <h1 id="results-title" tabIndex={-1} className="text-2xl font-bold">
          {t('results.invalid.title')}
        </h1>
        <p className="text-slate-700">{t('results.invalid.body')}</p>
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <Suspense fallback={<LoadingStatus>{t('app.loading')}</LoadingStatus>}>
            <SearchForm key={search} draft={parsed.draft} serverIssues={parsed.issues} />
          </Suspense>
        </div>
      </section>
    );
  }
  return (
    <>
      {title}
      <Results input={parsed.input} search={search} />
    </>
  );
}

/**
 * A control's value that follows the URL but changes at once when the shopper acts:
 * navigations commit in a transition, and a controlled input would otherwise snap back
 * until then.
 */
function useFollowing<T>(value: T): [T, (next: T) => void] {
  const [shown, setShown] = useState(value);
  const [was, setWas] = useState(value);
  if (was !== value) {
    setWas(value);
    setShown(value);
  }
  return [shown, setShown];
}

function Results({ input, search }: { input: SearchInput; search: string }) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A new search lands on its heading, so keyboard and screen-reader users start there.
  const headingRef = useFocusOnMount<HTMLHeadingElement>({
    trigger: `${input.destination.type}:${input.destination.id}`,
  });
  const resultsRef = useRef<HTMLElement>(null);
  const filtersHeadingId = useId();
  const formId = useId();
  const wide = useMediaQuery('(min-width: 1024px)');
  const [editing, setEditing] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [listOnScreen, setListOnScreen] = useState(true);
  const [shownSort, setShownSort] = useFollowing(input.sort);
  const [shownLive, setShownLive] = useFollowing(input.pricingMode === 'live');

  const request = useMemo(() => toSearchRequest(input), [input]);
  const results = useInfiniteQuery({
    ...searchQueries.results(request, language),
    // A new sort or filter keeps the current list on screen (dimmed) until it is ready.
    placeholderData: keepPreviousData,
  });
  const filterOptions = useQuery(sharedQueries.filters(input.destination, language));

  // Fetch the list and filter code while the search is in flight; the form when idle.
  useEffect(() => {
    void resultsList.preload();
    void filtersPanel.preload();
    void filtersDrawer.preload();
    // Safari has no requestIdleCallback; a short delay keeps the form off the critical path.
    if ('requestIdleCallback' in window)
      window.requestIdleCallback(() => void searchForm.preload());
    else setTimeout(() => void searchForm.preload(), 1500);
  }, []);

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
  const updates = refresh.state?.updates;
  const hotels = useMemo(
    () => (pages ? mergePriceUpdates(pages, updates ?? {}, input.sort) : []),
    [pages, updates, input.sort],
  );
  const nights = stayNights(input);
  const filterCount = activeFilterCount(input.filters);

  useEffect(() => {
    const searchId = first?.search_id;
    return () => {
      if (searchId) clearOnScreenHotels(searchId);
    };
  }, [first?.search_id]);

  const go = useCallback((next: SearchInput) => void navigate(searchPath(next)), [navigate]);
  const changeFilters = useCallback(
    (patch: Partial<SearchFilters>) => go(withFilters(input, patch)),
    [go, input],
  );
  const { fetchNextPage: fetchNext } = results;
  const fetchNextPage = useCallback(() => void fetchNext(), [fetchNext]);

  function refreshSearch() {
    if (first) queryClient.removeQueries({ queryKey: searchKeys.prices(first.search_id) });
    void queryClient.resetQueries({ queryKey: searchKeys.results(request, language) });
  }

  const error = results.error;
  const firstLoadError = error && !pages ? error : null;
  const serverIssues =
    firstLoadError && isApiError(firstLoadError) && firstLoadError.code === 'VALIDATION_FAILED'
      ? firstLoadError.details
      : [];
  const formShown = editing || serverIssues.length > 0;
  const place = input.label.split(',')[0]?.trim() || input.label;
  const guests = guestCount(input.rooms);
  const summary = [
    formatStayRange(input.checkIn, input.checkOut, language),
    t('search.dates.nights', { count: nights }),
    describeGuests(t, { ...guests, rooms: input.rooms.length }),
  ].join(' · ');

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

  const filtersProps = {
    filters: input.filters,
    options: filterOptions.data,
    optionsFailed: filterOptions.isError,
    onChange: changeFilters,
  };

  return (
    <div className="space-y-4">
      <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
        <div className="flex items-center justify-between gap-3">
          <p className="min-w-0 text-sm sm:text-base">
            <span className="block truncate font-semibold text-slate-900">{input.label}</span>
            <span className="block truncate text-slate-700">{summary}</span>
          </p>
          <button
            type="button"
            aria-expanded={formShown}
            aria-controls={formId}
            onClick={() => setEditing((value) => !value)}
            className={buttonClass({ variant: 'secondary', size: 'sm' }, 'shrink-0')}
          >
            {t('results.editSearch')}
          </button>
        </div>
        <div id={formId} hidden={!formShown} className="mt-4">
          {formShown && (
            <Suspense fallback={<LoadingStatus>{t('app.loading')}</LoadingStatus>}>
              <SearchForm
                key={search}
                draft={input}
                serverIssues={serverIssues}
                submitLabel={t('search.form.update')}
                onSubmitted={() => setEditing(false)}
              />
            </Suspense>
          )}
        </div>
      </div>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1
            ref={headingRef}
            id="results-title"
            tabIndex={-1}
            className="text-2xl font-bold outline-none"
          >
            {t('results.title', { place })}
          </h1>
          <p className="text-slate-700">
            {first ? t('results.count', { count: first.total_results }) : t('results.searching')}
          </p>
        </div>
        <div className="flex w-full flex-wrap items-end gap-x-4 gap-y-2 sm:w-auto">
          <div className="min-w-0 flex-1 sm:flex-none">
            <label htmlFor="results-sort" className="block text-sm font-semibold text-slate-800">
              {t('results.sort.label')}
            </label>
            <select
              id="results-sort"
              value={shownSort}
              onChange={(event) => {
                const sort = event.target.value as Sort;
                setShownSort(sort);
                go({ ...input, sort });
              }}
              className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2"
            >
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(SORT_LABEL[sort])}
                </option>
              ))}
            </select>
          </div>
          {!wide && (
            <button
              type="button"
              onClick={() => setFiltersOpen(true)}
              className={buttonClass({ variant: 'secondary' }, 'bg-white')}
            >
              {filterCount > 0
                ? t('filters.openWithCount', { count: filterCount })
                : t('filters.open')}
            </button>
          )}
          <label className="flex w-full items-center gap-2 text-sm text-slate-900 sm:w-auto sm:py-2">
            <input
              type="checkbox"
              checked={shownLive}
              onChange={(event) => {
                setShownLive(event.target.checked);
                go({ ...input, pricingMode: event.target.checked ? 'live' : 'instant' });
              }}
              aria-describedby="live-prices-hint"
              className="size-4 accent-blue-700"
            />
            <span>
              {t('results.live.toggle')}
              <span id="live-prices-hint" className="block text-xs text-slate-600">
                {t('results.live.hint')}
              </span>
            </span>
          </label>
        </div>
      </div>

      <FilterChips filters={input.filters} options={filterOptions.data} onChange={changeFilters} />

      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        {wide && (
          <aside aria-labelledby={filtersHeadingId} className="self-start">
            {/* Keyboard users reach the hotels without tabbing through every filter. */}
            <a
              href="#results"
              onClick={(event) => {
                event.preventDefault();
                resultsRef.current?.focus();
              }}
              className="sr-only focus:not-sr-only focus:mb-3 focus:inline-block focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
            >
              {t('results.skipFilters')}
            </a>
            <h2 id={filtersHeadingId} className="mb-3 text-lg font-bold">
              {t('filters.title')}
            </h2>
            <Suspense fallback={<LoadingStatus>{t('filters.loading')}</LoadingStatus>}>
              <FiltersPanel {...filtersProps} />
            </Suspense>
          </aside>
        )}
        <section
          ref={resultsRef}
          id="results"
          tabIndex={-1}
          aria-labelledby="results-title"
          className="min-w-0 space-y-3 rounded-lg outline-offset-4 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <div className="flex min-h-6 flex-wrap items-center justify-between gap-2">
            <PriceRefreshStatus refresh={refresh} onRefresh={refreshSearch} />
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

          {firstLoadError ? (
            <SearchError
              error={firstLoadError}
              onRetry={
                isApiError(firstLoadError) && firstLoadError.code === 'VALIDATION_FAILED'
                  ? undefined
                  : () => void results.refetch()
              }
            />
          ) : !pages ? (
            input.pricingMode === 'live' ? (
              <LiveWait />
            ) : (
              <ResultsSkeleton />
            )
          ) : hotels.length === 0 ? (
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
          ) : (
            <div
              className={results.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
              aria-busy={results.isPlaceholderData || undefined}
              data-loading-budget-ms={
                results.isPlaceholderData && input.pricingMode === 'live'
                  ? LIVE_WAIT_BUDGET_MS
                  : undefined
              }
            >
              {/* Switching to live prices keeps the current list until they come: say why. */}
              {results.isPlaceholderData && input.pricingMode === 'live' && <LiveWait />}
              <Suspense fallback={<FirstPaintList hotels={hotels} input={input} nights={nights} />}>
                <ResultsList
                  hotels={hotels}
                  input={input}
                  nights={nights}
                  searchId={first?.search_id}
                  hasNextPage={results.hasNextPage && fresh}
                  isFetchingNextPage={results.isFetchingNextPage}
                  nextPageFailed={results.isFetchNextPageError}
                  fetchNextPage={fetchNextPage}
                  onOnScreenChange={setListOnScreen}
                />
              </Suspense>
              {results.isFetchNextPageError && (
                <SearchError compact error={error} onRetry={fetchNextPage} />
              )}
            </div>
          )}

          {first?.similar_hotels && first.similar_hotels.length > 0 && (
            <section aria-labelledby="similar-title" className="space-y-3 pt-4">
              <h2 id="similar-title" className="text-xl font-bold">
                {t('results.similar.title')}
              </h2>
              <ul className="space-y-3">
                {first.similar_hotels.map((hotel) => (
                  <li key={hotel.hotel_id}>
                    <HotelCard
                      hotel={hotel}
                      href={hotelPath(hotel.hotel_id, input)}
                      nights={nights}
                      rooms={input.rooms.length}
                      distanceFromSearched={hotel.distance_km}
                    />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </section>
      </div>

      {!wide && filtersOpen && (
        <Suspense fallback={<LoadingStatus>{t('filters.loading')}</LoadingStatus>}>
          <FiltersDrawer
            {...filtersProps}
            open={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            doneLabel={
              first && fresh
                ? t('filters.showResults', { count: first.total_results })
                : t('filters.done')
            }
          />
        </Suspense>
      )}
    </div>
  );
}

/** The first page as plain cards, while the virtualized list's code arrives. */
function FirstPaintList({
  hotels,
  input,
  nights,
}: {
  hotels: readonly ShownHotel[];
  input: SearchInput;
  nights: number;
}) {
  const { t } = useT();
  return (
    <ul aria-label={t('results.listLabel')} className="space-y-3">
      {hotels.slice(0, PAGE_SIZE).map((hotel) => (
        <li key={hotel.hotel_id}>
          <HotelCard
            hotel={hotel}
            href={hotelPath(hotel.hotel_id, input)}
            nights={nights}
            rooms={input.rooms.length}
          />
        </li>
      ))}
    </ul>
  );
}
