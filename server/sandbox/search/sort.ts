// The six sorts as precomputed keys, and the keyset cursor `<sort_key>_<hotel_id>`.
//
// What each sort orders by is the contract's SORT_ORDERS (the browser keeps the same
// order): here the band, then one integer key (the sort's figure) or two (then the
// recommended score), then the hotel id. The sort key of a cursor spells the sort's tag,
// the band and the keys ("pl.0.45100", "s.0.4.3182045"), so a cursor from another sort is
// recognised and refused, and a cursor is a position that stays valid while prices move.
import { SORT_ORDERS, SORTS, type Sort } from '../../../src/contract/index.ts';

export interface SortSpec {
  tag: string;
  /** How many integer keys follow the band. */
  keyCount: 1 | 2;
  /** +1 ascending, −1 descending, per key. */
  directions: readonly [1 | -1, 1 | -1];
}

/** The tag a cursor of each sort starts with. */
const CURSOR_TAGS: Readonly<Record<Sort, string>> = {
  recommended: 'r',
  price_low_to_high: 'pl',
  price_high_to_low: 'ph',
  stars: 's',
  distance_from_center: 'd',
  value: 'v',
};

function specOf(sort: Sort): SortSpec {
  const order = SORT_ORDERS[sort];
  return {
    tag: CURSOR_TAGS[sort],
    keyCount: order.thenRecommended ? 2 : 1,
    directions: [order.direction, order.thenRecommended ? SORT_ORDERS.recommended.direction : 1],
  };
}

export const SORT_SPECS = Object.fromEntries(SORTS.map((sort) => [sort, specOf(sort)])) as Readonly<
  Record<Sort, SortSpec>
>;

/** Distance key of a hotel without coordinates: after every real distance (ascending). */
export const NO_DISTANCE = 2_000_000_000;
/** Value key of a hotel without a comparison (no stars or no peers): after every real value (descending). */
export const NO_VALUE = -1_000_000;

/** One position in a sort order: band, keys, hotel id. */
export interface SortPoint {
  band: number;
  key1: number;
  key2: number;
  hotelId: number;
}

export function compareSortPoints(spec: SortSpec, a: SortPoint, b: SortPoint): number {
  return (
    a.band - b.band ||
    spec.directions[0] * (a.key1 - b.key1) ||
    spec.directions[1] * (a.key2 - b.key2) ||
    a.hotelId - b.hotelId
  );
}

export function encodeCursor(spec: SortSpec, point: SortPoint): string {
  const keys = spec.keyCount === 2 ? `${point.key1}.${point.key2}` : `${point.key1}`;
  return `${spec.tag}.${point.band}.${keys}_${point.hotelId}`;
}

const INTEGER = /^-?(0|[1-9][0-9]{0,9})$/;

/** The position a cursor names, or null when it is not a cursor of this sort. */
export function decodeCursor(spec: SortSpec, sortKey: string, hotelId: number): SortPoint | null {
  const parts = sortKey.split('.');
  if (parts.length !== 2 + spec.keyCount || parts[0] !== spec.tag) return null;
  const [, band, first, second = '0'] = parts;
  if (band !== '0' && band !== '1' && band !== '2') return null;
  if (!INTEGER.test(first ?? '') || !INTEGER.test(second)) return null;
  const key1 = Number(first);
  const key2 = Number(second);
  if (Math.abs(key1) > 2_147_483_647 || Math.abs(key2) > 2_147_483_647) return null;
  return { band: Number(band), key1, key2, hotelId };
}
