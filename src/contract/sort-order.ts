// What each sort orders by (docs/api.md, "Search request"): one description for the
// sandbox, which computes the order, and the browser, which keeps it while prices move.
//
// In every sort the availability band comes first (0 available, then 1 sold out, then 2
// chronically unavailable); then the sort's figure in its direction, a hotel without the
// figure after every hotel with it whichever the direction; then, for stars and value, the
// recommended ranking; last the hotel id (in the browser: the server's order, which is it).
import type { Sort } from './search-terms.ts';

/** The figure a sort orders by; `recommended` is the API's own ranking, which clients keep. */
export type SortKey = 'recommended' | 'price' | 'stars' | 'distance' | 'value';

export interface SortOrder {
  key: SortKey;
  /** 1: ascending; −1: descending. */
  direction: 1 | -1;
  /** Ties on the figure go by the recommended ranking. */
  thenRecommended: boolean;
}

export const SORT_ORDERS: Readonly<Record<Sort, SortOrder>> = {
  recommended: { key: 'recommended', direction: -1, thenRecommended: false },
  price_low_to_high: { key: 'price', direction: 1, thenRecommended: false },
  price_high_to_low: { key: 'price', direction: -1, thenRecommended: false },
  stars: { key: 'stars', direction: -1, thenRecommended: true },
  distance_from_center: { key: 'distance', direction: 1, thenRecommended: false },
  value: { key: 'value', direction: -1, thenRecommended: true },
};
