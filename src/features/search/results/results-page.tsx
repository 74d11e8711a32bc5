// The results page: everything it shows comes from the URL (the search) and from
// React Query (the pages, the price updates, the filters), derived on render. It lays
// out its parts: the stay (summary bar), the controls (toolbar), the filters and the
// hotels (body).
import { useQuery } from '@tanstack/react-query';
import {
  Suspense,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type Ref,
} from 'react';
import { useLocation } from 'react-router';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useT } from '../../../lib/i18n.ts';
import { preloadableLazy } from '../../../lib/preloadable-lazy.tsx';
import { sharedQueries } from '../../../lib/queries.ts';
import { activeFilterCount, withFilters } from '../../../stay/filters.ts';
import type { SearchFilters, SearchInput } from '../../../stay/search-url.ts';
import { preloadSearchCheck, useParsedSearch } from './search-verdict.ts';
import { splitMapState, type MapState } from '../map/map-state.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { FilterChips } from './filter-chips.tsx';
import { ResultsBody, resultsList } from './results-body.tsx';
import { ResultsSummaryBar, SearchForm, searchForm } from './results-summary-bar.tsx';
import { ResultsToolbar } from './results-toolbar.tsx';
import { FiltersBeside } from './filters-beside.tsx';
import { LowestPricesScope, NearbyDates } from './nearby-dates.tsx';
import { useResultsNavigation } from './use-results-navigation.ts';
import { hotelIdAt, PhoneMapStrip } from '../map/phone-map-strip.tsx';
import { searchedPlace } from './searched-place.ts';
import { resultsPageQueries } from '../first-data.ts';
import { useSearchResults } from './use-search-results.ts';

// Not needed for the first paint of results, so each is its own chunk, fetched while
// the search request is in flight (docs/decisions/021-search-bundle-budget.md).
const filtersPanel = preloadableLazy(
  async () => (await import('./filters-panel.tsx')).FiltersPanel,
);
const filtersDrawer = preloadableLazy(
  async () => (await import('./filters-panel.tsx')).FiltersDrawer,
);
const FiltersPanel = filtersPanel.Component;
const FiltersDrawer = filtersDrawer.Component;
// The map (Leaflet, the basemap's shapes) is fetched only when a shopper opens it.
const resultsMap = preloadableLazy(async () => (await import('../map/results-map.tsx')).ResultsMap);
const ResultsMap = resultsMap.Component;
const preloadMap = () => void resultsMap.preload();

export function SearchResultsPage() {
  const { t } = useT();
  const { search: fullSearch } = useLocation();
  // Moving the map changes the URL but not the search: the inputs stay the same objects.
  const { searchOnly: search, map } = useMemo(() => splitMapState(fullSearch), [fullSearch]);
  const parsed = useParsedSearch(search);
  const title = <PageTitle noIndex>{t('results.documentTitle')}</PageTitle>;
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
      <Results input={parsed.input} search={search} map={map} />
    </>
  );
}

