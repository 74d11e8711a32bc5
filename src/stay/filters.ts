// The filters of a search: optional refinements of its results, in the URL beside the stay
// (docs/decisions/020-search-url-format.md). Values that make no sense are dropped, never
// fatal: a filter narrows the results, it never stops a search.
import { SEARCH_LIMITS } from '../contract/index.ts';
import type { SearchInput } from './search-url.ts';

export interface SearchFilters {
  /** Star ratings 1–5, ascending, unique. */
  stars: number[];
  /** Total price for the whole stay, USD cents (multiples of 100: the URL holds whole dollars). */
  priceMinUsdCents: number | null;
  priceMaxUsdCents: number | null;
  propertyTypes: string[];
  chainIds: number[];
  facilityIds: number[];
  hotelName: string | null;
}

export const NO_FILTERS: SearchFilters = {
  stars: [],
  priceMinUsdCents: null,
  priceMaxUsdCents: null,
  propertyTypes: [],
  chainIds: [],
  facilityIds: [],
  hotelName: null,
};

/** The filters' names in the URL. */
export const FILTER_PARAMS = {
  stars: 'stars',
  priceMin: 'pmin',
  priceMax: 'pmax',
  propertyTypes: 'types',
  chains: 'chains',
  facilities: 'fac',
  hotelName: 'name',
} as const;

function uniqueSorted<T extends string | number>(values: T[]): T[] {
  return [...new Set(values)].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
  );
}

function list(raw: string | null): string[] {
  return raw === null ? [] : raw.split(',').filter((item) => item !== '');
}

/** Positive whole numbers of a comma list; anything else is dropped (a filter is optional). */
function idList(raw: string | null, max = Number.MAX_SAFE_INTEGER): number[] {
  return uniqueSorted(
    list(raw)
      .filter((item) => /^[1-9][0-9]{0,15}$/.test(item))
      .map(Number)
      .filter((n) => n <= max),
  );
}

function dollarsToCents(raw: string | null, min: number): number | null {
  if (raw === null || !/^[0-9]{1,9}$/.test(raw)) return null;
  const dollars = Number(raw);
  return dollars * 100 >= min ? dollars * 100 : null;
}

/** Filters are optional refinements: values that make no sense are dropped, never fatal. */
export function parseFilters(params: URLSearchParams): SearchFilters {
  let priceMin = dollarsToCents(params.get(FILTER_PARAMS.priceMin), 0);
  let priceMax = dollarsToCents(params.get(FILTER_PARAMS.priceMax), 1);
  if (priceMin === 0) priceMin = null;
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) {
    [priceMin, priceMax] = [priceMax, priceMin];
  }
  const name = params
    .get(FILTER_PARAMS.hotelName)
    ?.trim()
    .slice(0, SEARCH_LIMITS.maxHotelNameFilter);
  return {
    stars: idList(params.get(FILTER_PARAMS.stars), SEARCH_LIMITS.maxStars),
    priceMinUsdCents: priceMin,
    priceMaxUsdCents: priceMax,
    propertyTypes: uniqueSorted(
      list(params.get(FILTER_PARAMS.propertyTypes))
        .map((type) => type.trim())
        .filter((type) => type !== '' && type.length <= 40),
    ),
    chainIds: idList(params.get(FILTER_PARAMS.chains)),
    facilityIds: idList(params.get(FILTER_PARAMS.facilities)),
    hotelName: name ? name : null,
  };
}

/** The same search with other filters (sort and everything else kept). */
export function withFilters(input: SearchInput, patch: Partial<SearchFilters>): SearchInput {
  return { ...input, filters: normalizeFilters({ ...input.filters, ...patch }) };
}

export function normalizeFilters(filters: SearchFilters): SearchFilters {
  const name = filters.hotelName?.trim();
  return {
    stars: uniqueSorted(filters.stars),
    priceMinUsdCents: filters.priceMinUsdCents || null,
    priceMaxUsdCents: filters.priceMaxUsdCents || null,
    propertyTypes: uniqueSorted(filters.propertyTypes),
    chainIds: uniqueSorted(filters.chainIds),
    facilityIds: uniqueSorted(filters.facilityIds),
    hotelName: name ? name : null,
  };
}

export function activeFilterCount(filters: SearchFilters): number {
  return (
    filters.stars.length +
    (filters.priceMinUsdCents !== null || filters.priceMaxUsdCents !== null ? 1 : 0) +
    filters.propertyTypes.length +
    filters.chainIds.length +
    filters.facilityIds.length +
    (filters.hotelName ? 1 : 0)
  );
}
