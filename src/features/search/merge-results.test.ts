import { describe, expect, it } from 'vitest';
import type { HotelItem, PriceUpdate } from '../../contract/index.ts';
import { mergePriceUpdates } from './merge-results.ts';
import { hotelItem } from '../../testing/search-fixtures.ts';

const hotel = (id: string, amount: number, patch: Partial<HotelItem> = {}) =>
  hotelItem(id, amount, { facilities: [], ...patch });

function update(id: string, amount: number, patch: Partial<PriceUpdate> = {}): PriceUpdate {
  return {
    hotel_id: id,
    availability_band: 0,
    price: { amount, currency: 'USD', rate_type: 'live', is_refundable: true },
    ...patch,
  };
}

const ids = (hotels: { hotel_id: string }[]) => hotels.map((h) => h.hotel_id);

describe('mergePriceUpdates', () => {
  it('keeps one entry per hotel_id across pages, the first one seen', () => {
    const pages = [
      { hotels: [hotel('1', 100), hotel('2', 200)] },
      { hotels: [hotel('2', 999), hotel('3', 300)] },
    ];
    const merged = mergePriceUpdates(pages, {}, 'recommended');
    expect(ids(merged)).toEqual(['1', '2', '3']);
    expect(merged[1]!.price.amount).toBe(200);
  });

  it('merges updates by hotel_id and marks the direction of each change', () => {
    const pages = [{ hotels: [hotel('1', 100), hotel('2', 200), hotel('3', 300)] }];
    const merged = mergePriceUpdates(
      pages,
      { '1': update('1', 150), '2': update('2', 200), '3': update('3', 250) },
      'recommended',
    );
    expect(
      merged.map((h) => [h.hotel_id, h.price.amount, h.priceChange, h.previousAmount]),
    ).toEqual([
      ['1', 150, 'up', 100],
      ['2', 200, null, null],
      ['3', 250, 'down', 300],
    ]);
    expect(merged[0]!.price.rate_type).toBe('live');
  });

  it('re-sorts under a price sort when prices change', () => {
    const pages = [{ hotels: [hotel('a', 100), hotel('b', 200)] }, { hotels: [hotel('c', 300)] }];
    expect(ids(mergePriceUpdates(pages, { a: update('a', 350) }, 'price_low_to_high'))).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(ids(mergePriceUpdates(pages, { c: update('c', 50) }, 'price_high_to_low'))).toEqual([
      'b',
      'a',
      'c',
    ]);
  });

  it('keeps the server order under recommended, and ties in server order', () => {
    const pages = [{ hotels: [hotel('x', 300), hotel('y', 100), hotel('z', 100)] }];
    expect(ids(mergePriceUpdates(pages, { x: update('x', 10) }, 'recommended'))).toEqual([
      'x',
      'y',
      'z',
    ]);
    expect(ids(mergePriceUpdates(pages, {}, 'price_low_to_high'))).toEqual(['y', 'z', 'x']);
  });

  it('demotes hotels that sell out in every sort', () => {
    const pages = [{ hotels: [hotel('1', 100), hotel('2', 200), hotel('3', 300)] }];
    const merged = mergePriceUpdates(
      pages,
      { '1': update('1', 100, { availability_band: 1 }) },
      'price_low_to_high',
    );
    expect(ids(merged)).toEqual(['2', '3', '1']);
    expect(
      ids(
        mergePriceUpdates(
          pages,
          { '1': update('1', 100, { availability_band: 2 }) },
          'recommended',
        ),
      ),
    ).toEqual(['2', '3', '1']);
  });

  it('puts sold-out hotels before chronically unavailable ones, as the server orders them', () => {
    const pages = [
      {
        hotels: [
          hotel('1', 100, { availability_band: 2 }),
          hotel('2', 200, { availability_band: 1 }),
          hotel('3', 300),
        ],
      },
    ];
    expect(ids(mergePriceUpdates(pages, {}, 'recommended'))).toEqual(['3', '2', '1']);
    expect(ids(mergePriceUpdates(pages, {}, 'price_high_to_low'))).toEqual(['3', '2', '1']);
  });

  it('re-sorts by value when value_pct moves, and drops fields the update no longer carries', () => {
    const pages = [
      {
        hotels: [
          hotel('1', 100, { value_pct: 30, vs_typical_pct: -12, typical_price_usd_cents: 120 }),
          hotel('2', 100, { value_pct: 20 }),
        ],
      },
    ];
    const merged = mergePriceUpdates(pages, { '1': update('1', 140) }, 'value');
    expect(ids(merged)).toEqual(['2', '1']);
    expect(merged[1]).not.toHaveProperty('value_pct');
    expect(merged[1]).not.toHaveProperty('vs_typical_pct');
    expect(merged[1]).not.toHaveProperty('typical_price_usd_cents');
  });

  it('sorts by stars high to low and by distance, missing values last', () => {
    const pages = [
      {
        hotels: [
          hotel('1', 1, { stars: null, distance_from_center_km: 3 }),
          hotel('2', 1, { stars: 3, distance_from_center_km: null }),
          hotel('3', 1, { stars: 5, distance_from_center_km: 0.5 }),
        ],
      },
    ];
    expect(ids(mergePriceUpdates(pages, {}, 'stars'))).toEqual(['3', '2', '1']);
    expect(ids(mergePriceUpdates(pages, {}, 'distance_from_center'))).toEqual(['3', '1', '2']);
  });

  it('reuses the shown hotel between polls unless its update changed', () => {
    const pages = [{ hotels: [hotel('1', 100), hotel('2', 200), hotel('3', 300)] }];
    const first = { '1': update('1', 150) };
    const before = mergePriceUpdates(pages, first, 'recommended');
    const after = mergePriceUpdates(pages, { ...first, '2': update('2', 180) }, 'recommended');
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.price.amount).toBe(180);
    // A new update object with the same figures is a new poll's answer: shown afresh.
    const again = mergePriceUpdates(pages, { '1': update('1', 150) }, 'recommended');
    expect(again[0]).not.toBe(before[0]);
    expect(again[0]).toEqual(before[0]);
  });

  it('sorts by numbers with missing values last in either direction, ties in server order', () => {
    const pages = [
      {
        hotels: [
          hotel('a', 100, { stars: 3 }),
          hotel('b', 100, { stars: null }),
          hotel('c', 100, { stars: 5 }),
          hotel('d', 100, { stars: 3 }),
          hotel('e', 100, { stars: 5, availability_band: 1 }),
        ],
      },
    ];
    expect(ids(mergePriceUpdates(pages, {}, 'stars'))).toEqual(['c', 'a', 'd', 'b', 'e']);
    expect(ids(mergePriceUpdates(pages, {}, 'price_high_to_low'))).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
  });
});
