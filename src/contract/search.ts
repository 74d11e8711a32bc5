// POST /hotels/search and the price-update endpoint GET /hotels/search/{search_id}/prices
// (docs/api.md, "Search" and "Price updates").
import * as z from 'zod/mini';
import {
  CentsSchema,
  CurrencySchema,
  IsoDateSchema,
  OpaqueIdSchema,
  intBetween,
  PositiveIdSchema,
} from './common-schemas.ts';
import {
  MAX_DAYS_AHEAD,
  MAX_NIGHTS,
  dayNumber,
  isValidIsoDate,
  systemNow,
  todayForCheckIn,
  type Now,
} from './common.ts';
import { ISO_COUNTRY_CODES } from './countries.ts';
import {
  SEARCH_LIMITS,
  DESTINATION_TYPES,
  SORTS,
  PRICE_SORTS,
  PRICING_MODES,
  RATE_TYPES,
  AVAILABILITY_BANDS,
  HOTEL_ITEM_FIELDS,
  CURSOR_PATTERN,
  type Sort,
  type PriceSort,
  type HotelItemField,
} from './search-terms.ts';

const HOTEL_ITEM_FIELD_SET: ReadonlySet<string> = new Set(HOTEL_ITEM_FIELDS);

/* ------------------------------------------------------------------ request pieces */

export const DestinationRefSchema = z.object({
  type: z.enum(DESTINATION_TYPES, 'must be one of city, hotel, place'),
  id: PositiveIdSchema,
});
export type DestinationRef = z.infer<typeof DestinationRefSchema>;

/**
 * Cross-field rules run even when a field already failed (zod skips them after a
 * type error otherwise), so that every violation is reported at once; they only
 * need the value to be an object.
 */
function isObjectPayload(payload: { value: unknown }): boolean {
  return (
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value)
  );
}

function occupantsOf(room: unknown): number {
  if (typeof room !== 'object' || room === null) return 0;
  const { adults, child_ages } = room as { adults?: unknown; child_ages?: unknown };
  const a = typeof adults === 'number' ? adults : 0;
  const c = Array.isArray(child_ages) ? child_ages.length : 0;
  return a + c;
}

export const RoomConfigSchema = z
  .object({
    adults: intBetween(SEARCH_LIMITS.minAdults, SEARCH_LIMITS.maxAdults, 'must be between 1 and 5'),
    child_ages: z._default(
      z.array(
        intBetween(
          SEARCH_LIMITS.minChildAge,
          SEARCH_LIMITS.maxChildAge,
          'must be between 0 and 17',
        ),
        'must be a list of ages',
      ),
      [],
    ),
  })
  .check(
    z.refine((room) => occupantsOf(room) <= SEARCH_LIMITS.maxOccupantsPerRoom, {
      message: 'must hold at most 5 people (adults plus children)',
      when: isObjectPayload,
    }),
  );
export type RoomConfig = z.output<typeof RoomConfigSchema>;

export const RoomsSchema = z
  .array(RoomConfigSchema, 'must be a list of rooms')
  .check(
    z.minLength(SEARCH_LIMITS.minRooms, 'must have between 1 and 5 rooms'),
    z.maxLength(SEARCH_LIMITS.maxRooms, 'must have between 1 and 5 rooms'),
  );

export const NationalitySchema = z.string('must be an ISO 3166-1 alpha-2 code').check(
  z.regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166-1 alpha-2 code such as IN'),
  z.refine((code) => ISO_COUNTRY_CODES.has(code), 'is not an ISO 3166-1 alpha-2 country code'),
);

/** check_in: a real date, not before today in UTC−12, at most 500 days ahead. */
export function checkInSchema(now: Now) {
  return IsoDateSchema.check(
    z.refine((date: string) => date >= todayForCheckIn(now()), 'must be today or a later date'),
    z.refine(
      (date: string) => dayNumber(date) - dayNumber(todayForCheckIn(now())) <= MAX_DAYS_AHEAD,
      `must be at most ${MAX_DAYS_AHEAD} days ahead`,
    ),
  );
}

