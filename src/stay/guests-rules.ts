// The occupancy rules of a search (docs/api.md, "Stay rules") as the form applies them: a
// choice the API would refuse is never offered — each blocked step says why — and the
// steps themselves cannot produce an impossible occupancy.
import { SEARCH_LIMITS } from '../contract/index.ts';
import type { RoomDraft } from './guests.ts';

export type LimitReason =
  'maxRooms' | 'minRooms' | 'maxAdults' | 'minAdults' | 'maxOccupants' | 'noChildren';

export interface RoomLimits {
  addAdult: LimitReason | null;
  removeAdult: LimitReason | null;
  addChild: LimitReason | null;
  removeChild: LimitReason | null;
}

export function occupants(room: RoomDraft): number {
  return room.adults + room.child_ages.length;
}

/** Why each step of one room is blocked, or null when it is allowed. */
export function roomLimits(room: RoomDraft): RoomLimits {
  const full = occupants(room) >= SEARCH_LIMITS.maxOccupantsPerRoom;
  return {
    addAdult: room.adults >= SEARCH_LIMITS.maxAdults ? 'maxAdults' : full ? 'maxOccupants' : null,
    removeAdult: room.adults <= SEARCH_LIMITS.minAdults ? 'minAdults' : null,
    addChild: full ? 'maxOccupants' : null,
    removeChild: room.child_ages.length === 0 ? 'noChildren' : null,
  };
}

export function addRoomLimit(rooms: readonly RoomDraft[]): LimitReason | null {
  return rooms.length >= SEARCH_LIMITS.maxRooms ? 'maxRooms' : null;
}

export function removeRoomLimit(rooms: readonly RoomDraft[]): LimitReason | null {
  return rooms.length <= SEARCH_LIMITS.minRooms ? 'minRooms' : null;
}

export type GuestsAction =
  | { type: 'addAdult' | 'removeAdult' | 'addChild' | 'removeChild'; room: number }
  | { type: 'setChildAge'; room: number; child: number; age: number | null }
  | { type: 'addRoom' }
  | { type: 'removeRoom'; room: number };

/** Applies a step if the rules allow it; a blocked step returns the rooms unchanged. */
export function changeGuests(rooms: readonly RoomDraft[], action: GuestsAction): RoomDraft[] {
  const next = rooms.map((room) => ({ adults: room.adults, child_ages: [...room.child_ages] }));
  if (action.type === 'addRoom') {
    if (addRoomLimit(rooms) === null) next.push({ adults: 1, child_ages: [] });
    return next;
  }
  if (action.type === 'removeRoom') {
    if (removeRoomLimit(rooms) === null) next.splice(action.room, 1);
    return next;
  }
  const room = next[action.room];
  if (!room) return next;
  const limits = roomLimits(room);
  switch (action.type) {
    case 'addAdult':
      if (limits.addAdult === null) room.adults += 1;
      break;
    case 'removeAdult':
      if (limits.removeAdult === null) room.adults -= 1;
      break;
    case 'addChild':
      if (limits.addChild === null) room.child_ages.push(null);
      break;
    case 'removeChild':
      if (limits.removeChild === null) room.child_ages.pop();
      break;
    case 'setChildAge': {
      const valid =
        action.age === null ||
        (Number.isInteger(action.age) &&
          action.age >= SEARCH_LIMITS.minChildAge &&
          action.age <= SEARCH_LIMITS.maxChildAge);
      if (valid && action.child < room.child_ages.length)
        room.child_ages[action.child] = action.age;
      break;
    }
  }
  return next;
}
