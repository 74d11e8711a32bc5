// The query-key factory of nearby dates: one instant search per nearby stay, asking for the
// one hotel (or the cheapest of a destination) and only the fields a price needs. The key
// holds the scope and the whole stay, so a date asked for once is not asked again while
// fresh, and the date picker can find every price the page has (cachedCheckInPrices).
import { hashKey, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  nightsBetween,
  type HotelItemField,
  type SearchRequestInput,
} from '../../contract/index.ts';
import { shoppingRoute } from '../../contract/shopping-paths.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { takeTurn } from '../../lib/task-turns.ts';
import { serializeRooms, toSearchRequest, type SearchRoom } from '../search-url.ts';
import type { Stay } from '../stay.ts';
import { nearbyPriceOf, type NearbyPrice } from './nearby-dates.ts';
import type { NearbyScope } from './nearby-scope.ts';

/** What a price is drawn from: the amount and its rate type, and the availability band. */
const PRICE_FIELDS: HotelItemField[] = ['price', 'availability_band'];

/**
 * Fresh for a few minutes: instant prices are cached supplier rates or estimates, and a
 * shopper going back and forth between nearby dates should not search them again.
 */
const NEARBY_STALE_MS = 5 * 60_000;

export const nearbyKeys = {
  all: ['nearby-dates'] as const,
  // No language: the fields asked for (amounts, rate types, bands) read the same in all.
  price: (scope: NearbyScope, stay: Stay) => [...nearbyKeys.all, scope, stay] as const,
};

/** The search body for one nearby stay: one hotel, or the cheapest under the filters. */
export function nearbyRequest(scope: NearbyScope, stay: Stay): SearchRequestInput {
  const common = { limit: 1, fields: PRICE_FIELDS };
  if (scope.kind === 'hotel') {
    const id = Number(scope.hotelId);
    return {
      destination: { type: 'hotel', id },
      hotel_ids: [id],
      check_in: stay.checkIn,
      check_out: stay.checkOut,
      rooms: stay.rooms.map((room) => ({ adults: room.adults, child_ages: [...room.child_ages] })),
      nationality: stay.nationality,
      pricing_mode: 'instant',
      ...common,
    };
  }
  return {
    ...toSearchRequest({
      destination: scope.destination,
      label: '',
      ...stay,
      sort: 'price_low_to_high',
      pricingMode: 'instant',
      filters: scope.filters,
    }),
    ...common,
  };
}

export const nearbyQueries = {
  price: (scope: NearbyScope, stay: Stay) =>
    queryOptions({
      queryKey: nearbyKeys.price(scope, stay),
      queryFn: async ({ signal, client }): Promise<NearbyPrice> => {
        // A page asks for all its dates in one render: each search starts in a task of its own.
        await takeTurn(signal);
        const answer = await apiFetch(shoppingRoute('searchHotelsSparse'), {
          body: nearbyRequest(scope, stay),
          signal,
          client,
        });
        return nearbyPriceOf(answer.hotels[0]);
      },
      staleTime: NEARBY_STALE_MS,
      // A page asks each date once: a date whose search failed shows no price rather than
      // costing the page more searches (nor does a reconnect ask again).
      retry: false,
      refetchOnReconnect: false,
    }),
};

/**
 * The prices the cache holds for stays of `scope` like the one described (as many nights,
 * the same rooms and nationality), by check-in. Reads the cache only: never a search.
 */
export function cachedCheckInPrices(
  client: QueryClient,
  scope: NearbyScope,
  like: { nights: number; rooms: readonly SearchRoom[]; nationality: string },
): Map<string, NearbyPrice> {
  const scopeHash = hashKey([scope]);
  const rooms = serializeRooms(like.rooms);
  const prices = new Map<string, NearbyPrice>();
  for (const [key, price] of client.getQueriesData<NearbyPrice>({ queryKey: nearbyKeys.all })) {
    if (price === undefined) continue;
    // Every key under nearbyKeys.all is one of nearbyKeys.price.
    const [, keyScope, stay] = key as ReturnType<typeof nearbyKeys.price>;
    if (
      hashKey([keyScope]) === scopeHash &&
      stay.nationality === like.nationality &&
      serializeRooms(stay.rooms) === rooms &&
      nightsBetween(stay.checkIn, stay.checkOut) === like.nights
    ) {
      prices.set(stay.checkIn, price);
    }
  }
  return prices;
}
