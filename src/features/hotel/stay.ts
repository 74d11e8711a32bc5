// The stay a hotel page prices: the same dates, occupancy and nationality as the search
// (prices depend on them), read from the URL through the search's own reader and checked
// with the contract's room-options schema, so the page asks only what the API accepts.
import {
  createRoomsRequestSchema,
  issuesToDetails,
  systemNow,
  type ErrorDetail,
  type Now,
  type RoomsRequestInput,
} from '../../contract/index.ts';
import {
  hotelDestination,
  parseSearchUrl,
  readSearchDraft,
  searchPath,
  serializeSearchUrl,
  type SearchDraft,
  type SearchInput,
  type SearchRoom,
} from '../../lib/search-url.ts';

export interface Stay {
  checkIn: string;
  checkOut: string;
  rooms: SearchRoom[];
  nationality: string;
}

export type ParsedStay =
  | { ok: true; stay: Stay; draft: SearchDraft }
  /** `issues` name fields as the API does: check_in, check_out, rooms[0].child_ages[1], nationality. */
  | { ok: false; stay: Stay; draft: SearchDraft; issues: ErrorDetail[] };

let cached: { now: Now; schema: ReturnType<typeof createRoomsRequestSchema> } | null = null;
function roomsSchema(now: Now) {
  if (cached?.now !== now) cached = { now, schema: createRoomsRequestSchema(now) };
  return cached.schema;
}

export function toRoomsRequest(hotelId: string, stay: Stay): RoomsRequestInput {
  return {
    hotel_id: hotelId,
    check_in: stay.checkIn,
    check_out: stay.checkOut,
    rooms: stay.rooms.map((room) => ({ adults: room.adults, child_ages: [...room.child_ages] })),
    nationality: stay.nationality,
  };
}

export function checkStay(hotelId: string, stay: Stay, now: Now = systemNow): ErrorDetail[] {
  const result = roomsSchema(now).safeParse(toRoomsRequest(hotelId, stay));
  if (result.success) return [];
  return issuesToDetails(result.error.issues).filter(
    (issue) => !issue.field.startsWith('hotel_id'),
  );
}

export function parseStay(search: string, hotelId: string, now: Now = systemNow): ParsedStay {
  const draft = readSearchDraft(new URLSearchParams(search));
  const stay: Stay = {
    checkIn: draft.checkIn,
    checkOut: draft.checkOut,
    rooms: draft.rooms,
    nationality: draft.nationality,
  };
  const issues = checkStay(hotelId, stay, now);
  return issues.length === 0 ? { ok: true, stay, draft } : { ok: false, stay, draft, issues };
}

/** The same hotel page for another stay: every other search input in the URL is kept. */
export function hotelStayPath(hotelId: string, draft: SearchDraft, stay: Stay): string {
  const query = serializeSearchUrl({ ...draft, ...stay });
  return `/hotels/${encodeURIComponent(hotelId)}?${query}`;
}

/** The results this hotel was opened from, when the URL holds a whole search. */
export function resultsPathOf(search: string, now: Now = systemNow): string | null {
  const parsed = parseSearchUrl(search, now);
  return parsed.ok ? searchPath(parsed.input) : null;
}

/**
 * The page's stay as a search, to save the hotel with: the search it was opened from, or
 * (opened from a link without one) a search for this hotel itself. Null while the stay
 * is not one the API would price.
 */
export function stayAsSearch(
  hotelId: string,
  hotelName: string,
  parsed: ParsedStay,
): SearchInput | null {
  if (!parsed.ok) return null;
  const { draft, stay } = parsed;
  if (draft.destination) return { ...draft, ...stay, destination: draft.destination };
  const destination = hotelDestination(hotelId);
  return destination ? { ...draft, ...stay, destination, label: hotelName } : null;
}
