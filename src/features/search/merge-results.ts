// The list on screen, derived from server state: the loaded pages, de-duplicated by
// hotel_id, with the latest price updates merged in and re-sorted under the active
// sort when prices change. Pure, so it is computed on render and never stored.
import type { HotelItem, PriceUpdate, Sort } from '../../contract/index.ts';

export interface ShownHotel extends HotelItem {
  /** How the price moved against the one the page first showed; null when it did not. */
  priceChange: 'up' | 'down' | null;
  /** The amount the page first showed, when it has changed since. */
  previousAmount: number | null;
}

const NO_CHANGE = { priceChange: null, previousAmount: null } as const;

function applyUpdate(hotel: HotelItem, update: PriceUpdate | undefined): ShownHotel {
  if (!update) return { ...hotel, ...NO_CHANGE };
  // Updates carry every field that can change with a price, under the same presence
  // rules: a field missing from the update no longer applies.
  const { value_pct: _v, typical_price_usd_cents: _t, vs_typical_pct: _p, ...rest } = hotel;
  const merged: ShownHotel = {
    ...rest,
    availability_band: update.availability_band,
    price: update.price,
    ...NO_CHANGE,
  };
  if (update.value_pct !== undefined) merged.value_pct = update.value_pct;
  if (update.typical_price_usd_cents !== undefined) {
    merged.typical_price_usd_cents = update.typical_price_usd_cents;
  }
  if (update.vs_typical_pct !== undefined) merged.vs_typical_pct = update.vs_typical_pct;
  const before = hotel.price.amount;
  if (update.price.amount !== before) {
    merged.priceChange = update.price.amount > before ? 'up' : 'down';
    merged.previousAmount = before;
  }
  return merged;
}

/** What a sort orders by, and which way; missing values sort last whatever the direction. */
interface SortKey {
  value: (hotel: ShownHotel) => number | null | undefined;
  direction: 1 | -1;
}

const SORT_KEYS: Record<Sort, SortKey | null> = {
  // Recommended ranking is the server's; the client only keeps it.
  recommended: null,
  price_low_to_high: { value: (hotel) => hotel.price.amount, direction: 1 },
  price_high_to_low: { value: (hotel) => hotel.price.amount, direction: -1 },
  stars: { value: (hotel) => hotel.stars, direction: -1 },
  distance_from_center: { value: (hotel) => hotel.distance_from_center_km, direction: 1 },
  value: { value: (hotel) => hotel.value_pct, direction: -1 },
};

/**
 * Sold-out (band 1) and rarely available (band 2) hotels come after available ones in
 * every sort, as the server orders them; ties keep the server's order (stable sort).
 * Each hotel's key is read once into typed arrays, and the sort compares numbers only:
 * this runs on every price poll over every loaded hotel.
 */
export function sortHotels(hotels: readonly ShownHotel[], sort: Sort): ShownHotel[] {
  const key = SORT_KEYS[sort];
  if (!key) {
    const available: ShownHotel[] = [];
    const others: ShownHotel[] = [];
    for (const hotel of hotels) (hotel.availability_band === 0 ? available : others).push(hotel);
    return available.concat(others);
  }
  const count = hotels.length;
  const bands = new Uint8Array(count);
  const keys = new Float64Array(count);
  const order: number[] = new Array<number>(count);
  for (let index = 0; index < count; index++) {
    const hotel = hotels[index] as ShownHotel;
    const value = key.value(hotel);
    bands[index] = hotel.availability_band === 0 ? 0 : 1;
    keys[index] = value === null || value === undefined ? Infinity : value * key.direction;
    order[index] = index;
  }
  // Infinity − Infinity is NaN, which `||` passes over to the original position.
  order.sort(
    (a, b) =>
      (bands[a] as number) - (bands[b] as number) ||
      (keys[a] as number) - (keys[b] as number) ||
      a - b,
  );
  return order.map((index) => hotels[index] as ShownHotel);
}

/**
 * The shown form of a hotel is made again only when its update changed: between two
 * polls most hotels keep theirs, so the list reuses those objects (and memoized cards
 * skip their render).
 */
const shownCache = new WeakMap<HotelItem, { update: PriceUpdate | undefined; shown: ShownHotel }>();

function shownHotel(hotel: HotelItem, update: PriceUpdate | undefined): ShownHotel {
  const cached = shownCache.get(hotel);
  if (cached && cached.update === update) return cached.shown;
  const shown = applyUpdate(hotel, update);
  shownCache.set(hotel, { update, shown });
  return shown;
}

export function mergePriceUpdates(
  pages: readonly { hotels: readonly HotelItem[] }[],
  updates: Readonly<Record<string, PriceUpdate>>,
  sort: Sort,
): ShownHotel[] {
  const seen = new Set<string>();
  const hotels: ShownHotel[] = [];
  for (const page of pages) {
    for (const hotel of page.hotels) {
      if (seen.has(hotel.hotel_id)) continue;
      seen.add(hotel.hotel_id);
      hotels.push(shownHotel(hotel, updates[hotel.hotel_id]));
    }
  }
  return sortHotels(hotels, sort);
}
