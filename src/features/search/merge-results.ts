// The list on screen, derived from server state: the loaded pages, de-duplicated by
// hotel_id, with the latest price updates merged in and re-sorted under the active
// sort when prices change. Pure, so it is computed on render and never stored.
import {
  SORT_ORDERS,
  type HotelItem,
  type PriceUpdate,
  type Sort,
  type SortKey,
} from '../../contract/index.ts';

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

/**
 * What each sort's figure is on a shown hotel; which way it goes, and that a missing figure
 * goes last whatever the direction, is the contract's SORT_ORDERS, as the server sorts.
 */
const SORT_FIGURES: Readonly<
  Record<SortKey, ((hotel: ShownHotel) => number | null | undefined) | null>
> = {
  // Recommended ranking is the server's; the client only keeps it.
  recommended: null,
  price: (hotel) => hotel.price.amount,
  stars: (hotel) => hotel.stars,
  distance: (hotel) => hotel.distance_from_center_km,
  value: (hotel) => hotel.value_pct,
};

/**
 * Sold-out (band 1) and then rarely available (band 2) hotels come after available ones
 * in every sort, as the server orders them; ties keep the server's order (stable sort),
 * which is its tie-break (the recommended ranking, then the hotel id).
 * Each hotel's key is read once into typed arrays, and the sort compares numbers only:
 * this runs on every price poll over every loaded hotel.
 */
export function sortHotels(hotels: readonly ShownHotel[], sort: Sort): ShownHotel[] {
  const order = SORT_ORDERS[sort];
  const figure = SORT_FIGURES[order.key];
  if (!figure) {
    const byBand: [ShownHotel[], ShownHotel[], ShownHotel[]] = [[], [], []];
    for (const hotel of hotels) byBand[hotel.availability_band].push(hotel);
    return byBand[0].concat(byBand[1], byBand[2]);
  }
  const count = hotels.length;
  const bands = new Uint8Array(count);
  const keys = new Float64Array(count);
  const positions: number[] = new Array<number>(count);
  for (let index = 0; index < count; index++) {
    const hotel = hotels[index] as ShownHotel;
    const value = figure(hotel);
    bands[index] = hotel.availability_band;
    keys[index] = value === null || value === undefined ? Infinity : value * order.direction;
    positions[index] = index;
  }
  // Infinity − Infinity is NaN, which `||` passes over to the original position.
  positions.sort(
    (a, b) =>
      (bands[a] as number) - (bands[b] as number) ||
      (keys[a] as number) - (keys[b] as number) ||
      a - b,
  );
  return positions.map((index) => hotels[index] as ShownHotel);
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
