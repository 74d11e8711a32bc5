// The results page: everything it shows comes from the URL (the search) and from
// React Query (the pages, the price updates, the filters), derived on render. It lays
// out its parts: the stay (summary bar), the controls (toolbar), the filters and the
// hotels (body).
import { useQuery } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadingStatus } from '../../components/ui/loading-status.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useT } from '../../lib/i18n.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { sharedQueries } from '../../lib/queries.ts';
import {
  activeFilterCount,
  parseSearchUrl,
  searchPath,
  withFilters,
  type SearchFilters,
  type SearchInput,
} from '../../lib/search-url.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { FilterChips } from './filter-chips.tsx';
import { ResultsBody, resultsList } from './results-body.tsx';
import { ResultsSummaryBar, SearchForm, searchForm } from './results-summary-bar.tsx';
import { ResultsToolbar } from './results-toolbar.tsx';
import { searchedPlace } from './searched-place.ts';
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

export function SearchResultsPage() {
  const { t } = useT();
  const { search } = useLocation();
  const parsed = useMemo(() => parseSearchUrl(search), [search]);
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
      <Results input={parsed.input} search={search} />
    </>
  );
}

function Results({ input, search }: { input: SearchInput; search: string }) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const resultsRef = useRef<HTMLElement>(null);
  const filtersHeadingId = useId();
  const wide = useMediaQuery('(min-width: 1024px)');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [listOnScreen, setListOnScreen] = useState(true);
  const found = useSearchResults(input, { listOnScreen });
  const oneHotel = input.destination.type === 'hotel';
  // One hotel has nothing to filter: its neighbours come under "Similar hotels nearby".
  const filtersShown = !oneHotel;
  const filterOptions = useQuery({
    ...sharedQueries.filters(input.destination, language),
    enabled: filtersShown,
  });

  // Fetch the list and filter code while the search is in flight; the form when idle.
  useEffect(() => {
    void resultsList.preload();
    void filtersPanel.preload();
    void filtersDrawer.preload();
    return whenIdle(() => void searchForm.preload());
  }, []);

  const go = useCallback((next: SearchInput) => void navigate(searchPath(next)), [navigate]);
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

  return (
    <div className="space-y-4">
      <ResultsSummaryBar
        input={input}
        place={place.full}
        search={search}
        serverIssues={found.serverIssues}
      />
      <ResultsToolbar
        input={input}
        place={place.name}
        oneHotel={oneHotel}
        totalResults={first?.total_results}
        filterCount={filterCount}
        onOpenFilters={wide ? null : () => setFiltersOpen(true)}
        go={go}
      />
      {filtersShown && (
        <FilterChips
          filters={input.filters}
          options={filterOptions.data}
          onChange={changeFilters}
        />
      )}

      <div className={`grid gap-6 ${filtersShown ? 'lg:grid-cols-[18rem_minmax(0,1fr)]' : ''}`}>
        {wide && filtersShown && (
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
        <ResultsBody
          input={input}
          filterCount={filterCount}
          search={found}
          changeFilters={changeFilters}
          onListOnScreenChange={setListOnScreen}
          ref={resultsRef}
        />
      </div>

      {!wide && filtersShown && filtersOpen && (
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
