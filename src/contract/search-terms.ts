// The words and limits of a search (docs/api.md, "Search"): how many rooms and guests,
// the destinations' types, the sorts, the pricing modes, the hotel fields a client may
// name, the cursor's form. Plain values, so a page reads them without the request's and
// answers' schemas (search.ts).

export const SEARCH_LIMITS = {
  minRooms: 1,
  maxRooms: 5,
  minAdults: 1,
  maxAdults: 5,
  maxOccupantsPerRoom: 5,
  minChildAge: 0,
  maxChildAge: 17,
  minStars: 1,
  maxStars: 5,
  defaultPageSize: 20,
  maxPageSize: 100,
  maxFacilityHighlights: 5,
  maxIdList: 250,
  maxHotelNameFilter: 100,
  maxSimilarHotels: 10,
  maxRefreshIds: 100,
} as const;

export const DESTINATION_TYPES = ['city', 'hotel', 'place'] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

export const SORTS = [
  'recommended',
  'price_low_to_high',
  'price_high_to_low',
  'stars',
  'distance_from_center',
  'value',
] as const;
export type Sort = (typeof SORTS)[number];

export const PRICE_SORTS = ['low_to_high', 'high_to_low'] as const;
export type PriceSort = (typeof PRICE_SORTS)[number];

export const PRICING_MODES = ['instant', 'live'] as const;
export type PricingMode = (typeof PRICING_MODES)[number];

export const RATE_TYPES = ['live', 'estimated'] as const;
export const AVAILABILITY_BANDS = [0, 1, 2] as const;

/** The hotel-item fields a client may name in `fields` (hotel_id is always returned). */
export const HOTEL_ITEM_FIELDS = [
  'hotel_id',
  'hotel_name',
  'stars',
  'address',
  'city',
  'country',
  'latitude',
  'longitude',
  'main_image_url',
  'chain',
  'facilities',
  'distance_from_center_km',
  'value_pct',
  'typical_price_usd_cents',
  'vs_typical_pct',
  'availability_band',
  'price',
] as const;
export type HotelItemField = (typeof HOTEL_ITEM_FIELDS)[number];

/**
 * `<sort_key>_<hotel_id>`: the sort key is made of letters, digits, `.`, `-`
 * and `~` (never `_`), so the last underscore separates the two parts.
 */
export const CURSOR_PATTERN = /^[A-Za-z0-9.~-]{1,48}_[1-9][0-9]{0,15}$/;
