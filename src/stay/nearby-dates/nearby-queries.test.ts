import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../testing/api-stub.ts';
import { NO_FILTERS } from '../filters.ts';
import type { Stay } from '../stay.ts';
import type { NearbyPrice } from './nearby-dates.ts';
import { cachedCheckInPrices, nearbyKeys, nearbyQueries, nearbyRequest } from './nearby-queries.ts';
import { hotelPricesScope, lowestPricesScope } from './nearby-scope.ts';

const stay: Stay = {
  checkIn: '2026-12-10',
  checkOut: '2026-12-12',
  rooms: [{ adults: 2, child_ages: [5] }],
  nationality: 'FR',
};
const paris = { type: 'city', id: 2988507 } as const;
const fourStars = { ...NO_FILTERS, stars: [4], priceMaxUsdCents: 50_000 };

afterEach(() => vi.unstubAllGlobals());

describe('nearbyRequest', () => {
  it('asks for one hotel, only the fields a price needs, in the same stay', () => {
    expect(nearbyRequest(hotelPricesScope('8760001'), stay)).toEqual({
      destination: { type: 'hotel', id: 8760001 },
      hotel_ids: [8760001],
      check_in: '2026-12-10',
      check_out: '2026-12-12',
      rooms: [{ adults: 2, child_ages: [5] }],
      nationality: 'FR',
      pricing_mode: 'instant',
      limit: 1,
      fields: ['price', 'availability_band'],
    });
  });

  it('asks a destination for its cheapest hotel under the same filters', () => {
    expect(nearbyRequest(lowestPricesScope(paris, fourStars), stay)).toEqual({
      destination: paris,
      check_in: '2026-12-10',
      check_out: '2026-12-12',
      rooms: [{ adults: 2, child_ages: [5] }],
      nationality: 'FR',
      star_ratings: [4],
      price_max_usd_cents: 50_000,
      sort: 'price_low_to_high',
      pricing_mode: 'instant',
      limit: 1,
      fields: ['price', 'availability_band'],
    });
  });
});

describe('nearbyQueries.price', () => {
  it('keys on the scope and the whole stay, and reads a sparse answer as a price', async () => {
    const api = stubApi({
      '/hotels/search': () => ({
        search_info: {
          city_id: 2267057,
          city: 'Lisbon',
          country_code: 'PT',
          check_in: stay.checkIn,
          check_out: stay.checkOut,
          nights: 2,
          total_rooms: 1,
          total_guests: 3,
          price_sort: 'recommended',
        },
        total_results: 1,
        requested_results: 1,
        returned_results: 1,
        next_cursor: null,
        hotels: [
          {
            hotel_id: '8760001',
            availability_band: 0,
            price: { amount: 51_200, currency: 'USD', rate_type: 'estimated' },
          },
        ],
        search_id: 'srch_0123456789abcdef0123',
        refresh_status: 'PENDING',
      }),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const client = createQueryClient();
    const options = nearbyQueries.price(hotelPricesScope('8760001'), stay);
    expect(options.queryKey).toEqual(['nearby-dates', { kind: 'hotel', hotelId: '8760001' }, stay]);
    expect(await client.query(options)).toEqual({
      kind: 'price',
      amount: 51_200,
      currency: 'USD',
      estimated: true,
    });
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.init?.method).toBe('POST');
    // Fresh for minutes: asked again, the cache answers.
    await client.query(options);
    expect(api.calls).toHaveLength(1);
  });
});

describe('cachedCheckInPrices', () => {
  const priced = (amount: number): NearbyPrice => ({
    kind: 'price',
    amount,
    currency: 'USD',
    estimated: false,
  });
  const at = (checkIn: string, checkOut: string, patch: Partial<Stay> = {}): Stay => ({
    ...stay,
    checkIn,
    checkOut,
    ...patch,
  });

  it('finds the scope’s prices for as many nights, the same rooms and nationality: no search', () => {
    const client = createQueryClient();
    const hotel = hotelPricesScope('8760001');
    const lowest = lowestPricesScope(paris, NO_FILTERS);
    const put = (scope: typeof hotel, s: Stay, price: NearbyPrice) =>
      client.setQueryData(nearbyKeys.price(scope, s), price);
    put(hotel, at('2026-12-09', '2026-12-11'), priced(40_000));
    put(hotel, at('2026-12-10', '2026-12-12'), { kind: 'soldOut' });
    put(hotel, at('2026-12-11', '2026-12-14'), priced(1)); // three nights
    put(hotel, at('2026-12-12', '2026-12-14', { nationality: 'IN' }), priced(2));
    put(
      hotel,
      at('2026-12-13', '2026-12-15', { rooms: [{ adults: 2, child_ages: [] }] }),
      priced(3),
    );
    put(hotelPricesScope('42'), at('2026-12-14', '2026-12-16'), priced(4));
    put(lowest, at('2026-12-15', '2026-12-17'), priced(5));
    put(lowestPricesScope(paris, fourStars), at('2026-12-16', '2026-12-18'), priced(6));

    const like = { nights: 2, rooms: stay.rooms, nationality: 'FR' };
    expect(Object.fromEntries(cachedCheckInPrices(client, hotel, like))).toEqual({
      '2026-12-09': priced(40_000),
      '2026-12-10': { kind: 'soldOut' },
    });
    // Another search's filters are another scope, even with fewer of them.
    expect([...cachedCheckInPrices(client, lowest, like).keys()]).toEqual(['2026-12-15']);
    expect(cachedCheckInPrices(client, hotel, { ...like, nights: 3 }).get('2026-12-11')).toEqual(
      priced(1),
    );
  });
});
