import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  SearchResponseDataSchema,
  SORTS,
  type SearchResponseData,
} from '../../../src/contract/index.ts';
import {
  FIELDS_BROKEN_BY_SEARCH,
  SEARCH_BREAKING_EVERY_RULE,
} from '../../../src/contract/testing/invalid-examples.ts';
import { CHAINS, FACILITIES } from '../inventory/catalog.ts';
import { distanceKm } from '../inventory/geometry.ts';
import { findCity, findHotel, hasFacility, isMapped, type Hotel } from '../inventory/inventory.ts';
import { StayPricer } from '../pricing/model.ts';
import {
  eligible,
  stayOf,
  valueCalculator,
  type BruteForceQuery,
} from '../test-support/brute-force.ts';
import { createHarness, OTHER_KEY } from '../test-support/harness.ts';

const h = createHarness();
const { inventory } = h;
const TODAY = '2026-11-22';
const PARIS = 2988507;

const base = {
  destination: { type: 'city', id: PARIS },
  check_in: '2026-12-01',
  check_out: '2026-12-04',
  rooms: [{ adults: 2, child_ages: [] as number[] }],
};

function query(extra: Partial<BruteForceQuery> = {}): BruteForceQuery {
  return {
    destination: { type: 'city', id: PARIS },
    stay: stayOf(base.check_in, base.check_out, base.rooms),
    today: TODAY,
    ...extra,
  };
}

/** Every hotel id of a search, page by page. */
async function collect(
  body: Record<string, unknown>,
): Promise<{ ids: string[]; first: SearchResponseData }> {
  const first = await h.search({ ...body, limit: 100 });
  const ids = first.hotels.map((x) => x.hotel_id);
  let cursor = first.next_cursor;
  while (cursor) {
    const page = await h.search({ ...body, limit: 100, cursor });
    ids.push(...page.hotels.map((x) => x.hotel_id));
    cursor = page.next_cursor;
  }
  return { ids, first };
}

function idsOf(hotels: { hotel: Hotel }[]): string[] {
  return hotels.map((e) => String(e.hotel.id)).sort();
}

