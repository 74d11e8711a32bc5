// The stay checked against the contract: a search kept on this device run again, and the
// stay a hotel page prices (read from the URL through the search's own reader and checked
// with the contract's room-options schema, so the page asks only what the API accepts).
import { createRoomsRequestSchema } from '../contract/hotel.ts';
import { issuesToDetails, systemNow, type ErrorDetail, type Now } from '../contract/index.ts';
import { parseSearchUrl } from './search-check.ts';
import { readSearchDraft, searchPath, serializeSearchUrl, type SearchInput } from './search-url.ts';
import { rollStayForward, toRoomsRequest, type ParsedStay, type Stay } from './stay.ts';

/**
 * A search kept on this device (a recent search, a saved hotel's stay) as it can run again
 * today: its dates rolled forward when they have passed, then read as the results page
 * reads a URL. Null when it no longer makes a search.
 */
export function searchAgain(query: string, today: string): SearchInput | null {
  const draft = rollStayForward(readSearchDraft(new URLSearchParams(query)), today);
  const parsed = parseSearchUrl(serializeSearchUrl(draft));
  return parsed.ok ? parsed.input : null;
}

let cached: { now: Now; schema: ReturnType<typeof createRoomsRequestSchema> } | null = null;
function roomsSchema(now: Now) {
  if (cached?.now !== now) cached = { now, schema: createRoomsRequestSchema(now) };
  return cached.schema;
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

/** The results this hotel was opened from, when the URL holds a whole search. */
export function resultsPathOf(search: string, now: Now = systemNow): string | null {
  const parsed = parseSearchUrl(search, now);
  return parsed.ok ? searchPath(parsed.input) : null;
}
