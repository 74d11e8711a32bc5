import { TEST_NOW } from './testing/clock.ts';
import { FIELDS_BROKEN_BY_SEARCH, SEARCH_BREAKING_EVERY_RULE } from './testing/invalid-examples.ts';
import { describe, expect, it } from 'vitest';
import {
  createSearchRequestSchema,
  issuesToDetails,
  PricesQuerySchema,
  resolveSort,
  splitCursor,
  todayForCheckIn,
  type SearchRequestInput,
} from './index.ts';

const NOW = new Date(TEST_NOW);
const schema = createSearchRequestSchema(() => NOW);

const valid: SearchRequestInput = {
  destination: { type: 'city', id: 2988507 },
  check_in: '2026-12-01',
  check_out: '2026-12-04',
  rooms: [{ adults: 2, child_ages: [5] }],
};

function fieldsOf(input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return issuesToDetails(result.error.issues).map((d) => d.field);
}

function accepts(patch: Record<string, unknown>) {
  const result = schema.safeParse({ ...valid, ...patch });
  expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  return result.data!;
}

function refuses(patch: Record<string, unknown>, field: string) {
  expect(fieldsOf({ ...valid, ...patch })).toContain(field);
}

describe('search request: destination', () => {
  it('accepts city, hotel and place with a positive id', () => {
    for (const type of ['city', 'hotel', 'place']) accepts({ destination: { type, id: 7 } });
  });
  it('refuses an unknown type, a missing or non-positive id', () => {
    refuses({ destination: { type: 'country', id: 7 } }, 'destination.type');
    refuses({ destination: { type: 'city' } }, 'destination.id');
    refuses({ destination: { type: 'city', id: 0 } }, 'destination.id');
    refuses({ destination: { type: 'city', id: 1.5 } }, 'destination.id');
    refuses({ destination: undefined }, 'destination');
  });
});

describe('search request: rooms and occupancy', () => {
  it('accepts 1 and 5 rooms, refuses 0 and 6', () => {
    accepts({ rooms: [{ adults: 1 }] });
    accepts({ rooms: Array.from({ length: 5 }, () => ({ adults: 1 })) });
    refuses({ rooms: [] }, 'rooms');
    refuses({ rooms: Array.from({ length: 6 }, () => ({ adults: 1 })) }, 'rooms');
  });
  it('accepts 1 and 5 adults, refuses 0 and 6', () => {
    accepts({ rooms: [{ adults: 1 }] });
    accepts({ rooms: [{ adults: 5 }] });
    refuses({ rooms: [{ adults: 0 }] }, 'rooms[0].adults');
    refuses({ rooms: [{ adults: 6 }] }, 'rooms[0].adults');
  });
  it('accepts child ages 0 and 17, refuses -1 and 18', () => {
    accepts({ rooms: [{ adults: 1, child_ages: [0, 17] }] });
    refuses({ rooms: [{ adults: 1, child_ages: [-1] }] }, 'rooms[0].child_ages[0]');
    refuses({ rooms: [{ adults: 1, child_ages: [4, 18] }] }, 'rooms[0].child_ages[1]');
  });
  it('accepts five occupants in a room, refuses six', () => {
    accepts({ rooms: [{ adults: 2, child_ages: [1, 2, 3] }] });
    refuses({ rooms: [{ adults: 2, child_ages: [1, 2, 3, 4] }] }, 'rooms[0]');
    refuses({ rooms: [{ adults: 1 }, { adults: 5, child_ages: [3] }] }, 'rooms[1]');
  });
  it('defaults child_ages to an empty list', () => {
    expect(accepts({ rooms: [{ adults: 2 }] }).rooms[0]?.child_ages).toEqual([]);
  });
});

describe('search request: dates', () => {
  it('uses UTC−12 for today', () => {
    expect(todayForCheckIn(NOW)).toBe('2026-11-21');
    accepts({ check_in: '2026-11-21', check_out: '2026-11-22' });
  });
  it("refuses yesterday's check_in (in UTC−12)", () => {
    refuses({ check_in: '2026-11-20', check_out: '2026-11-22' }, 'check_in');
  });
  it('refuses check_out equal to or before check_in', () => {
    refuses({ check_in: '2026-12-01', check_out: '2026-12-01' }, 'check_out');
    refuses({ check_in: '2026-12-01', check_out: '2026-11-30' }, 'check_out');
  });
  it('accepts 30 nights, refuses 31', () => {
    accepts({ check_in: '2026-12-01', check_out: '2026-12-31' });
    refuses({ check_in: '2026-12-01', check_out: '2027-01-01' }, 'check_out');
  });
  it('accepts check_in 500 days ahead, refuses 501', () => {
    // today (UTC−12) is 2026-11-21; +500 days is 2028-04-04
    accepts({ check_in: '2028-04-04', check_out: '2028-04-05' });
    refuses({ check_in: '2028-04-05', check_out: '2028-04-06' }, 'check_in');
  });
  it('refuses malformed and impossible dates', () => {
    refuses({ check_in: '2026-13-01' }, 'check_in');
    refuses({ check_in: '2027-02-29', check_out: '2027-03-02' }, 'check_in');
    refuses({ check_out: '4 Dec 2026' }, 'check_out');
    refuses({ check_in: 20261201 }, 'check_in');
  });
});

