// The stay: dates, rooms and guests, nationality — what every price depends on — and its
// rules: the stay offered first, how many nights, a kept stay rolled forward to dates that
// can still be searched. Its checks against the contract's schemas (a kept search run
// again, the stay a hotel page prices) are stay-check.ts's.
import {
  addDays,
  isValidIsoDate,
  nightsBetween,
  type ErrorDetail,
  type RoomsRequestInput,
} from '../contract/index.ts';
import {
  hotelDestination,
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

export function toRoomsRequest(hotelId: string, stay: Stay): RoomsRequestInput {
  return {
    hotel_id: hotelId,
    check_in: stay.checkIn,
    check_out: stay.checkOut,
    rooms: stay.rooms.map((room) => ({ adults: room.adults, child_ages: [...room.child_ages] })),
    nationality: stay.nationality,
  };
}

/** The same hotel page for another stay: every other search input in the URL is kept. */
export function hotelStayPath(hotelId: string, draft: SearchDraft, stay: Stay): string {
  const query = serializeSearchUrl({ ...draft, ...stay });
  return `/hotels/${encodeURIComponent(hotelId)}?${query}`;
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
