import { describe, expect, it } from 'vitest';
import { missingChildAges, type RoomDraft } from './guests.ts';
import { addRoomLimit, changeGuests, roomLimits } from './guests-rules.ts';

const room = (adults: number, child_ages: (number | null)[] = []): RoomDraft => ({
  adults,
  child_ages,
});

describe('guests rules', () => {
  it('allows 1 to 5 adults per room', () => {
    expect(roomLimits(room(1)).removeAdult).toBe('minAdults');
    expect(roomLimits(room(2)).removeAdult).toBeNull();
    expect(roomLimits(room(4)).addAdult).toBeNull();
    expect(roomLimits(room(5)).addAdult).toBe('maxAdults');
  });

  it('caps a room at 5 people, children included, and says so', () => {
    expect(roomLimits(room(3, [4, 9])).addAdult).toBe('maxOccupants');
    expect(roomLimits(room(3, [4, 9])).addChild).toBe('maxOccupants');
    expect(roomLimits(room(4, [2])).addChild).toBe('maxOccupants');
    expect(roomLimits(room(4)).addChild).toBeNull();
    expect(roomLimits(room(1, [1, 2, 3, 4])).addChild).toBe('maxOccupants');
  });

  it('allows 1 to 5 rooms', () => {
    expect(addRoomLimit([room(1)])).toBeNull();
    expect(addRoomLimit([room(1), room(1), room(1), room(1), room(1)])).toBe('maxRooms');
  });

  it('never produces an impossible occupancy, whatever the steps', () => {
    let rooms = [room(2)];
    for (let step = 0; step < 10; step++) {
      rooms = changeGuests(rooms, { type: 'addAdult', room: 0 });
      rooms = changeGuests(rooms, { type: 'addChild', room: 0 });
      rooms = changeGuests(rooms, { type: 'addRoom' });
    }
    expect(rooms).toHaveLength(5);
    for (const each of rooms) {
      expect(each.adults).toBeGreaterThanOrEqual(1);
      expect(each.adults).toBeLessThanOrEqual(5);
      expect(each.adults + each.child_ages.length).toBeLessThanOrEqual(5);
    }
    rooms = changeGuests([room(1)], { type: 'removeAdult', room: 0 });
    expect(rooms).toEqual([room(1)]);
    expect(changeGuests([room(1)], { type: 'removeRoom', room: 0 })).toEqual([room(1)]);
  });

  it('adds a child with no age yet, which must then be chosen (0 to 17)', () => {
    let rooms = changeGuests([room(2)], { type: 'addChild', room: 0 });
    expect(rooms).toEqual([room(2, [null])]);
    expect(missingChildAges(rooms)).toEqual([{ room: 0, child: 0 }]);
    rooms = changeGuests(rooms, { type: 'setChildAge', room: 0, child: 0, age: 18 });
    expect(rooms).toEqual([room(2, [null])]);
    rooms = changeGuests(rooms, { type: 'setChildAge', room: 0, child: 0, age: 0 });
    expect(rooms).toEqual([room(2, [0])]);
    expect(missingChildAges(rooms)).toEqual([]);
  });

  it('removes a room and the last child of a room', () => {
    const rooms = [room(2, [3, 5]), room(1)];
    expect(changeGuests(rooms, { type: 'removeChild', room: 0 })).toEqual([room(2, [3]), room(1)]);
    expect(changeGuests(rooms, { type: 'removeRoom', room: 0 })).toEqual([room(1)]);
    expect(rooms).toEqual([room(2, [3, 5]), room(1)]);
  });
});