describe('search request: filters and paging', () => {
  it('accepts stars 1 and 5, refuses 0 and 6', () => {
    accepts({ star_ratings: [1, 5] });
    refuses({ star_ratings: [0] }, 'star_ratings[0]');
    refuses({ star_ratings: [3, 6] }, 'star_ratings[1]');
  });
  it('accepts price_min 0, refuses -1; accepts price_max 1, refuses 0', () => {
    accepts({ price_min_usd_cents: 0 });
    refuses({ price_min_usd_cents: -1 }, 'price_min_usd_cents');
    accepts({ price_max_usd_cents: 1 });
    refuses({ price_max_usd_cents: 0 }, 'price_max_usd_cents');
  });
  it('refuses a price_max below price_min', () => {
    accepts({ price_min_usd_cents: 1000, price_max_usd_cents: 1000 });
    refuses({ price_min_usd_cents: 2000, price_max_usd_cents: 1000 }, 'price_max_usd_cents');
  });
  it('accepts limit 1 and 100 (default 20), refuses 0 and 101', () => {
    expect(accepts({}).limit).toBe(20);
    accepts({ limit: 1 });
    accepts({ limit: 100 });
    refuses({ limit: 0 }, 'limit');
    refuses({ limit: 101 }, 'limit');
  });
  it('accepts a well-formed cursor, refuses a malformed one', () => {
    accepts({ cursor: '45100_1044' });
    accepts({ cursor: 'p.45100-2_1044' });
    refuses({ cursor: 'garbage' }, 'cursor');
    refuses({ cursor: '45100_' }, 'cursor');
    refuses({ cursor: '_1044' }, 'cursor');
    refuses({ cursor: '45100_0' }, 'cursor');
    expect(splitCursor('a_b_12')).toBeNull();
    expect(splitCursor('x.1_12')).toEqual({ sortKey: 'x.1', hotelId: 12 });
  });
  it('accepts the six sorts and two price_sorts, refuses unknown ones', () => {
    for (const sort of [
      'recommended',
      'price_low_to_high',
      'price_high_to_low',
      'stars',
      'distance_from_center',
      'value',
    ]) {
      accepts({ sort });
    }
    accepts({ price_sort: 'low_to_high' });
    accepts({ price_sort: 'high_to_low' });
    refuses({ sort: 'cheapest' }, 'sort');
    refuses({ price_sort: 'asc' }, 'price_sort');
  });
  it('lets sort win over price_sort, and defaults to recommended', () => {
    expect(resolveSort({ sort: 'stars', price_sort: 'low_to_high' })).toBe('stars');
    expect(resolveSort({ price_sort: 'high_to_low' })).toBe('price_high_to_low');
    expect(resolveSort({})).toBe('recommended');
  });
  it('ignores unknown `fields` names and keeps known ones', () => {
    expect(accepts({ fields: ['hotel_name', 'no_such_field', 'price'] }).fields).toEqual([
      'hotel_name',
      'price',
    ]);
  });
  it('accepts instant and live pricing modes (default instant), refuses others', () => {
    expect(accepts({}).pricing_mode).toBe('instant');
    accepts({ pricing_mode: 'live' });
    refuses({ pricing_mode: 'cached' }, 'pricing_mode');
  });
  it('accepts a nationality code (default IN), refuses one that is not two letters or not a country', () => {
    expect(accepts({}).nationality).toBe('IN');
    accepts({ nationality: 'FR' });
    refuses({ nationality: 'IND' }, 'nationality');
    refuses({ nationality: 'i' }, 'nationality');
    refuses({ nationality: 'in' }, 'nationality');
    refuses({ nationality: 'ZZ' }, 'nationality');
  });
  it('accepts id lists, refuses non-positive ids', () => {
    accepts({ chain_ids: [1, 2], facility_ids: [3], hotel_ids: [4] });
    refuses({ chain_ids: [0] }, 'chain_ids[0]');
    refuses({ facility_ids: ['wifi'] }, 'facility_ids[0]');
    refuses({ hotel_ids: [-4] }, 'hotel_ids[0]');
  });
  it('trims hotel_name and treats an empty one as absent; refuses over 100 characters', () => {
    expect(accepts({ hotel_name: '  Ritz ' }).hotel_name).toBe('Ritz');
    expect(accepts({ hotel_name: '   ' }).hotel_name).toBeUndefined();
    refuses({ hotel_name: 'x'.repeat(101) }, 'hotel_name');
  });
});

describe('search request: every violation is reported', () => {
  it('names all fields at once, including cross-field rules', () => {
    const fields = fieldsOf({ ...SEARCH_BREAKING_EVERY_RULE, cursor: '!!' });
    expect(fields).toEqual(expect.arrayContaining([...FIELDS_BROKEN_BY_SEARCH, 'cursor']));
  });
  it('refuses a body that is not an object', () => {
    expect(fieldsOf('hello')).toEqual(['(body)']);
    expect(fieldsOf(null)).toEqual(['(body)']);
  });
});

describe('price-update query', () => {
  it('parses refresh_ids and since', () => {
    expect(PricesQuerySchema.parse({ refresh_ids: '1,22,333', since: '17' })).toEqual({
      refresh_ids: ['1', '22', '333'],
      since: 17,
    });
    expect(PricesQuerySchema.parse({})).toEqual({ refresh_ids: [] });
  });
  it('refuses bad ids, more than 100 ids and a bad since', () => {
    expect(PricesQuerySchema.safeParse({ refresh_ids: '1,x' }).success).toBe(false);
    expect(
      PricesQuerySchema.safeParse({
        refresh_ids: Array.from({ length: 101 }, (_, i) => i + 1).join(','),
      }).success,
    ).toBe(false);
    expect(PricesQuerySchema.safeParse({ since: '-1' }).success).toBe(false);
  });
});
