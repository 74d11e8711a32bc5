// What the hotel page shows first, as the query options of its data: the one list of it
// that the server's render fetches and the page itself reads (the same keys).
import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '../../contract/index.ts';
import { sharedQueries } from '../../lib/queries.ts';
import { fetchUnlessCached } from '../../lib/query-client.ts';
import { toRoomsRequest, type ParsedStay } from '../../stay/stay.ts';
import { hotelQueries } from './hotel-queries.ts';

/** The hotel's content, and its room options for the stay when the stay can be priced. */
export function hotelPageQueries(hotelId: string, parsed: ParsedStay, language: Language) {
  return {
    content: sharedQueries.hotelContent(hotelId, language),
    rooms: parsed.ok ? hotelQueries.rooms(toRoomsRequest(hotelId, parsed.stay), language) : null,
  };
}

/** Starts the hotel page's first data, or joins what is already there. */
export async function prefetchHotelPage(
  client: QueryClient,
  hotelId: string,
  parsed: ParsedStay,
  language: Language,
): Promise<void> {
  const { content, rooms } = hotelPageQueries(hotelId, parsed, language);
  await Promise.all([
    fetchUnlessCached(client, content.queryKey, () => client.query(content)),
    rooms && fetchUnlessCached(client, rooms.queryKey, () => client.query(rooms)),
  ]);
}
