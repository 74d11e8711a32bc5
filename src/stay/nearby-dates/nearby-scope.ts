// Whose prices a page's nearby dates are: one hotel's (the hotel page), or the lowest of a
// destination under the search's filters (the results page). The page says so once, for
// the parts that read those prices back from the cache, such as the date picker: it
// shows a price under a day only when the page has one for the same kind of stay.
import { createContext, useMemo } from 'react';
import type { DestinationRef } from '../../contract/index.ts';
import type { SearchFilters } from '../search-url.ts';

export type NearbyScope =
  | { kind: 'hotel'; hotelId: string }
  | { kind: 'lowest'; destination: DestinationRef; filters: SearchFilters };

/** The page's scope; null where a page prices no nearby dates (home, say). */
export const NearbyScopeContext = createContext<NearbyScope | null>(null);

/** One hotel's prices. */
export function hotelPricesScope(hotelId: string): NearbyScope {
  return { kind: 'hotel', hotelId };
}

/** One hotel's prices, the same object for as long as the hotel is. */
export function useHotelPricesScope(hotelId: string): NearbyScope {
  return useMemo(() => hotelPricesScope(hotelId), [hotelId]);
}

/** The lowest prices of a destination under a search's filters. */
export function lowestPricesScope(
  destination: DestinationRef,
  filters: SearchFilters,
): NearbyScope {
  return { kind: 'lowest', destination, filters };
}