describe('search: validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['unknown destination type', { destination: { type: 'country', id: 7 } }, 'destination.type'],
    ['missing destination id', { destination: { type: 'city' } }, 'destination.id'],
    ['destination id 0', { destination: { type: 'city', id: 0 } }, 'destination.id'],
    ['fractional destination id', { destination: { type: 'city', id: 1.5 } }, 'destination.id'],
    ['no destination', { destination: undefined }, 'destination'],
    ['no rooms', { rooms: [] }, 'rooms'],
    ['six rooms', { rooms: Array.from({ length: 6 }, () => ({ adults: 1 })) }, 'rooms'],
    ['no adult', { rooms: [{ adults: 0 }] }, 'rooms[0].adults'],
    ['six adults', { rooms: [{ adults: 6 }] }, 'rooms[0].adults'],
    ['child age -1', { rooms: [{ adults: 1, child_ages: [-1] }] }, 'rooms[0].child_ages[0]'],
    ['child age 18', { rooms: [{ adults: 1, child_ages: [4, 18] }] }, 'rooms[0].child_ages[1]'],
    ['six in a room', { rooms: [{ adults: 2, child_ages: [1, 2, 3, 4] }] }, 'rooms[0]'],
    [
      'six in the second room',
      { rooms: [{ adults: 1 }, { adults: 5, child_ages: [3] }] },
      'rooms[1]',
    ],
    [
      'check_in yesterday (UTC−12)',
      { check_in: '2026-11-20', check_out: '2026-11-22' },
      'check_in',
    ],
    ['check_out = check_in', { check_in: '2026-12-01', check_out: '2026-12-01' }, 'check_out'],
    ['check_out before check_in', { check_in: '2026-12-01', check_out: '2026-11-30' }, 'check_out'],
    ['31 nights', { check_in: '2026-12-01', check_out: '2027-01-01' }, 'check_out'],
    ['501 days ahead', { check_in: '2028-04-05', check_out: '2028-04-06' }, 'check_in'],
    ['month 13', { check_in: '2026-13-01' }, 'check_in'],
    ['29 February 2027', { check_in: '2027-02-29', check_out: '2027-03-02' }, 'check_in'],
    ['free-text date', { check_out: '4 Dec 2026' }, 'check_out'],
    ['numeric date', { check_in: 20261201 }, 'check_in'],
    ['star 0', { star_ratings: [0] }, 'star_ratings[0]'],
    ['star 6', { star_ratings: [3, 6] }, 'star_ratings[1]'],
    ['negative price_min', { price_min_usd_cents: -1 }, 'price_min_usd_cents'],
    ['price_max 0', { price_max_usd_cents: 0 }, 'price_max_usd_cents'],
    [
      'price_max below price_min',
      { price_min_usd_cents: 2000, price_max_usd_cents: 1000 },
      'price_max_usd_cents',
    ],
    ['limit 0', { limit: 0 }, 'limit'],
    ['limit 101', { limit: 101 }, 'limit'],
    ['unknown sort', { sort: 'cheapest' }, 'sort'],
    ['unknown price_sort', { price_sort: 'asc' }, 'price_sort'],
    ['unknown pricing mode', { pricing_mode: 'cached' }, 'pricing_mode'],
    ['three-letter nationality', { nationality: 'IND' }, 'nationality'],
    ['one-letter nationality', { nationality: 'i' }, 'nationality'],
    ['lower-case nationality', { nationality: 'in' }, 'nationality'],
    ['unknown country', { nationality: 'ZZ' }, 'nationality'],
    ['chain id 0', { chain_ids: [0] }, 'chain_ids[0]'],
    ['facility id as text', { facility_ids: ['wifi'] }, 'facility_ids[0]'],
    ['negative hotel id', { hotel_ids: [-4] }, 'hotel_ids[0]'],
    ['hotel_name of 101 characters', { hotel_name: 'x'.repeat(101) }, 'hotel_name'],
  ];
  const named = cases.map(([name, patch, field]) => ({ name, patch, field }));
  it.each(named)('refuses $name with 400 naming $field', async ({ patch, field }) => {
    const answer = await h.searchError({ ...base, ...patch });
    expect(answer.status).toBe(400);
    expect(answer.envelope.error.code).toBe('VALIDATION_FAILED');
    expect(answer.envelope.error.details.map((d) => d.field)).toContain(field);
  });

  it('reports every problem at once', async () => {
    const answer = await h.searchError(SEARCH_BREAKING_EVERY_RULE);
    expect(answer.envelope.error.details.map((d) => d.field)).toEqual(
      expect.arrayContaining(FIELDS_BROKEN_BY_SEARCH),
    );
    expect(answer.envelope.message).toMatch(/more problems/);
  });

  it('answers INVALID_CURSOR to a malformed cursor and to a cursor of another sort', async () => {
    const malformed = await h.searchError({ ...base, cursor: 'garbage' });
    expect(malformed.status).toBe(400);
    expect(malformed.envelope.error.code).toBe('INVALID_CURSOR');
    expect(malformed.envelope.error.details[0]?.field).toBe('cursor');
    const byPrice = await h.search({ ...base, sort: 'price_low_to_high', limit: 5 });
    expect(byPrice.next_cursor).toMatch(/^pl\.[0-2]\.\d+_\d+$/);
    const foreign = await h.searchError({ ...base, sort: 'stars', cursor: byPrice.next_cursor });
    expect(foreign.status).toBe(400);
    expect(foreign.envelope.error.code).toBe('INVALID_CURSOR');
    const wellFormedButWrong = await h.searchError({ ...base, cursor: 'x.1_12' });
    expect(wellFormedButWrong.envelope.error.code).toBe('INVALID_CURSOR');
  });

  it('answers 404 DESTINATION_NOT_FOUND for unknown cities, places and hotels, and unmapped hotels', async () => {
    const unmapped = inventory.hotels.find((x) => !isMapped(x))!;
    for (const destination of [
      { type: 'city', id: 999_999_999 },
      { type: 'place', id: 999_999_999 },
      { type: 'hotel', id: 999_999_999 },
      { type: 'hotel', id: unmapped.id },
      { type: 'city', id: 5125771 }, // Manhattan is a place (neighbourhood), not a city
    ]) {
      const answer = await h.searchError({ ...base, destination });
      expect(answer.status, JSON.stringify(destination)).toBe(404);
      expect(answer.envelope.error.code).toBe('DESTINATION_NOT_FOUND');
      expect(answer.envelope.error.details[0]?.field).toBe('destination.id');
    }
  });
});

