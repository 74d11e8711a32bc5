// Who is staying, as every page shows and edits it: one room shape (the API's, with
// `child_ages`), a draft of it whose child ages may still be unchosen, and one way of
// saying it ("2 adults · 1 child · 1 room").
import type { MessageId, MessageValues } from '../lib/i18n.ts';

export interface Occupancy {
  adults: number;
  child_ages: readonly unknown[];
}

/** A room being edited: one entry per child, null until the shopper picks the age. */
export interface RoomDraft {
  adults: number;
  child_ages: (number | null)[];
}

export function toRoomDrafts(rooms: readonly { adults: number; child_ages: readonly number[] }[]) {
  return rooms.map((room): RoomDraft => ({
    adults: room.adults,
    child_ages: [...room.child_ages],
  }));
}

/**
 * The rooms as the API takes them. An age still unchosen reads as 0 here: the forms
 * flag it (missingChildAges) before anything is sent.
 */
export function fromRoomDrafts(drafts: readonly RoomDraft[]) {
  return drafts.map((room) => ({
    adults: room.adults,
    child_ages: room.child_ages.map((age) => age ?? 0),
  }));
}

/** The children whose age is still to be chosen, in reading order. */
export function missingChildAges(rooms: readonly RoomDraft[]): { room: number; child: number }[] {
  return rooms.flatMap((room, roomIndex) =>
    room.child_ages.flatMap((age, child) => (age === null ? [{ room: roomIndex, child }] : [])),
  );
}

export function guestCount(rooms: readonly Occupancy[]): { adults: number; children: number } {
  return rooms.reduce(
    (sum, room) => ({
      adults: sum.adults + room.adults,
      children: sum.children + room.child_ages.length,
    }),
    { adults: 0, children: 0 },
  );
}

/** "2 adults · 1 child · 1 room" (children left out when there are none). */
export function describeGuests(
  t: (id: MessageId, values?: MessageValues) => string,
  rooms: readonly Occupancy[],
): string {
  return t('stay.guests', { ...guestCount(rooms), rooms: rooms.length });
}
