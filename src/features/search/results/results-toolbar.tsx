// The results' heading and what shapes the list: the sort, the filters (a drawer on
// narrow screens) and live prices. Each control changes the URL, which is the search.
// The sort and live prices are also a plain GET form of the search, so a choice made
// before the page has hydrated (the early-input script submits it) or without script
// (its Apply button) loads the same URL the script would have gone to.
import { useState } from 'react';
import { Link } from 'react-router';
import { SORTS, type Sort } from '../../../contract/index.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useFocusOnMount } from '../../../components/ui/focus.ts';
import { EARLY_SUBMIT_ATTRIBUTE } from '../../../lib/early-input.ts';
import { mapStatePairs, type MapState } from '../map/map-state.ts';
import { useT, type MessageId } from '../../../lib/i18n.ts';
import {
  destinationParam,
  SEARCH_PAGE_PATH,
  SEARCH_PARAMS,
  searchUrlPairs,
  type SearchInput,
} from '../../../stay/search-url.ts';

const SORT_LABEL: Record<Sort, MessageId> = {
  recommended: 'results.sort.recommended',
  price_low_to_high: 'results.sort.priceLow',
  price_high_to_low: 'results.sort.priceHigh',
  stars: 'results.sort.stars',
  distance_from_center: 'results.sort.distance',
  value: 'results.sort.value',
};

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

export function ResultsToolbar({
  input,
  place,
  oneHotel,
  totalResults,
  filterCount,
  onOpenFilters,
  map,
  onToggleMap,
  go,
}: {
  input: SearchInput;
  /** The short name of where (or of the hotel) the search is for. */
  place: string;
  /**
   * A search for one hotel reads as that hotel: its name is the heading, and there is
   * nothing to sort or filter.
   */
  oneHotel: boolean;
  /** Undefined until the first page answers. */
  totalResults: number | undefined;
  filterCount: number;
  /** Opens the filters drawer; null where the filters are beside the list. */
  onOpenFilters: (() => void) | null;
  /** The map's state beside the search: its toggle, and kept when the sort is a form. */
  map: MapState;
  onToggleMap: () => void;
  go: (next: SearchInput) => void;
}) {
  const { t } = useT();
  // A new search lands on its heading, so keyboard and screen-reader users start there.
  const headingRef = useFocusOnMount<HTMLHeadingElement>({
    trigger: destinationParam(input.destination),
  });
  const [shownSort, setShownSort] = useFollowing(input.sort);
  const [shownLive, setShownLive] = useFollowing(input.pricingMode === 'live');

  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1
          ref={headingRef}
          id="results-title"
          tabIndex={-1}
          className="text-2xl font-bold outline-none"
        >
          {oneHotel ? place : t('results.title', { place })}
        </h1>
        {totalResults === undefined ? (
          <p className="text-slate-700">{t('results.searching')}</p>
        ) : (
          !oneHotel && (
            <p className="text-slate-700">{t('results.count', { count: totalResults })}</p>
          )
        )}
      </div>
      <form
        method="get"
        action={SEARCH_PAGE_PATH}
        {...{ [EARLY_SUBMIT_ATTRIBUTE]: '' }}
        className="flex w-full flex-wrap items-end gap-x-4 gap-y-2 sm:w-auto"
      >
        {[...searchUrlPairs(input), ...mapStatePairs(map)]
          .filter(([name]) => name !== SEARCH_PARAMS.sort && name !== SEARCH_PARAMS.pricingMode)
          .map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        <div className="min-w-0 flex-1 sm:flex-none" hidden={oneHotel}>
          <label htmlFor="results-sort" className="block text-sm font-semibold text-slate-800">
            {t('results.sort.label')}
          </label>
          <select
            id="results-sort"
            name={SEARCH_PARAMS.sort}
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
          {/* What the default order rests on, said where the order is chosen. */}
          <Link to="/about#ranking" className="text-xs text-blue-800 underline underline-offset-2">
            {t('results.howWeRank')}
          </Link>
        </div>
        {onOpenFilters && !oneHotel && (
          <button
            type="button"
            onClick={onOpenFilters}
            className={buttonClass({ variant: 'secondary' }, 'bg-white')}
          >
            {filterCount > 0
              ? t('filters.openWithCount', { count: filterCount })
              : t('filters.open')}
          </button>
        )}
        <button
          type="button"
          aria-pressed={map.open}
          onClick={onToggleMap}
          className={buttonClass({ variant: 'secondary' }, map.open ? 'bg-blue-50' : 'bg-white')}
        >
          {t('map.toggle')}
        </button>
        <label className="flex w-full items-center gap-2 text-sm text-slate-900 sm:w-auto sm:py-2">
          <input
            type="checkbox"
            name={SEARCH_PARAMS.pricingMode}
            value="live"
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
        <noscript>
          <button type="submit" className={buttonClass({ variant: 'secondary' }, 'bg-white')}>
            {t('app.apply')}
          </button>
        </noscript>
      </form>
    </div>
  );
}