describe('search: results', () => {
  it('answers in the contract shape, echoing the applied search', async () => {
    const data = await h.search({
      ...base,
      rooms: [{ adults: 2, child_ages: [4] }, { adults: 1 }],
      limit: 7,
    });
    expect(SearchResponseDataSchema.safeParse(data).success).toBe(true);
    expect(data.search_info).toEqual({
      city_id: PARIS,
      city: 'Paris',
      country_code: 'FR',
      check_in: '2026-12-01',
      check_out: '2026-12-04',
      nights: 3,
      total_rooms: 2,
      total_guests: 4,
      price_sort: 'recommended',
      sort: 'recommended',
      // The centre the distances are measured from: in Paris, near the Île de la Cité.
      center: {
        latitude: expect.closeTo(48.86, 1) as number,
        longitude: expect.closeTo(2.35, 1) as number,
      },
    });
    expect(data.requested_results).toBe(7);
    expect(data.returned_results).toBe(7);
    expect(data.hotels).toHaveLength(7);
    for (const hotel of data.hotels) {
      expect(hotel.facilities.length).toBeLessThanOrEqual(5);
      expect(hotel.price.currency).toBe('USD');
      expect(Number.isInteger(hotel.price.amount)).toBe(true);
      expect(hotel.main_image_url).toMatch(/^http:\/\/sandbox\.test\/images\/.+\.png$/);
    }
  });

  it('counts the eligible mapped hotels of the destination in total_results', async () => {
    const data = await h.search({ ...base, limit: 1 });
    expect(data.total_results).toBe(eligible(inventory, query()).length);
    const paris = findCity(inventory, PARIS)!;
    const all = inventory.hotels.filter((x) => x.cityIndex === paris.index);
    expect(data.total_results).toBeLessThan(all.length); // unmapped hotels are never counted
  });

  it('never returns an unmapped hotel', async () => {
    const { ids } = await collect(base);
    const unmapped = ids
      .map((id) => findHotel(inventory, Number(id)))
      .filter((x) => x && !isMapped(x));
    expect(ids.length).toBeGreaterThan(1000);
    expect(unmapped).toEqual([]);
  });

  it('localizes facility and country names with the language header', async () => {
    const english = await h.search({ ...base, limit: 10 });
    const japanese = await h.search({ ...base, limit: 10 }, { language: 'ja' });
    expect(japanese.hotels[0]?.country).toBe('フランス');
    expect(english.hotels[0]?.country).toBe('France');
    const names = new Set(FACILITIES.map((f) => f.names.ja));
    for (const hotel of japanese.hotels)
      for (const f of hotel.facilities) expect(names.has(f)).toBe(true);
  });

  it('returns only the asked fields (and hotel_id) with `fields`, ignoring unknown names', async () => {
    const data = await h.searchSparse({ ...base, limit: 5, fields: ['price', 'stars', 'no_such'] });
    for (const hotel of data.hotels) {
      expect(Object.keys(hotel).sort()).toEqual(
        ['hotel_id', 'price', 'stars'].filter((k) => k in hotel),
      );
      expect(hotel.price).toBeDefined();
    }
    const idsOnly = await h.searchSparse({ ...base, limit: 3, fields: [] });
    for (const hotel of idsOnly.hotels) expect(Object.keys(hotel)).toEqual(['hotel_id']);
  });
});

