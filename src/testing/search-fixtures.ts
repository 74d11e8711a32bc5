// Search answers as the API gives them, for the results and saved-hotel tests: one hotel
// item and one search answer, written once. Test-only.
import { addDays, type HotelItem } from '../contract/index.ts';
import { localToday } from '../lib/format.ts';
import { NO_FILTERS } from '../stay/filters.ts';
import { type SearchInput } from '../stay/search-url.ts';

/** A Paris search for two adults, ten days from the local today, for two nights. */
export function exampleSearch(patch: Partial<SearchInput> = {}): SearchInput {
  const today = localToday();
  return {
    destination: { type: 'city', id: 2988507 },
    label: 'Paris, France',
    checkIn: addDays(today, 10),
    checkOut: addDays(today, 12),
    rooms: [{ adults: 2, child_ages: [] }],
    nationality: 'IN',
    sort: 'recommended',
    pricingMode: 'instant',
    filters: NO_FILTERS,
    ...patch,
  };
}

export const EXAMPLE_SEARCH_ID = 'srch_0123456789abcdef0123';

/** A Paris hotel with an estimated price of `amount` cents for the stay. */
export function hotelItem(id: string, amount: number, patch: Partial<HotelItem> = {}): HotelItem {
  return {
    hotel_id: id,
    hotel_name: `Hotel ${id}`,
    stars: 4,
    address: `${id} Rue de Rivoli`,
    city: 'Paris',
    country: 'France',
    chain: null,
    main_image_url: null,
    facilities: ['Free WiFi', 'Pool'],
    distance_from_center_km: 1.24,
    availability_band: 0,
    price: { amount, currency: 'USD', rate_type: 'estimated', is_refundable: null },
    ...patch,
  };
}

/** The `data` of a Paris search for these dates: one page, prices already current. */
export function searchAnswer(
  hotels: HotelItem[],
  { checkIn, checkOut }: { checkIn: string; checkOut: string },
  patch: Record<string, unknown> = {},
) {
  return {
    search_info: {
      city_id: 2988507,
      city: 'Paris',
      country_code: 'FR',
      check_in: checkIn,
      check_out: checkOut,
      nights: 2,
      total_rooms: 1,
      total_guests: 2,
      price_sort: 'recommended',
    },
    total_results: 312,
    requested_results: 20,
    returned_results: hotels.length,
    next_cursor: null,
    hotels,
    search_id: EXAMPLE_SEARCH_ID,
    refresh_status: 'NA',
    ...patch,
  };
}

/**
 * The `data` of a nearby-dates search (one hotel, only the fields named): `hotel` as the
 * first hotel, or none.
 */
export function nearbyAnswer(
  body: { check_in: string; check_out: string },
  hotel: Pick<HotelItem, 'availability_band' | 'price'> | null,
) {
  return searchAnswer(
    [],
    { checkIn: body.check_in, checkOut: body.check_out },
    {
      requested_results: 1,
      returned_results: hotel ? 1 : 0,
      hotels: hotel ? [{ hotel_id: '8760001', ...hotel }] : [],
      refresh_status: 'PENDING',
    },
  );
}
