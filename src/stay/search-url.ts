// The search inputs as they live in the URL, the source of truth for a search: one parser
// with defaults and one serializer, shared by every feature that needs the stay (search,
// hotel, booking), so a copied link, a reload, back and forward all reproduce the same
// page. The filters' part is filters.ts; the map's state beside a search is the map's; the
// check of a whole search against the contract is search-check.ts's.
//
// Format (docs/decisions/020-search-url-format.md):
//   dest=city:2988507   type and id kept together
//   label=Paris, France display text of the destination (not a search input)
//   checkin=2026-12-01  checkout=2026-12-03
//   rooms=2:5.9,1       rooms by ","; adults, then ":" and the child ages by "."
//   nat=IN              guest nationality (ISO alpha-2)
//   sort=price_low_to_high  mode=live          (defaults recommended / instant omitted)
//   stars=4,5  pmin=100  pmax=500 (whole USD, total stay)  types=hotel,apartment
//   chains=12,15  fac=3,7  name=hilton
import {
  PRICING_MODES,
  SORTS,
  type DestinationRef,
  type DestinationType,
  type ErrorDetail,
  type PricingMode,
  type SearchRequestInput,
  type Sort,
} from '../contract/index.ts';
import { FILTER_PARAMS, parseFilters, type SearchFilters } from './filters.ts';

export type { SearchFilters };

export interface SearchRoom {
  adults: number;
  /** One age (0–17) per child. */
  child_ages: number[];
}

export interface SearchInput {
  destination: DestinationRef;
  /** How the destination reads to the shopper ("Paris, Île-de-France, France"); display only. */
  label: string;
  checkIn: string;
  checkOut: string;
  rooms: SearchRoom[];
  nationality: string;
  sort: Sort;
  pricingMode: PricingMode;
  filters: SearchFilters;
}

/** What a URL holds even when it is not a complete search: enough to prefill the form. */
export type SearchDraft = Omit<SearchInput, 'destination'> & {
  destination: DestinationRef | null;
};

export type ParsedSearch =
  | { ok: true; input: SearchInput }
  /** `issues` name fields as the API does (`check_in`, `rooms[0].child_ages[1]`, `destination`). */
  | { ok: false; draft: SearchDraft; issues: ErrorDetail[] };

export const SEARCH_PARAMS = {
  destination: 'dest',
  label: 'label',
  checkIn: 'checkin',
  checkOut: 'checkout',
  rooms: 'rooms',
  nationality: 'nat',
  sort: 'sort',
  pricingMode: 'mode',
  ...FILTER_PARAMS,
  /**
   * What was typed in the destination field, sent only by the search form's plain submit
   * (before its script runs, or without it); never part of a search's own URL.
   */
  typed: 'q',
} as const;

export const DEFAULT_NATIONALITY = 'IN';
export const DEFAULT_ROOMS: readonly SearchRoom[] = [{ adults: 2, child_ages: [] }];
const DEFAULT_SORT: Sort = 'recommended';
const DEFAULT_PRICING_MODE: PricingMode = 'instant';

/* ------------------------------------------------------------------ reading */

const DESTINATION_PATTERN = /^(city|hotel|place):([1-9][0-9]{0,15})$/;

function parseDestination(raw: string | null): DestinationRef | null {
  const match = raw === null ? null : DESTINATION_PATTERN.exec(raw);
  if (!match) return null;
  return { type: match[1] as DestinationType, id: Number(match[2]) };
}

const SMALL_INT = /^(0|[1-9][0-9]{0,2})$/;

/** "2:5.9,1" → [{adults 2, ages 5 and 9}, {adults 1}]; null when any piece is malformed. */
export function parseRooms(raw: string): SearchRoom[] | null {
  const rooms: SearchRoom[] = [];
  for (const part of raw.split(',')) {
    const [adults, ages, extra] = part.split(':');
    if (adults === undefined || !SMALL_INT.test(adults) || extra !== undefined) return null;
    const childAges = ages === undefined || ages === '' ? [] : ages.split('.');
    if (!childAges.every((age) => SMALL_INT.test(age))) return null;
    rooms.push({ adults: Number(adults), child_ages: childAges.map(Number) });
  }
  return rooms;
}

export function serializeRooms(rooms: readonly SearchRoom[]): string {
  return rooms
    .map((room) =>
      room.child_ages.length === 0
        ? String(room.adults)
        : `${room.adults}:${room.child_ages.join('.')}`,
    )
    .join(',');
}

function isSort(value: string | null): value is Sort {
  return (SORTS as readonly (string | null)[]).includes(value);
}

function isPricingMode(value: string | null): value is PricingMode {
  return (PRICING_MODES as readonly (string | null)[]).includes(value);
}

/** Lenient read of every input, for prefilling a form even from a broken link. */
export function readSearchDraft(params: URLSearchParams): SearchDraft {
  const rawRooms = params.get(SEARCH_PARAMS.rooms);
  const nationality = params.get(SEARCH_PARAMS.nationality)?.toUpperCase();
  const sort = params.get(SEARCH_PARAMS.sort);
  const mode = params.get(SEARCH_PARAMS.pricingMode);
  return {
    destination: parseDestination(params.get(SEARCH_PARAMS.destination)),
    label: params.get(SEARCH_PARAMS.label)?.trim() ?? '',
    checkIn: params.get(SEARCH_PARAMS.checkIn) ?? '',
    checkOut: params.get(SEARCH_PARAMS.checkOut) ?? '',
    rooms: (rawRooms === null ? null : parseRooms(rawRooms)) ?? DEFAULT_ROOMS.map(copyRoom),
    nationality: nationality ? nationality : DEFAULT_NATIONALITY,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    pricingMode: isPricingMode(mode) ? mode : DEFAULT_PRICING_MODE,
    filters: parseFilters(params),
  };
}

