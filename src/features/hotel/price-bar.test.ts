import { describe, expect, it } from 'vitest';
import { EXAMPLE_ROOM } from '../../contract/examples.ts';
import type { RoomOption } from '../../contract/index.ts';
import { lowestRate } from './price-bar.tsx';

const rate = (amount: number) =>
  ({ price: { amount, currency: 'USD' } }) as unknown as RoomOption['rates'][number];

describe('lowestRate', () => {
  it('is the cheapest rate of any room of the stay', () => {
    const rooms: RoomOption[] = [
      { ...EXAMPLE_ROOM, rates: [rate(45_100), rate(39_900)] },
      { ...EXAMPLE_ROOM, room_type_id: 'twin', rates: [rate(41_000)] },
    ];
    expect(lowestRate(rooms)).toEqual({ amount: 39_900, currency: 'USD' });
  });

  it('is null when nothing is for sale', () => {
    expect(lowestRate([])).toBeNull();
    expect(lowestRate([{ ...EXAMPLE_ROOM, rates: [] }])).toBeNull();
  });
});