function stayDates(value: unknown): { checkIn: string; checkOut: string } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { check_in, check_out } = value as { check_in?: unknown; check_out?: unknown };
  if (typeof check_in !== 'string' || typeof check_out !== 'string') return null;
  if (!isValidIsoDate(check_in) || !isValidIsoDate(check_out)) return null;
  return { checkIn: check_in, checkOut: check_out };
}

/** The cross-field stay rules, shared by search, rooms and anything with a stay. */
export const stayChecks = [
  z.refine(
    (value: unknown) => {
      const stay = stayDates(value);
      return stay === null || stay.checkOut > stay.checkIn;
    },
    { message: 'must be after check_in', path: ['check_out'], when: isObjectPayload },
  ),
  z.refine(
    (value: unknown) => {
      const stay = stayDates(value);
      return (
        stay === null ||
        stay.checkOut <= stay.checkIn ||
        dayNumber(stay.checkOut) - dayNumber(stay.checkIn) <= MAX_NIGHTS
      );
    },
    {
      message: `must be at most ${MAX_NIGHTS} nights after check_in`,
      path: ['check_out'],
      when: isObjectPayload,
    },
  ),
] as const;

/**
 * A stay on its own (dates, rooms, nationality) with every rule a search applies to it:
 * what a form that edits a stay checks before it sends anything.
 */
export function createStaySchema(now: Now = systemNow) {
  return z
    .object({
      check_in: checkInSchema(now),
      check_out: IsoDateSchema,
      rooms: RoomsSchema,
      nationality: NationalitySchema,
    })
    .check(...stayChecks);
}

const idList = (what: string) =>
  z
    .array(PositiveIdSchema, `must be a list of ${what}`)
    .check(
      z.maxLength(SEARCH_LIMITS.maxIdList, `must have at most ${SEARCH_LIMITS.maxIdList} entries`),
    );

const priceBounds = z.refine(
  (value: unknown) => {
    const { price_min_usd_cents: min, price_max_usd_cents: max } = value as {
      price_min_usd_cents?: unknown;
      price_max_usd_cents?: unknown;
    };
    return typeof min !== 'number' || typeof max !== 'number' || min <= max;
  },
  {
    message: 'must not be less than price_min_usd_cents',
    path: ['price_max_usd_cents'],
    when: isObjectPayload,
  },
);

/* ------------------------------------------------------------------ search request */

/**
 * The search request with every rule of its fields, the stay and the occupancy
 * (docs/api.md, "Search request" and "Stay rules"). Built per clock because "today"
 * depends on it.
 */
export function createSearchRequestSchema(now: Now = systemNow) {
  return z
    .object({
      destination: DestinationRefSchema,
      check_in: checkInSchema(now),
      check_out: IsoDateSchema,
      rooms: RoomsSchema,
      nationality: z._default(NationalitySchema, 'IN'),
      star_ratings: z.optional(
        z
          .array(
            intBetween(SEARCH_LIMITS.minStars, SEARCH_LIMITS.maxStars, 'must be between 1 and 5'),
            'must be a list of star ratings',
          )
          .check(z.maxLength(5, 'must have at most 5 entries')),
      ),
      price_min_usd_cents: z.optional(
        z.int('must be whole cents').check(z.minimum(0, 'must be at least 0')),
      ),
      price_max_usd_cents: z.optional(
        z.int('must be whole cents').check(z.minimum(1, 'must be at least 1')),
      ),
      property_types: z.optional(
        z
          .array(
            z
              .string('must be a property type')
              .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(40, 'is too long')),
            'must be a list of property types',
          )
          .check(z.maxLength(50, 'must have at most 50 entries')),
      ),
      chain_ids: z.optional(idList('chain ids')),
      facility_ids: z.optional(idList('facility ids')),
      hotel_name: z.optional(
        z.pipe(
          z
            .string('must be text')
            .check(
              z.maxLength(
                SEARCH_LIMITS.maxHotelNameFilter,
                `must be at most ${SEARCH_LIMITS.maxHotelNameFilter} characters`,
              ),
              z.trim(),
            ),
          z.transform((name: string) => (name === '' ? undefined : name)),
        ),
      ),
      hotel_ids: z.optional(idList('hotel ids')),
      limit: z._default(
        intBetween(1, SEARCH_LIMITS.maxPageSize, 'must be between 1 and 100'),
        SEARCH_LIMITS.defaultPageSize,
      ),
      cursor: z.optional(
        z
          .string('must be a string')
          .check(
            z.regex(
              CURSOR_PATTERN,
              'is not a cursor from a previous response (<sort_key>_<hotel_id>)',
            ),
          ),
      ),
      price_sort: z.optional(z.enum(PRICE_SORTS, 'must be low_to_high or high_to_low')),
      sort: z.optional(z.enum(SORTS, `must be one of ${SORTS.join(', ')}`)),
      pricing_mode: z._default(z.enum(PRICING_MODES, 'must be instant or live'), 'instant'),
      fields: z.optional(
        z.pipe(
          z
            .array(z.string('must be a field name'), 'must be a list of field names')
            .check(z.maxLength(50, 'must have at most 50 entries')),
          z.transform((names: string[]) =>
            names.filter((name): name is HotelItemField => HOTEL_ITEM_FIELD_SET.has(name)),
          ),
        ),
      ),
    })
    .check(...stayChecks, priceBounds);
}