function Results({ input, search, map }: { input: SearchInput; search: string; map: MapState }) {
  const { t, language } = useT();
  const resultsRef = useRef<HTMLElement>(null);
  const wide = useMediaQuery('(min-width: 1024px)');
  const hydrated = useHydrated();
  const drawerRef = useRef<DrawerOpener>(null);
  const openFilters = useCallback(() => drawerRef.current?.open(), []);
  const [listOnScreen, setListOnScreen] = useState(true);
  const found = useSearchResults(input, { listOnScreen });
  const firstData = resultsPageQueries(input, language);
  const filtersShown = firstData.filters !== null;
  const filterOptions = useQuery({
    ...(firstData.filters ?? sharedQueries.filters(input.destination, language)),
    enabled: filtersShown,
  });

  // Fetch the list and filter code while the search is in flight; the form when idle.
  useEffect(() => {
    void resultsList.preload();
    void filtersPanel.preload();
    void filtersDrawer.preload();
    return whenIdle(() => {
      void searchForm.preload();
      preloadSearchCheck();
    });
  }, []);

  const { go, toggleMap, moveMap } = useResultsNavigation(input, map, preloadMap);
  const mapOpen = map.open;
  const mapView = map.view;
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const [inView, setInView] = useState<readonly string[]>([]);
  const filtersBeside = wide && !mapOpen;
  const changeFilters = useCallback(
    (patch: Partial<SearchFilters>) => go(withFilters(input, patch)),
    [go, input],
  );
  const filterCount = activeFilterCount(input.filters);
  const { first, fresh } = found;
  const place = searchedPlace(input, fresh ? first : undefined, language);
  const filtersProps = {
    filters: input.filters,
    options: filterOptions.data,
    optionsFailed: filterOptions.isError,
    onChange: changeFilters,
  };

  // The map draws in the browser only (Leaflet needs a window): a page rendered by the
  // server, and the render that hydrates it, keep its place empty.
  const mapPanel = mapOpen && hydrated && (
    <Suspense fallback={<LoadingStatus>{t('app.loading')}</LoadingStatus>}>
      <ResultsMap
        hotels={found.hotels}
        input={input}
        centre={(fresh ? first?.search_info.center : null) ?? null}
        view={mapView}
        onViewChange={moveMap}
        highlightedId={highlightedId}
        onHighlight={setHighlightedId}
        // The strip of cards in view is the phone's; a desktop has the whole list.
        onVisibleChange={wide ? undefined : setInView}
        hasNextPage={found.results.hasNextPage && fresh}
        isFetchingNextPage={found.results.isFetchingNextPage}
        fetchNextPage={found.fetchNextPage}
        className={wide ? 'sticky top-2 h-[calc(100dvh-1rem)] self-start' : 'h-[calc(100dvh-9rem)]'}
      />
    </Suspense>
  );

  return (
    <div className="space-y-4">
      {/* The search form's date picker shows the lowest prices the nearby dates found. */}
      <LowestPricesScope input={input}>
        <ResultsSummaryBar
          input={input}
          place={place.full}
          search={search}
          serverIssues={found.serverIssues}
        />
      </LowestPricesScope>
      <ResultsToolbar
        input={input}
        place={place.name}
        oneHotel={!filtersShown}
        totalResults={first?.total_results}
        filterCount={filterCount}
        onOpenFilters={filtersBeside ? null : openFilters}
        map={map}
        onToggleMap={toggleMap}
        go={go}
      />
      {filtersShown && (
        <FilterChips
          filters={input.filters}
          options={filterOptions.data}
          onChange={changeFilters}
        />
      )}
      <NearbyDates input={input} />

      <div
        className={`grid gap-6 ${
          mapOpen
            ? 'lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_28rem]'
            : filtersShown
              ? 'lg:grid-cols-[18rem_minmax(0,1fr)]'
              : ''
        }`}
        // A card hovered or focused lights its pin up.
        onMouseOver={mapOpen ? (event) => setHighlightedId(hotelIdAt(event.target)) : undefined}
        onFocus={mapOpen ? (event) => setHighlightedId(hotelIdAt(event.target)) : undefined}
        onMouseLeave={mapOpen ? () => setHighlightedId(null) : undefined}
        onBlur={
          mapOpen
            ? (event) => {
                if (!event.currentTarget.contains(event.relatedTarget)) setHighlightedId(null);
              }
            : undefined
        }
      >
        {filtersBeside && filtersShown && (
          <FiltersBeside skipTo={resultsRef}>
            <FiltersPanel {...filtersProps} />
          </FiltersBeside>
        )}
        {/* On a phone the map comes first, its strip of cards below. */}
        {mapOpen && !wide && mapPanel}
        {mapOpen && !wide ? (
          <PhoneMapStrip hotels={found.hotels} input={input} shown={inView} />
        ) : (
          <div className="min-w-0">
            {/* Without the filters' heading before it (a phone, beside the map, one hotel) the
                list has its own, so the outline goes h1 → h2 → the cards' h3. */}
            {!(filtersBeside && filtersShown) && (
              <h2 className="sr-only">{t('results.listLabel')}</h2>
            )}
            <ResultsBody
              input={input}
              filterCount={filterCount}
              search={found}
              changeFilters={changeFilters}
              onListOnScreenChange={setListOnScreen}
              highlightedId={mapOpen ? highlightedId : null}
              ref={resultsRef}
            />
          </div>
        )}
        {mapOpen && wide && mapPanel}
      </div>

      {!filtersBeside && filtersShown && (
        <PhoneFiltersDrawer
          ref={drawerRef}
          {...filtersProps}
          doneLabel={
            first && fresh
              ? t('filters.showResults', { count: first.total_results })
              : t('filters.done')
          }
        />
      )}
    </div>
  );
}

interface DrawerOpener {
  open: () => void;
}

/**
 * The phone's filters drawer. It keeps whether it is open itself, opened through `ref`: a tap
 * on Filters then draws the drawer alone, not the whole results page around it (the list,
 * the summary, the toolbar), which would all wait in the tap's frame.
 */
function PhoneFiltersDrawer({
  ref,
  ...drawer
}: Omit<ComponentProps<typeof FiltersDrawer>, 'open' | 'onClose'> & { ref: Ref<DrawerOpener> }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  useImperativeHandle(ref, () => ({ open: () => setOpen(true) }), []);
  if (!open) return null;
  return (
    <Suspense fallback={<LoadingStatus>{t('filters.loading')}</LoadingStatus>}>
      <FiltersDrawer {...drawer} open onClose={() => setOpen(false)} />
    </Suspense>
  );
}
