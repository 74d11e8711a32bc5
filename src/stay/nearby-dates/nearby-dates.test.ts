import { describe, expect, it } from 'vitest';
import { addDays, MAX_DAYS_AHEAD } from '../../contract/index.ts';
import type { Stay } from '../stay.ts';
import { cheapestCheckIn, nearbyPriceOf, nearbyStays, type CellPrice } from './nearby-dates.ts';

const today = '2026-11-24';
const stay = (checkIn: string, nights = 2): Stay => ({
  checkIn,
  checkOut: addDays(checkIn, nights),
  rooms: [
    { adults: 2, child_ages: [] },
    { adults: 1, child_ages: [7] },
  ],
  nationality: 'PT',
});
const price = (amount: number, estimated = false): CellPrice => ({
  kind: 'price',
  amount,
  currency: 'USD',
  estimated,
});

describe('nearbyStays', () => {
  it('moves check-in from three days before to three days after, the same stay otherwise', () => {
    const dates = nearbyStays(stay('2026-12-10', 3), today);
    expect(dates.map((date) => date.offset)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    expect(dates.map((date) => [date.stay.checkIn, date.stay.checkOut])).toEqual([
      ['2026-12-07', '2026-12-10'],
      ['2026-12-08', '2026-12-11'],
      ['2026-12-09', '2026-12-12'],
      ['2026-12-10', '2026-12-13'],
      ['2026-12-11', '2026-12-14'],
      ['2026-12-12', '2026-12-15'],
      ['2026-12-13', '2026-12-16'],
    ]);
    for (const date of dates) {
      expect(date.stay.rooms).toEqual(stay('2026-12-10').rooms);
      expect(date.stay.nationality).toBe('PT');
    }
  });

  it('crosses months and years as the calendar does', () => {
    const dates = nearbyStays(stay('2027-01-01'), today);
    expect(dates[0]?.stay.checkIn).toBe('2026-12-29');
    expect(dates.at(-1)?.stay).toMatchObject({ checkIn: '2027-01-04', checkOut: '2027-01-06' });
  });

  it('leaves out check-ins before the shopper’s today: fewer dates for a stay starting soon', () => {
    const dates = nearbyStays(stay(addDays(today, 1)), today);
    expect(dates.map((date) => date.offset)).toEqual([-1, 0, 1, 2, 3]);
    expect(dates[0]?.stay.checkIn).toBe(today);
    expect(nearbyStays(stay(today), today).map((date) => date.offset)).toEqual([0, 1, 2, 3]);
  });

  it('leaves out check-ins beyond the furthest day the API takes', () => {
    const last = addDays(today, MAX_DAYS_AHEAD);
    const dates = nearbyStays(stay(addDays(last, -1)), today);
    expect(dates.map((date) => date.offset)).toEqual([-3, -2, -1, 0, 1]);
    expect(dates.at(-1)?.stay.checkIn).toBe(last);
  });
});

describe('nearbyPriceOf', () => {
  it('reads the total, and whether it is an estimate', () => {
    expect(
      nearbyPriceOf({
        hotel_id: '1',
        availability_band: 0,
        price: { amount: 45_100, currency: 'USD', rate_type: 'estimated' },
      }),
    ).toEqual({ kind: 'price', amount: 45_100, currency: 'USD', estimated: true });
    expect(
      nearbyPriceOf({
        hotel_id: '1',
        availability_band: 0,
        price: { amount: 45_100, currency: 'USD', rate_type: 'live' },
      }),
    ).toMatchObject({ estimated: false });
  });

  it('says sold out or unavailable rather than the estimate such hotels carry', () => {
    const estimate = { amount: 1, currency: 'USD', rate_type: 'estimated' } as const;
    expect(nearbyPriceOf({ hotel_id: '1', availability_band: 1, price: estimate })).toEqual({
      kind: 'soldOut',
    });
    expect(nearbyPriceOf({ hotel_id: '1', availability_band: 2, price: estimate })).toEqual({
      kind: 'unavailable',
    });
  });

  it('says none when no hotel came back', () => {
    expect(nearbyPriceOf(undefined)).toEqual({ kind: 'none' });
  });
});

describe('cheapestCheckIn', () => {
  const cells = (...prices: (CellPrice | null)[]) =>
    prices.map((cellPrice, index) => ({ checkIn: addDays('2026-12-07', index), price: cellPrice }));

  it('picks the lowest total, estimated or not', () => {
    expect(cheapestCheckIn(cells(price(500), price(300, true), price(400)))).toBe('2026-12-08');
  });

  it('gives a tie to the earlier date', () => {
    expect(cheapestCheckIn(cells(price(500), price(300), price(300)))).toBe('2026-12-08');
  });

  it('skips dates without a price: sold out, failed, not asked', () => {
    expect(
      cheapestCheckIn(
        cells({ kind: 'soldOut' }, price(500), 'failed', null, { kind: 'none' }, price(450)),
      ),
    ).toBe('2026-12-12');
  });

  it('marks nothing while a price is still coming, the mark would jump', () => {
    expect(cheapestCheckIn(cells(price(500), 'loading', price(300)))).toBeNull();
  });

  it('marks nothing with fewer than two prices to compare', () => {
    expect(cheapestCheckIn(cells(price(500), { kind: 'soldOut' }, 'failed'))).toBeNull();
    expect(cheapestCheckIn([])).toBeNull();
  });

  it('marks nothing when prices come in different currencies', () => {
    expect(
      cheapestCheckIn(
        cells(price(500), { kind: 'price', amount: 100, currency: 'EUR', estimated: false }),
      ),
    ).toBeNull();
  });
});