// Types only: each side builds the schema for its own clock, when it first checks a search
// (building one costs a page's start a few milliseconds on a phone).
type SearchRequestSchema = ReturnType<typeof createSearchRequestSchema>;
export type SearchRequest = z.output<SearchRequestSchema>;
export type SearchRequestInput = z.input<SearchRequestSchema>;

/** Sort wins over price_sort; with neither, recommended ranking applies. */
export function resolveSort(request: Pick<SearchRequestInput, 'sort' | 'price_sort'>): Sort {
  if (request.sort) return request.sort;
  if (request.price_sort === 'low_to_high') return 'price_low_to_high';
  if (request.price_sort === 'high_to_low') return 'price_high_to_low';
  return 'recommended';
}

/** search_info.price_sort for an applied sort: recommended for any sort but the price sorts. */
export function priceSortLabel(sort: Sort): 'recommended' | PriceSort {
  if (sort === 'price_low_to_high') return 'low_to_high';
  if (sort === 'price_high_to_low') return 'high_to_low';
  return 'recommended';
}

export function splitCursor(cursor: string): { sortKey: string; hotelId: number } | null {
  if (!CURSOR_PATTERN.test(cursor)) return null;
  const at = cursor.lastIndexOf('_');
  return { sortKey: cursor.slice(0, at), hotelId: Number(cursor.slice(at + 1)) };
}

/* ------------------------------------------------------------------ response */

const nullableNumber = z.optional(z.nullable(z.number()));
const nullableString = z.optional(z.nullable(z.string()));
/** 0 available, 1 sold out for the stay, 2 rarely available (docs/api.md, "Search response"). */
const band = z.literal(AVAILABILITY_BANDS);

export const PriceSchema = z.object({
  amount: CentsSchema,
  currency: CurrencySchema,
  rate_type: z.enum(RATE_TYPES),
  is_refundable: z.optional(z.nullable(z.boolean())),
  free_cancellation_until: nullableString,
});
export type Price = z.infer<typeof PriceSchema>;

export const HotelItemSchema = z.object({
  hotel_id: z.string(),
  hotel_name: z.string(),
  stars: nullableNumber,
  address: nullableString,
  city: z.string(),
  country: z.string(),
  latitude: nullableNumber,
  longitude: nullableNumber,
  main_image_url: nullableString,
  chain: nullableString,
  facilities: z.array(z.string()).check(z.maxLength(SEARCH_LIMITS.maxFacilityHighlights)),
  distance_from_center_km: nullableNumber,
  value_pct: z.optional(z.number()),
  typical_price_usd_cents: z.optional(z.number()),
  vs_typical_pct: z.optional(z.number()),
  availability_band: band,
  price: PriceSchema,
});
export type HotelItem = z.infer<typeof HotelItemSchema>;

export const SimilarHotelItemSchema = z.extend(HotelItemSchema, { distance_km: nullableNumber });
export type SimilarHotelItem = z.infer<typeof SimilarHotelItemSchema>;