describe('search: filters narrow, alone and combined, as a scan selects', () => {
  const chain = CHAINS.find((c) => c.name === 'Northway Inn')!;
  const facilities = [1, 29, 30];
  const cases: [string, Record<string, unknown>, Partial<BruteForceQuery>][] = [
    ['star_ratings', { star_ratings: [4, 5] }, { starRatings: [4, 5] }],
    [
      'property_types',
      { property_types: ['hostel', 'apartment'] },
      { propertyTypes: ['hostel', 'apartment'] },
    ],
    ['chain_ids', { chain_ids: [chain.id] }, { chainIds: [chain.id] }],
    ['facility_ids (ANDed)', { facility_ids: facilities }, { facilityIds: facilities }],
    [
      'hotel_name (case-insensitive substring)',
      { hotel_name: 'HÔTEL DU' },
      { hotelName: 'hôtel du' },
    ],
    ['price_min_usd_cents (total)', { price_min_usd_cents: 150_000 }, { priceMin: 150_000 }],
    ['price_max_usd_cents (total)', { price_max_usd_cents: 40_000 }, { priceMax: 40_000 }],
    [
      'everything combined',
      {
        star_ratings: [3, 4],
        property_types: ['hotel', 'boutique_hotel'],
        facility_ids: [1, 29],
        hotel_name: 'h',
        price_min_usd_cents: 30_000,
        price_max_usd_cents: 120_000,
      },
      {
        starRatings: [3, 4],
        propertyTypes: ['hotel', 'boutique_hotel'],
        facilityIds: [1, 29],
        hotelName: 'h',
        priceMin: 30_000,
        priceMax: 120_000,
      },
    ],
  ];
  it.each(cases)('%s', async (_name, filter, expected) => {
    const { ids, first } = await collect({ ...base, ...filter });
    const scan = eligible(inventory, query(expected));
    expect(scan.length).toBeGreaterThan(0);
    expect(first.total_results).toBe(scan.length);
    expect([...ids].sort()).toEqual(idsOf(scan));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('hotel_ids narrows (unknown ids only narrow), and facility ids are all required', async () => {
    const some = eligible(inventory, query())
      .slice(0, 5)
      .map((e) => e.hotel.id);
    const { ids } = await collect({ ...base, hotel_ids: [...some, 999_999_999] });
    expect(ids.map(Number).sort()).toEqual([...some].sort());
    const data = await h.search({ ...base, facility_ids: [51], limit: 100 }); // beachfront in Paris: none
    expect(data.total_results).toBe(0);
    const spa = await h.search({ ...base, facility_ids: [33, 34], limit: 100 });
    for (const item of spa.hotels) {
      const hotel = findHotel(inventory, Number(item.hotel_id))!;
      expect(hasFacility(hotel, 33) && hasFacility(hotel, 34)).toBe(true);
    }
  });

  it('matches hotel_name ignoring accents too', async () => {
    const plain = await h.search({ ...base, hotel_name: 'hotel du', limit: 1 });
    const accented = await h.search({ ...base, hotel_name: 'Hôtel du', limit: 1 });
    expect(plain.total_results).toBe(accented.total_results);
    expect(plain.total_results).toBeGreaterThan(0);
  });
});

describe('search: destinations', () => {
  it('returns the whole subtree of a region spanning several cities, with the context city', async () => {
    const goa = inventory.geography.places.find((p) => p.name === 'Goa' && p.type === 'region')!;
    const { ids, first } = await collect({ ...base, destination: { type: 'place', id: goa.id } });
    const scan = eligible(inventory, query({ destination: { type: 'place', id: goa.id } }));
    expect([...ids].sort()).toEqual(idsOf(scan));
    const cities = new Set(scan.map((e) => e.hotel.cityIndex));
    expect(cities.size).toBeGreaterThanOrEqual(3);
    // The context city is the one with the most hotels inside the place.
    const counts = new Map<number, number>();
    for (const e of scan) counts.set(e.hotel.cityIndex, (counts.get(e.hotel.cityIndex) ?? 0) + 1);
    const busiest = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    expect(first.search_info.city).toBe(inventory.geography.cities[busiest]?.name);
    expect(first.search_info).toMatchObject({
      place_id: goa.id,
      place: 'Goa',
      place_type: 'region',
    });
  });

  it('returns an island (Bali) across its cities and a neighbourhood (Manhattan) inside its city', async () => {
    const bali = inventory.geography.places.find((p) => p.name === 'Bali' && p.type === 'island')!;
    const island = await collect({ ...base, destination: { type: 'place', id: bali.id } });
    expect([...island.ids].sort()).toEqual(
      idsOf(eligible(inventory, query({ destination: { type: 'place', id: bali.id } }))),
    );
    expect(island.first.search_info.place_type).toBe('island');
    const manhattan = await collect({ ...base, destination: { type: 'place', id: 5125771 } });
    const scan = eligible(inventory, query({ destination: { type: 'place', id: 5125771 } }));
    expect([...manhattan.ids].sort()).toEqual(idsOf(scan));
    expect(manhattan.first.search_info).toMatchObject({
      city: 'New York City',
      place: 'Manhattan',
      place_type: 'neighbourhood',
    });
    const nyc = await h.search({ ...base, destination: { type: 'city', id: 5128581 }, limit: 1 });
    expect(nyc.total_results).toBeGreaterThan(manhattan.ids.length);
  });

  it('has place fields in search_info only for place searches', async () => {
    const city = await h.search({ ...base, limit: 1 });
    expect(city.search_info).not.toHaveProperty('place_id');
    expect(city.search_info).not.toHaveProperty('place');
    expect(city.search_info).not.toHaveProperty('place_type');
    const hotelId = Number(city.hotels[0]!.hotel_id);
    const hotel = await h.search({ ...base, destination: { type: 'hotel', id: hotelId } });
    expect(hotel.search_info).not.toHaveProperty('place_id');
    expect(hotel.search_info.city).toBe('Paris');
  });
});

describe('search: similar_hotels', () => {
  function checkSimilar(data: SearchResponseData, anchor: Hotel, anchorAmount: number) {
    const similar = data.similar_hotels ?? [];
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(10);
    let last = -1;
    for (const item of similar) {
      const hotel = findHotel(inventory, Number(item.hotel_id))!;
      expect(hotel.id).not.toBe(anchor.id);
      expect(hotel.cityIndex).toBe(anchor.cityIndex);
      if (anchor.stars !== null)
        expect(Math.abs((hotel.stars ?? 99) - anchor.stars)).toBeLessThanOrEqual(1);
      expect(item.price.amount).toBeGreaterThanOrEqual(Math.floor((anchorAmount * 2) / 3));
      expect(item.price.amount).toBeLessThanOrEqual(Math.ceil(anchorAmount * 1.5));
      expect(item.availability_band).toBe(0);
      const expected =
        anchor.lat === null || hotel.lat === null
          ? null
          : distanceKm(anchor.lat, anchor.lon!, hotel.lat, hotel.lon!);
      if (expected === null) expect(item.distance_km).toBeNull();
      else {
        expect(item.distance_km).toBeCloseTo(expected, 2);
        expect(expected).toBeGreaterThanOrEqual(last);
        last = expected;
      }
    }
  }

  it('comes with a hotel search: same city, stars within 1, comparable price, nearest first', async () => {
    const anchor = eligible(inventory, query()).find(
      (e) => e.band === 0 && e.hotel.stars === 4 && e.hotel.lat !== null,
    )!;
    const data = await h.search({ ...base, destination: { type: 'hotel', id: anchor.hotel.id } });
    expect(data.hotels.map((x) => x.hotel_id)).toEqual([String(anchor.hotel.id)]);
    expect(data.total_results).toBe(1);
    checkSimilar(data, anchor.hotel, anchor.amount);
  });

  it('comes with a city search of two results or fewer, and not with a bigger one', async () => {
    const pair = eligible(inventory, query())
      .filter((e) => e.band === 0 && e.hotel.stars === 3 && e.hotel.lat !== null)
      .slice(0, 2);
    const small = await h.search({ ...base, hotel_ids: pair.map((e) => e.hotel.id) });
    expect(small.total_results).toBe(2);
    const first = pair.find((e) => String(e.hotel.id) === small.hotels[0]?.hotel_id)!;
    checkSimilar(small, first.hotel, first.amount);
    for (const item of small.similar_hotels ?? []) {
      expect(pair.map((e) => String(e.hotel.id))).not.toContain(item.hotel_id);
    }
    const big = await h.search({ ...base, limit: 5 });
    expect(big).not.toHaveProperty('similar_hotels');
    const none = await h.search({
      ...base,
      hotel_name: 'no hotel is called this',
      star_ratings: [5],
    });
    expect(none.total_results).toBe(0);
    expect(none.similar_hotels?.length).toBeGreaterThan(0);
    for (const item of none.similar_hotels ?? []) expect(item.stars).toBeGreaterThanOrEqual(4);
  });
});

describe('search: value_pct and vs_typical_pct presence', () => {
  it('shows value_pct only for hotels at least 10 % below the median of their city and stars', async () => {
    const { ids } = await collect({ ...base, sort: 'value' });
    const first = await h.search({ ...base, sort: 'value', limit: 100 });
    const valueOf = valueCalculator(inventory, query());
    let shown = 0;
    for (const item of first.hotels) {
      const hotel = findHotel(inventory, Number(item.hotel_id))!;
      const value = valueOf(hotel, item.price.amount);
      if (item.value_pct !== undefined) {
        shown++;
        expect(item.value_pct).toBeGreaterThanOrEqual(10);
        expect(item.value_pct).toBe(Math.floor((value ?? 0) * 100));
      } else if (item.availability_band === 0) {
        expect(value === null || value < 0.1).toBe(true);
      }
    }
    expect(shown).toBeGreaterThan(10);
    expect(ids.length).toBe(first.total_results);
  });

  it('shows typical_price_usd_cents and vs_typical_pct together, from 10 % deviation, with enough history', async () => {
    const pricer = new StayPricer(
      inventory,
      stayOf(base.check_in, base.check_out, base.rooms),
      TODAY,
    );
    const first = await h.search({ ...base, limit: 100 });
    let shown = 0;
    let hidden = 0;
    for (const item of first.hotels) {
      const hotel = findHotel(inventory, Number(item.hotel_id))!;
      expect(item.typical_price_usd_cents === undefined).toBe(item.vs_typical_pct === undefined);
      const typical = pricer.typical(hotel);
      if (item.vs_typical_pct !== undefined) {
        shown++;
        expect(typical).toBe(item.typical_price_usd_cents);
        expect(Math.abs(item.vs_typical_pct)).toBeGreaterThanOrEqual(10);
        expect(hotel.historyCount).toBeGreaterThanOrEqual(8);
        expect(item.vs_typical_pct).toBe(
          Math.round(((item.price.amount - typical!) / typical!) * 100),
        );
      } else if (item.availability_band === 0) {
        hidden++;
        if (typical !== null)
          expect(Math.abs((item.price.amount - typical) / typical)).toBeLessThan(0.105);
      }
    }
    expect(shown).toBeGreaterThan(3);
    expect(hidden).toBeGreaterThan(3);
  });
});

describe('search: sorts and sessions', () => {
  it('lets sort win over price_sort and labels price_sort in search_info', async () => {
    const both = await h.search({ ...base, sort: 'stars', price_sort: 'low_to_high', limit: 3 });
    expect(both.search_info).toMatchObject({ sort: 'stars', price_sort: 'recommended' });
    const low = await h.search({ ...base, price_sort: 'low_to_high', limit: 3 });
    expect(low.search_info).toMatchObject({ sort: 'price_low_to_high', price_sort: 'low_to_high' });
    const high = await h.search({ ...base, price_sort: 'high_to_low', limit: 3 });
    expect(high.search_info.price_sort).toBe('high_to_low');
    const viaSort = await h.search({ ...base, sort: 'price_low_to_high', limit: 3 });
    expect(viaSort.search_id).toBe(low.search_id); // the same applied search
  });

  it('keeps one search_id for the same normalized inputs, whatever the cursor, limit and fields', async () => {
    const a = await h.search({ ...base, limit: 3 });
    const b = await h.searchSparse({
      ...base,
      limit: 50,
      fields: ['price'],
      cursor: a.next_cursor,
    });
    const c = await h.search({ ...base, rooms: [{ adults: 2 }], limit: 1 });
    expect(b.search_id).toBe(a.search_id);
    expect(c.search_id).toBe(a.search_id);
    expect(a.search_id).toMatch(/^[A-Za-z0-9_-]{22,}$/); // ≥ 128 random bits, base64url
    const other = await h.search({ ...base, star_ratings: [3], limit: 1 });
    expect(other.search_id).not.toBe(a.search_id);
    const otherOrg = await h.search({ ...base, limit: 3 }, { 'x-api-key': OTHER_KEY });
    expect(otherOrg.search_id).not.toBe(a.search_id);
  });

  it('starts a new session after the 15-minute lifetime', async () => {
    const mine = createHarness();
    const first = await mine.search({ ...base, limit: 1 });
    mine.advance(14 * 60_000);
    expect((await mine.search({ ...base, limit: 1 })).search_id).toBe(first.search_id);
    mine.advance(60_000);
    expect((await mine.search({ ...base, limit: 1 })).search_id).not.toBe(first.search_id);
  });

  it('puts bands 1 and 2 after band 0 in every sort', async () => {
    for (const sort of SORTS) {
      const bands: number[] = [];
      let cursor: string | null | undefined = null;
      do {
        const page = await h.search({
          ...base,
          destination: { type: 'city', id: 2657928 },
          sort,
          limit: 40,
          ...(cursor ? { cursor } : {}),
        });
        bands.push(...page.hotels.map((x) => x.availability_band));
        cursor = page.next_cursor;
      } while (cursor);
      expect(bands).toEqual([...bands].sort((x, y) => x - y));
      expect(new Set(bands).size, sort).toBeGreaterThan(1);
    }
  });

  it('prices the whole stay: more nights and more rooms cost more', async () => {
    const one = await h.search({ ...base, hotel_ids: [eligible(inventory, query())[0]!.hotel.id] });
    const id = Number(one.hotels[0]!.hotel_id);
    const longer = await h.search({ ...base, check_out: '2026-12-08', hotel_ids: [id] });
    const rooms = await h.search({
      ...base,
      rooms: [{ adults: 2 }, { adults: 2 }],
      hotel_ids: [id],
    });
    expect(longer.hotels[0]!.price.amount).toBeGreaterThan(one.hotels[0]!.price.amount);
    // Two identical rooms cost twice one (to the cent: the total is rounded once).
    expect(
      Math.abs(rooms.hotels[0]!.price.amount - one.hotels[0]!.price.amount * 2),
    ).toBeLessThanOrEqual(1);
    expect(dayNumber(longer.search_info.check_out) - dayNumber(longer.search_info.check_in)).toBe(
      longer.search_info.nights,
    );
  });
});