function copyRoom(room: SearchRoom): SearchRoom {
  return { adults: room.adults, child_ages: [...room.child_ages] };
}

/* ------------------------------------------------------------------ writing */

/** Leaves `,` and `:` readable: both are allowed in a query and carry our list syntax. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',').replace(/%3A/gi, ':');
}

/** A destination as the URL's `dest` holds it: `city:2988507`. */
export function destinationParam(destination: DestinationRef): string {
  return `${destination.type}:${destination.id}`;
}

/** The canonical query string (no "?") of a search: fixed order, defaults left out. */
export function serializeSearchUrl(input: SearchDraft | SearchInput): string {
  return searchUrlPairs(input)
    .map(([name, value]) => `${name}=${encode(value)}`)
    .join('&');
}

/** The canonical query of a search as name and value pairs (a form's hidden fields). */
export function searchUrlPairs(input: SearchDraft | SearchInput): [string, string][] {
  const { filters } = input;
  const pairs: [string, string | null][] = [
    [SEARCH_PARAMS.destination, input.destination ? destinationParam(input.destination) : null],
    [SEARCH_PARAMS.label, input.label || null],
    [SEARCH_PARAMS.checkIn, input.checkIn || null],
    [SEARCH_PARAMS.checkOut, input.checkOut || null],
    [SEARCH_PARAMS.rooms, serializeRooms(input.rooms)],
    [SEARCH_PARAMS.nationality, input.nationality],
    [SEARCH_PARAMS.sort, input.sort === DEFAULT_SORT ? null : input.sort],
    [
      SEARCH_PARAMS.pricingMode,
      input.pricingMode === DEFAULT_PRICING_MODE ? null : input.pricingMode,
    ],
    [SEARCH_PARAMS.stars, filters.stars.join(',') || null],
    [
      SEARCH_PARAMS.priceMin,
      filters.priceMinUsdCents ? String(Math.round(filters.priceMinUsdCents / 100)) : null,
    ],
    [
      SEARCH_PARAMS.priceMax,
      filters.priceMaxUsdCents ? String(Math.round(filters.priceMaxUsdCents / 100)) : null,
    ],
    [SEARCH_PARAMS.propertyTypes, filters.propertyTypes.join(',') || null],
    [SEARCH_PARAMS.chains, filters.chainIds.join(',') || null],
    [SEARCH_PARAMS.facilities, filters.facilityIds.join(',') || null],
    [SEARCH_PARAMS.hotelName, filters.hotelName],
  ];
  return pairs.filter((pair): pair is [string, string] => pair[1] !== null && pair[1] !== '');
}

/**
 * A hotel as a destination of its own (a search for that hotel and its neighbours), for
 * hotel ids the search's destination ids can carry: whole numbers.
 */
export function hotelDestination(hotelId: string): DestinationRef | null {
  return /^[1-9][0-9]{0,15}$/.test(hotelId) ? { type: 'hotel', id: Number(hotelId) } : null;
}

/* ------------------------------------------------------------------ pages */

/** The results page. */
export const SEARCH_PAGE_PATH = '/search';

/** The results page of a search (or of a draft, for the page to ask for what is missing). */
export function searchPath(input: SearchInput | SearchDraft): string {
  return `${SEARCH_PAGE_PATH}?${serializeSearchUrl(input)}`;
}

/** A hotel's page, carrying the same search inputs so it can price the same stay. */
export function hotelPath(hotelId: string, input: SearchInput): string {
  return `/hotels/${encodeURIComponent(hotelId)}?${serializeSearchUrl(input)}`;
}

/* ------------------------------------------------------------------ to the API */

/**
 * The body of POST /hotels/search for these inputs, without cursor and limit: the
 * normalized inputs that key the results query and are sent again with every page.
 */
export function toSearchRequest(input: SearchInput): SearchRequestInput {
  const { filters } = input;
  const request: SearchRequestInput = {
    destination: { type: input.destination.type, id: input.destination.id },
    check_in: input.checkIn,
    check_out: input.checkOut,
    rooms: input.rooms.map((room) => ({ adults: room.adults, child_ages: [...room.child_ages] })),
    nationality: input.nationality,
    sort: input.sort,
    pricing_mode: input.pricingMode,
  };
  if (filters.stars.length > 0) request.star_ratings = filters.stars;
  if (filters.priceMinUsdCents !== null) request.price_min_usd_cents = filters.priceMinUsdCents;
  if (filters.priceMaxUsdCents !== null) request.price_max_usd_cents = filters.priceMaxUsdCents;
  if (filters.propertyTypes.length > 0) request.property_types = filters.propertyTypes;
  if (filters.chainIds.length > 0) request.chain_ids = filters.chainIds;
  if (filters.facilityIds.length > 0) request.facility_ids = filters.facilityIds;
  if (filters.hotelName) request.hotel_name = filters.hotelName;
  return request;
}