/** With `fields`, only hotel_id is guaranteed. */
export const SparseHotelItemSchema = z.extend(z.partial(HotelItemSchema), { hotel_id: z.string() });
export type SparseHotelItem = z.infer<typeof SparseHotelItemSchema>;

export const SearchInfoSchema = z.object({
  place_id: z.optional(z.number()),
  place: z.optional(z.string()),
  place_type: z.optional(z.string()),
  city_id: z.number(),
  city: z.string(),
  country_code: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  nights: z.number(),
  total_rooms: z.number(),
  total_guests: z.number(),
  price_sort: z.enum(['recommended', 'low_to_high', 'high_to_low']),
  sort: z.optional(z.enum(SORTS)),
  /**
   * An addition of ours: the centre distances are measured from (the median of the city's
   * hotel coordinates), for the map; null when no hotel of the city has coordinates.
   */
  center: z.optional(z.nullable(z.object({ latitude: z.number(), longitude: z.number() }))),
});
export type SearchInfo = z.infer<typeof SearchInfoSchema>;

export const REFRESH_STATUSES = ['PENDING', 'NA'] as const;

function searchDataSchema<H extends z.ZodMiniType>(hotel: H) {
  return z.object({
    search_info: SearchInfoSchema,
    total_results: z.number(),
    requested_results: z.number(),
    returned_results: z.number(),
    next_cursor: nullableString,
    hotels: z.array(hotel),
    search_id: z.string(),
    refresh_status: z.enum(REFRESH_STATUSES),
    similar_hotels: z.optional(
      z.array(SimilarHotelItemSchema).check(z.maxLength(SEARCH_LIMITS.maxSimilarHotels)),
    ),
  });
}

export const SearchResponseDataSchema = searchDataSchema(HotelItemSchema);
export type SearchResponseData = z.infer<typeof SearchResponseDataSchema>;

/** For requests that named `fields`: hotel items are sparse. */
export const SparseSearchResponseDataSchema = searchDataSchema(SparseHotelItemSchema);
export type SparseSearchResponseData = z.infer<typeof SparseSearchResponseDataSchema>;

/* ------------------------------------------------------------------ price updates */

export const POLL_STATUSES = ['PENDING', 'COMPLETE', 'EXPIRED'] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];

export const SearchIdSchema = OpaqueIdSchema;

const REFRESH_IDS_PATTERN = new RegExp(
  `^([1-9][0-9]{0,15})(,[1-9][0-9]{0,15}){0,${SEARCH_LIMITS.maxRefreshIds - 1}}$`,
);

export const PricesQuerySchema = z.object({
  refresh_ids: z._default(
    z.pipe(
      z
        .string('must be a comma-separated list of hotel ids')
        .check(
          z.refine(
            (raw: string) => raw === '' || REFRESH_IDS_PATTERN.test(raw),
            `must be a comma-separated list of at most ${SEARCH_LIMITS.maxRefreshIds} hotel ids`,
          ),
        ),
      z.transform((raw: string) => (raw === '' ? [] : raw.split(','))),
    ),
    [],
  ),
  since: z.optional(
    z.pipe(
      z
        .string('must be a version number')
        .check(
          z.regex(/^(0|[1-9][0-9]{0,9})$/, 'must be a version number from a previous response'),
        ),
      z.transform(Number),
    ),
  ),
});

export const PriceUpdateSchema = z.object({
  hotel_id: z.string(),
  availability_band: band,
  price: PriceSchema,
  value_pct: z.optional(z.number()),
  typical_price_usd_cents: z.optional(z.number()),
  vs_typical_pct: z.optional(z.number()),
});
export type PriceUpdate = z.infer<typeof PriceUpdateSchema>;

export const PricesResponseDataSchema = z.object({
  search_id: z.string(),
  refresh_status: z.enum(POLL_STATUSES),
  version: z.int().check(z.minimum(0)),
  refreshed: z.int().check(z.minimum(0)),
  total: z.int().check(z.minimum(0)),
  updates: z.array(PriceUpdateSchema),
});
export type PricesResponseData = z.infer<typeof PricesResponseDataSchema>;
