// Nearby dates: the same stay checking in a few days earlier or later, and what each of
// those stays costs. The hotel page prices its hotel on each date, the results page the
// lowest of its destination; both use the dates, the prices and the pick of the cheapest
// from here. Pure: no React, no fetching.
import { addDays, type SparseHotelItem } from '../../contract/index.ts';
import { toRoomDrafts } from '../guests.ts';
import { validateStay } from '../fields/stay-rules.ts';
import { stayNights, type Stay } from '../stay.ts';

/** How many days either side of the chosen check-in. */
export const NEARBY_DAYS = 3;

export interface NearbyDate {
  /** Days from the chosen check-in: −3 to 3, 0 being the chosen stay itself. */
  offset: number;
  /** The stay checking in then: the same nights, rooms and nationality. */
  stay: Stay;
}

/**
 * The stays checking in up to NEARBY_DAYS days before and after `stay`, in date order,
 * each as long as `stay`. A date the stay fields would refuse (before the shopper's own
 * today, or beyond the last day the API takes) is left out, so a stay starting soon has
 * fewer.
 */
export function nearbyStays(stay: Stay, today: string): NearbyDate[] {
  const nights = stayNights(stay);
  const dates: NearbyDate[] = [];
  for (let offset = -NEARBY_DAYS; offset <= NEARBY_DAYS; offset++) {
    const checkIn = addDays(stay.checkIn, offset);
    const moved: Stay = { ...stay, checkIn, checkOut: addDays(checkIn, nights) };
    const problems = validateStay(
      {
        dates: { checkIn: moved.checkIn, checkOut: moved.checkOut },
        rooms: toRoomDrafts(moved.rooms),
        nationality: moved.nationality,
      },
      today,
    );
    if (problems.length === 0) dates.push({ offset, stay: moved });
  }
  return dates;
}

/** What one search for a nearby stay found. */
export type NearbyPrice =
  /** The total of the stay, every night and room. */
  | { kind: 'price'; amount: number; currency: string; estimated: boolean }
  /** Sold out for that stay (band 1). */
  | { kind: 'soldOut' }
  /** Rarely available at all (band 2). */
  | { kind: 'unavailable' }
  /** No hotel matched (the results' filters left none). */
  | { kind: 'none' };

/**
 * The price of the first hotel of a nearby search's answer. Asked for the lowest price
 * first, a sold-out first hotel means none is available: sorts put them last.
 */
export function nearbyPriceOf(hotel: SparseHotelItem | undefined): NearbyPrice {
  if (!hotel) return { kind: 'none' };
  if (hotel.availability_band === 1) return { kind: 'soldOut' };
  if (hotel.availability_band === 2) return { kind: 'unavailable' };
  if (!hotel.price) return { kind: 'none' };
  return {
    kind: 'price',
    amount: hotel.price.amount,
    currency: hotel.price.currency,
    estimated: hotel.price.rate_type === 'estimated',
  };
}

/** A date's price as a page holds it: found, still being asked, or not to be had. */
export type CellPrice = NearbyPrice | 'loading' | 'failed';

/**
 * The check-in of the cheapest stay among `cells`, or null: while any is still loading
 * (the mark would jump), with fewer than two prices to compare, or when prices come in
 * different currencies. A tie goes to the earlier date.
 */
export function cheapestCheckIn(
  cells: readonly { checkIn: string; price: CellPrice | null }[],
): string | null {
  if (cells.some((cell) => cell.price === 'loading')) return null;
  const priced = cells.flatMap((cell) =>
    cell.price !== null && typeof cell.price === 'object' && cell.price.kind === 'price'
      ? [{ checkIn: cell.checkIn, amount: cell.price.amount, currency: cell.price.currency }]
      : [],
  );
  if (priced.length < 2) return null;
  if (new Set(priced.map((cell) => cell.currency)).size > 1) return null;
  let cheapest = priced[0];
  for (const cell of priced) {
    if (
      cheapest === undefined ||
      cell.amount < cheapest.amount ||
      (cell.amount === cheapest.amount && cell.checkIn < cheapest.checkIn)
    ) {
      cheapest = cell;
    }
  }
  return cheapest?.checkIn ?? null;
}
