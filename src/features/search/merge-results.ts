// The list on screen, derived from server state: the loaded pages, de-duplicated by
// hotel_id, with the latest price updates merged in and re-sorted under the active
// sort (seed 4.1 rule 2). Pure, so it is computed on render and never stored.
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

type Compare = (a: ShownHotel, b: ShownHotel) => number;

/** Missing values sort last whatever the direction. */
function by(value: (hotel: ShownHotel) => number | null | undefined, direction: 1 | -1): Compare {
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return (x - y) * direction;
  };
}

const COMPARE_BY_SORT: Record<Sort, Compare | null> = {
  // Recommended ranking is the server's; the client only keeps it.
  recommended: null,
  price_low_to_high: by((hotel) => hotel.price.amount, 1),
  price_high_to_low: by((hotel) => hotel.price.amount, -1),
  stars: by((hotel) => hotel.stars, -1),
  distance_from_center: by((hotel) => hotel.distance_from_center_km, 1),
  value: by((hotel) => hotel.value_pct, -1),
};

/**
 * Sold-out (band 1) and rarely available (band 2) hotels come after available ones in
 * every sort, as the server orders them; ties keep the server's order (stable sort).
 */
export function sortHotels(hotels: readonly ShownHotel[], sort: Sort): ShownHotel[] {
  const compare = COMPARE_BY_SORT[sort];
  return [...hotels].sort((a, b) => {
    const band = Number(a.availability_band !== 0) - Number(b.availability_band !== 0);
    return band !== 0 ? band : compare ? compare(a, b) : 0;
  });
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
      hotels.push(applyUpdate(hotel, updates[hotel.hotel_id]));
    }
  }
  return sortHotels(hotels, sort);
}
