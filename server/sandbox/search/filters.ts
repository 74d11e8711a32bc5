// The narrowing filters of a search (docs/api.md, "Search request"): every one narrows,
// lists within a filter are alternatives (except facility_ids, which are ANDed), filters
// are ANDed. The price bounds need the stay's prices and are applied by the session
// (session.ts).
import type { PropertyType } from '../inventory/catalog.ts';
import type { Hotel } from '../inventory/inventory.ts';
import { normalizeText } from './text.ts';

export interface HotelFilters {
  starRatings?: readonly number[];
  propertyTypes?: readonly string[];
  chainIds?: readonly number[];
  facilityIds?: readonly number[];
  hotelName?: string;
  hotelIds?: readonly number[];
}

const nameKeys = new WeakMap<Hotel, string>();

/** The hotel's name as the name filter compares it (case- and accent-insensitive). */
export function nameKeyOf(hotel: Hotel): string {
  let key = nameKeys.get(hotel);
  if (key === undefined) {
    key = normalizeText(hotel.name);
    nameKeys.set(hotel, key);
  }
  return key;
}

/** A predicate for the non-price filters, compiled once per search. */
export function compileFilters(filters: HotelFilters): (hotel: Hotel) => boolean {
  const checks: ((hotel: Hotel) => boolean)[] = [];
  if (filters.starRatings) {
    const stars = new Set(filters.starRatings);
    checks.push((h) => h.stars !== null && stars.has(h.stars));
  }
  if (filters.propertyTypes) {
    const types = new Set<string>(filters.propertyTypes);
    checks.push((h) => types.has(h.propertyType satisfies PropertyType));
  }
  if (filters.chainIds) {
    const chains = new Set(filters.chainIds);
    checks.push((h) => h.chainId !== null && chains.has(h.chainId));
  }
  if (filters.facilityIds && filters.facilityIds.length > 0) {
    let low = 0;
    let high = 0;
    let impossible = false;
    for (const id of filters.facilityIds) {
      if (id >= 1 && id <= 32) low |= 1 << (id - 1);
      else if (id >= 33 && id <= 64) high |= 1 << (id - 33);
      else impossible = true; // no hotel has a facility the catalogue does not know
    }
    checks.push(
      impossible
        ? () => false
        : (h) => (h.facilitiesLow & low) === low && (h.facilitiesHigh & high) === high,
    );
  }
  if (filters.hotelName !== undefined) {
    const needle = normalizeText(filters.hotelName);
    if (needle !== '') checks.push((h) => nameKeyOf(h).includes(needle));
  }
  if (filters.hotelIds) {
    const ids = new Set(filters.hotelIds);
    checks.push((h) => ids.has(h.id));
  }
  return (hotel) => checks.every((check) => check(hotel));
}
