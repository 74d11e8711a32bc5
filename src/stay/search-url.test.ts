import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SORTS } from '../contract/index.ts';
import { TEST_NOW } from '../contract/testing/clock.ts';
import { activeFilterCount, NO_FILTERS, withFilters } from './filters.ts';
import {
  hotelPath,
  parseRooms,
  serializeSearchUrl,
  toSearchRequest,
  type SearchInput,
} from './search-url.ts';
import { parseSearchUrl } from './search-check.ts';

const now = () => new Date(TEST_NOW);

const paris: SearchInput = {
  destination: { type: 'city', id: 2988507 },
  label: 'Paris, Île-de-France, France',
  checkIn: '2026-12-01',
  checkOut: '2026-12-03',
  rooms: [
    { adults: 2, child_ages: [5, 9] },
    { adults: 1, child_ages: [] },
  ],
  nationality: 'FR',
  sort: 'price_low_to_high',
  pricingMode: 'instant',
  filters: {
    stars: [4, 5],
    priceMinUsdCents: 10_000,
    priceMaxUsdCents: 50_000,
    propertyTypes: ['apartment', 'hotel'],
    chainIds: [12, 15],
    facilityIds: [3, 7],
    hotelName: 'lumière & co',
  },
};

function parsed(query: string) {
  const result = parseSearchUrl(query, now);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.input;
}

