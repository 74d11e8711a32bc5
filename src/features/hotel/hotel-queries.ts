// The query-key factory of the hotel's room options (content and nationalities are
// shared: src/lib/queries.ts). Keys hold every input
// of their query function, the language included (room, board and facility names
// come back localized).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { type Language, type RoomsRequestInput } from '../../contract/index.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { shoppingRoute } from '../../contract/shopping-paths.ts';

export const hotelKeys = {
  all: ['hotel'] as const,
  /** Every room-options query of one hotel: what a restart from fresh room options clears. */
  roomsOf: (hotelId: string) => [...hotelKeys.all, 'rooms', hotelId] as const,
  rooms: (request: RoomsRequestInput, language: Language) =>
    [...hotelKeys.roomsOf(String(request.hotel_id)), { request, language }] as const,
};

export const hotelQueries = {
  /**
   * Room options are read-only and safe to retry. Their booking tokens hold until
   * `expires_at`, so the answer is fresh exactly that long: a later visit asks again.
   */
  rooms: (request: RoomsRequestInput, language: Language) =>
    queryOptions({
      queryKey: hotelKeys.rooms(request, language),
      queryFn: ({ signal, client }) =>
        apiFetch(shoppingRoute('rooms'), {
          body: request,
          signal,
          client,
        }),
      staleTime: (query) => {
        const expiresAt = query.state.data ? Date.parse(query.state.data.expires_at) : NaN;
        return Number.isNaN(expiresAt) ? 0 : Math.max(0, expiresAt - Date.now());
      },
    }),
};

/**
 * Forgets a hotel's room options (their tokens are no good any more), so what is on
 * screen next is fetched fresh: after an expired or unavailable rate, booking restarts from
 * room options.
 */
export function forgetRoomOptions(client: QueryClient, hotelId: string): Promise<void> {
  return client.resetQueries({ queryKey: hotelKeys.roomsOf(hotelId) });
}
