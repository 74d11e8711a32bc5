// Which hotels of a search are on screen right now: UI state written by the results
// list as it scrolls and read by the price poll at fetch time (as refresh_ids, so the
// server refreshes what the shopper is looking at first). Nothing renders from it, so
// it is a plain module value rather than a store.
import { SEARCH_LIMITS } from '../../../contract/index.ts';

const onScreen = new Map<string, readonly string[]>();

export function setOnScreenHotels(searchId: string, hotelIds: readonly string[]): void {
  onScreen.set(searchId, hotelIds.slice(0, SEARCH_LIMITS.maxRefreshIds));
}

export function clearOnScreenHotels(searchId: string): void {
  onScreen.delete(searchId);
}

export function onScreenHotelIds(searchId: string): readonly string[] {
  return onScreen.get(searchId) ?? [];
}
