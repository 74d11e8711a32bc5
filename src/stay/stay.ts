// The stay: dates, rooms and guests, nationality — what every price depends on — and its
// rules: the stay offered first, how many nights, a kept stay rolled forward to dates that
// can still be searched, and the stay a hotel page prices (read from the URL through the
// search's own reader and checked with the contract's room-options schema, so the page
// asks only what the API accepts).
import {
  addDays,
  createRoomsRequestSchema,
  isValidIsoDate,
  issuesToDetails,
  nightsBetween,
  systemNow,
  type ErrorDetail,
  type Now,
  type RoomsRequestInput,
} from '../contract/index.ts';
import {
  hotelDestination,
  parseSearchUrl,
  readSearchDraft,
  searchPath,
  serializeRooms,
  serializeSearchUrl,
  type SearchDraft,
  type SearchInput,
  type SearchRoom,
} from './search-url.ts';

export interface Stay {
  checkIn: string;
  checkOut: string;
  rooms: SearchRoom[];
  nationality: string;
}

/* ------------------------------------------------------------------ rules */

/**
 * The stay offered before the shopper picks one: a week ahead, two nights (the search
 * form's first dates, and the popular destinations' links).
 */
export function suggestedStay(today: string): { checkIn: string; checkOut: string } {
  return { checkIn: addDays(today, 7), checkOut: addDays(today, 9) };
}

export function stayNights(stay: Pick<Stay, 'checkIn' | 'checkOut'>): number {
  return nightsBetween(stay.checkIn, stay.checkOut);
}

/**
 * The stay as it can still be searched today: its own dates while they are ahead, else
 * from today for the same number of nights (the next valid dates).
 */
export function rollStayForward<T extends Pick<Stay, 'checkIn' | 'checkOut'>>(
  stay: T,
  today: string,
): T {
  if (!(stay.checkIn < today) || !isValidIsoDate(stay.checkIn) || !isValidIsoDate(stay.checkOut))
    return stay;
  return { ...stay, checkIn: today, checkOut: addDays(today, stayNights(stay)) };
}

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

/**
 * What makes two searches the same stay at the same place: where, when, who, and the
 * nationality (sort, filters and the label aside). Recent searches and saved hotels
 * are distinct by it.
 */
export function searchIdentity(input: SearchInput): string {
  const { type, id } = input.destination;
  return [
    type,
    id,
    input.checkIn,
    input.checkOut,
    serializeRooms(input.rooms),
    input.nationality,
  ].join('|');
}

/* ------------------------------------------------------------------ a hotel's stay */

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