describe('search URL', () => {
  it('writes a readable, canonical query string', () => {
    expect(serializeSearchUrl(paris)).toBe(
      'dest=city:2988507&label=Paris%2C%20%C3%8Ele-de-France%2C%20France'.replace(/%2C/g, ',') +
        '&checkin=2026-12-01&checkout=2026-12-03&rooms=2:5.9,1&nat=FR&sort=price_low_to_high' +
        '&stars=4,5&pmin=100&pmax=500&types=apartment,hotel&chains=12,15&fac=3,7' +
        '&name=lumi%C3%A8re%20%26%20co',
    );
  });

  it('reads back exactly what it wrote', () => {
    expect(parsed(serializeSearchUrl(paris))).toEqual(paris);
  });

  it('leaves defaults out of the URL and puts them back when reading', () => {
    const simple: SearchInput = {
      ...paris,
      rooms: [{ adults: 2, child_ages: [] }],
      nationality: 'IN',
      sort: 'recommended',
      filters: NO_FILTERS,
    };
    const query = serializeSearchUrl(simple);
    expect(query).toBe(
      'dest=city:2988507&label=Paris,%20%C3%8Ele-de-France,%20France&checkin=2026-12-01&checkout=2026-12-03&rooms=2&nat=IN',
    );
    expect(parsed(query)).toEqual(simple);
    expect(parsed('dest=place:7&checkin=2026-12-01&checkout=2026-12-02')).toMatchObject({
      rooms: [{ adults: 2, child_ages: [] }],
      nationality: 'IN',
      sort: 'recommended',
      pricingMode: 'instant',
      filters: NO_FILTERS,
    });
  });

  it('round-trips any valid search (property)', () => {
    const room = fc.integer({ min: 1, max: 5 }).chain((adults) =>
      fc.record({
        adults: fc.constant(adults),
        child_ages: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 5 - adults }),
      }),
    );
    const sortedUnique = <T extends number | string>(arb: fc.Arbitrary<T[]>) =>
      arb.map((values) =>
        [...new Set(values)].sort((a, b) =>
          typeof a === 'number' && typeof b === 'number'
            ? a - b
            : String(a).localeCompare(String(b)),
        ),
      );
    const input = fc.record({
      destination: fc.record({
        type: fc.constantFrom('city' as const, 'hotel' as const, 'place' as const),
        id: fc.integer({ min: 1, max: 2 ** 40 }),
      }),
      label: fc.string({ maxLength: 40 }).map((s) => s.trim()),
      checkIn: fc.constantFrom('2026-11-22', '2026-12-01', '2027-02-28'),
      nights: fc.integer({ min: 1, max: 30 }),
      rooms: fc.array(room, { minLength: 1, maxLength: 5 }),
      nationality: fc.constantFrom('IN', 'FR', 'US', 'JP', 'AE'),
      sort: fc.constantFrom(...SORTS),
      pricingMode: fc.constantFrom('instant' as const, 'live' as const),
      stars: sortedUnique(fc.array(fc.integer({ min: 1, max: 5 }))),
      priceMin: fc.option(fc.integer({ min: 1, max: 5000 })),
      span: fc.integer({ min: 0, max: 5000 }),
      propertyTypes: sortedUnique(fc.array(fc.constantFrom('hotel', 'apartment', 'hostel'))),
      chainIds: sortedUnique(fc.array(fc.integer({ min: 1, max: 999 }))),
      facilityIds: sortedUnique(fc.array(fc.integer({ min: 1, max: 999 }))),
      hotelName: fc.option(
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && s !== ''),
      ),
    });
    fc.assert(
      fc.property(input, (value) => {
        const checkOut = new Date(Date.parse(`${value.checkIn}T00:00:00Z`) + value.nights * 864e5)
          .toISOString()
          .slice(0, 10);
        const search: SearchInput = {
          destination: value.destination,
          label: value.label,
          checkIn: value.checkIn,
          checkOut,
          rooms: value.rooms,
          nationality: value.nationality,
          sort: value.sort,
          pricingMode: value.pricingMode,
          filters: {
            stars: value.stars,
            priceMinUsdCents: value.priceMin === null ? null : value.priceMin * 100,
            priceMaxUsdCents: value.priceMin === null ? null : (value.priceMin + value.span) * 100,
            propertyTypes: value.propertyTypes,
            chainIds: value.chainIds,
            facilityIds: value.facilityIds,
            hotelName: value.hotelName,
          },
        };
        expect(parsed(serializeSearchUrl(search))).toEqual(search);
      }),
      { numRuns: 300 },
    );
  });

  it('reports what a broken link lacks, with the API field names, and keeps the rest', () => {
    const result = parseSearchUrl(
      'label=Nowhere&checkin=2026-11-01&checkout=2026-10-30&nat=FR',
      now,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => issue.field)).toEqual([
      'destination',
      'check_in',
      'check_out',
    ]);
    expect(result.draft).toMatchObject({
      label: 'Nowhere',
      nationality: 'FR',
      checkIn: '2026-11-01',
    });
  });

  it('refuses rooms the API would refuse, naming the room', () => {
    const base = 'dest=city:1&checkin=2026-12-01&checkout=2026-12-02&rooms=';
    const issues = (rooms: string) => {
      const result = parseSearchUrl(base + rooms, now);
      return result.ok ? [] : result.issues.map((issue) => issue.field);
    };
    expect(issues('3:1.2.3')).toEqual(['rooms[0]']);
    expect(issues('2:18')).toEqual(['rooms[0].child_ages[0]']);
    expect(issues('0')).toEqual(['rooms[0].adults']);
    expect(issues('1,1,1,1,1,1')).toEqual(['rooms']);
    expect(issues('two')).toContain('rooms');
    expect(issues('2:5.9,1')).toEqual([]);
  });

  it('refuses more than 30 nights and an unknown nationality', () => {
    const result = parseSearchUrl('dest=city:1&checkin=2026-12-01&checkout=2027-01-01&nat=ZZ', now);
    expect(result.ok ? [] : result.issues.map((issue) => issue.field)).toEqual([
      'nationality',
      'check_out',
    ]);
  });

  it('drops filter values that make no sense instead of failing the search', () => {
    const input = parsed(
      'dest=city:1&checkin=2026-12-01&checkout=2026-12-02&stars=5,9,0,x,4,4&chains=-1,3&fac=&pmin=600&pmax=200&name=%20%20&sort=cheapest&mode=slow',
    );
    expect(input.filters).toEqual({
      ...NO_FILTERS,
      stars: [4, 5],
      chainIds: [3],
      priceMinUsdCents: 20_000,
      priceMaxUsdCents: 60_000,
    });
    expect(input.sort).toBe('recommended');
    expect(input.pricingMode).toBe('instant');
  });

  it('parses rooms strictly', () => {
    expect(parseRooms('2')).toEqual([{ adults: 2, child_ages: [] }]);
    expect(parseRooms('2:,1:0')).toEqual([
      { adults: 2, child_ages: [] },
      { adults: 1, child_ages: [0] },
    ]);
    expect(parseRooms('2:1:3')).toBeNull();
    expect(parseRooms('2;1')).toBeNull();
  });

  it('builds the API request with the normalized inputs only', () => {
    expect(toSearchRequest(paris)).toEqual({
      destination: { type: 'city', id: 2988507 },
      check_in: '2026-12-01',
      check_out: '2026-12-03',
      rooms: [
        { adults: 2, child_ages: [5, 9] },
        { adults: 1, child_ages: [] },
      ],
      nationality: 'FR',
      sort: 'price_low_to_high',
      pricing_mode: 'instant',
      star_ratings: [4, 5],
      price_min_usd_cents: 10_000,
      price_max_usd_cents: 50_000,
      property_types: ['apartment', 'hotel'],
      chain_ids: [12, 15],
      facility_ids: [3, 7],
      hotel_name: 'lumière & co',
    });
    expect(toSearchRequest({ ...paris, filters: NO_FILTERS })).not.toHaveProperty('star_ratings');
  });

  it('changes filters without touching the rest, and counts them', () => {
    const next = withFilters(paris, { stars: [5, 3, 5], hotelName: '  ' });
    expect(next.filters.stars).toEqual([3, 5]);
    expect(next.filters.hotelName).toBeNull();
    expect(next.sort).toBe(paris.sort);
    expect(activeFilterCount(paris.filters)).toBe(2 + 1 + 2 + 2 + 2 + 1);
  });

  it('links a hotel with the same search inputs', () => {
    expect(hotelPath('1044', paris)).toBe(`/hotels/1044?${serializeSearchUrl(paris)}`);
  });
});
