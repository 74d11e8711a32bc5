import { describe, expect, it } from 'vitest';
import { AutocompleteResponseDataSchema } from '../../../src/contract/index.ts';
import { createFlow } from '../test-support/booking-flow.ts';
import { loadInventory } from '../inventory/generate.ts';
import { SCENARIO_CITY_ID, SCENARIOS, scenarioHotels, withScenarioHotels } from './scenarios.ts';

// Generates the inventory while the file loads, outside any test's time limit.
const f = createFlow();
const LISBON_HOTEL = (kind: string) =>
  scenarioHotels(f.inventory).find(({ scenario }) => scenario.kind === kind)?.hotel.id ?? 0;

interface Stay {
  check_in: string;
  check_out: string;
  rooms: { adults: number; child_ages?: number[] }[];
}

const FIRST_STAY: Stay = {
  check_in: '2027-01-03',
  check_out: '2027-01-05',
  rooms: [{ adults: 2 }],
};

/** Ten stays across several months and occupancies: the scenarios hold for all of them. */
const STAYS: Stay[] = Array.from({ length: 10 }, (_, i) => ({
  check_in: `2027-0${1 + (i % 6)}-${String(3 + i).padStart(2, '0')}`,
  check_out: `2027-0${1 + (i % 6)}-${String(5 + i + (i % 3)).padStart(2, '0')}`,
  rooms: i % 2 === 0 ? [{ adults: 2 }] : [{ adults: 1, child_ages: [6] }, { adults: 2 }],
}));

describe('test-scenario hotels', () => {
  it('are the first four mapped hotels of Lisbon, with the ids docs/sandbox.md lists (seeds staylane and e2e)', () => {
    for (const seed of ['staylane', 'e2e']) {
      const hotels = scenarioHotels(withScenarioHotels(loadInventory(seed)));
      expect(hotels.map(({ hotel }) => hotel.id)).toEqual([8760001, 8760002, 8760003, 8760004]);
      expect(hotels.map(({ hotel }) => hotel.name)).toEqual(SCENARIOS.map((s) => s.name));
    }
    // The generated inventory itself is left as it was.
    expect(loadInventory('staylane').hotels[f.inventory.hotels.length - 1]).toBe(
      f.inventory.hotels.at(-1),
    );
    expect(loadInventory('staylane').cityHotels).toBe(f.inventory.cityHotels);
  });

  it('are found by autocomplete, by the search and at GET /sandbox/scenarios', async () => {
    const complete = await f.ok(
      await f.get('/destinations/autocomplete?query=sandbox%20test%20sold'),
      AutocompleteResponseDataSchema,
    );
    expect(complete.destinations[0]).toMatchObject({
      type: 'hotel',
      id: LISBON_HOTEL('sold_out'),
      name: 'Sandbox Test Sold Out Hotel',
      city_id: SCENARIO_CITY_ID,
    });
    const search = await f.search({
      destination: { type: 'city', id: SCENARIO_CITY_ID },
      hotel_name: 'sandbox test',
      ...FIRST_STAY,
    });
    expect(search.hotels.map((h) => h.hotel_name).sort()).toEqual(
      SCENARIOS.map((s) => s.name).sort(),
    );
    const listing = (await (await f.get('/sandbox/scenarios')).json()) as {
      data: { hotels: { scenario: string; hotel_id: string; city: string }[] };
    };
    expect(listing.data.hotels.map((h) => [h.scenario, h.hotel_id, h.city])).toEqual(
      SCENARIOS.map((s) => [s.kind, String(LISBON_HOTEL(s.kind)), 'Lisbon']),
    );
  });

  it('sold out: band 1 in the search and rooms: [] for every stay', async () => {
    const id = LISBON_HOTEL('sold_out');
    for (const stay of STAYS) {
      const search = await f.search({
        destination: { type: 'hotel', id },
        ...stay,
        pricing_mode: 'live',
      });
      expect(search.hotels[0]?.availability_band).toBe(1);
      expect((await f.rooms({ hotel_id: id, ...stay })).rooms).toEqual([]);
    }
  });

  it('the other three are available for every stay, live in the search', async () => {
    for (const kind of ['price_change', 'rate_unavailable', 'short_hold']) {
      for (const stay of STAYS) {
        const id = LISBON_HOTEL(kind);
        const search = await f.search({
          destination: { type: 'hotel', id },
          ...stay,
          pricing_mode: 'live',
        });
        expect(search.hotels[0]?.availability_band).toBe(0);
        expect((await f.rooms({ hotel_id: id, ...stay })).rooms.length).toBeGreaterThan(0);
      }
    }
  });

  it('price change: every prebook is 9 % dearer, never unavailable; refundable rates lose a day', async () => {
    for (const stay of STAYS) {
      const options = await f.rooms({ hotel_id: LISBON_HOTEL('price_change'), ...stay });
      for (const rate of options.rooms.flatMap((room) => room.rates)) {
        const prebook = await f.prebook(rate.booking_token);
        expect(prebook.price_changed).toBe(true);
        expect(prebook.previous_price_amount).toBe(rate.price.amount);
        expect(prebook.price.amount).toBe(Math.round(rate.price.amount * 1.09));
        const deadline = rate.price.free_cancellation_until;
        if (deadline && Date.parse(deadline) - 86_400_000 > f.clock.now + 3_600_000) {
          expect(prebook.cancellation_changed).toBe(true);
          expect(Date.parse(prebook.free_cancellation_until ?? '')).toBe(
            Date.parse(deadline) - 86_400_000,
          );
        }
      }
    }
  });

  it('rate unavailable: every prebook answers 409 RATE_UNAVAILABLE, surprises on or off', async () => {
    for (const flow of [f, createFlow({ prebookSurprises: false })]) {
      for (const stay of STAYS.slice(0, 4)) {
        const options = await flow.rooms({ hotel_id: LISBON_HOTEL('rate_unavailable'), ...stay });
        for (const rate of options.rooms.flatMap((room) => room.rates)) {
          const answer = await flow.failed(
            await flow.post('/hotels/prebook', { booking_token: rate.booking_token }),
          );
          expect(answer.status).toBe(409);
          expect(answer.envelope.error.code).toBe('RATE_UNAVAILABLE');
        }
      }
    }
  });

  it('short hold: tokens and prebooks live 20 s, without price surprises', async () => {
    const flow = createFlow();
    const id = LISBON_HOTEL('short_hold');
    for (const stay of STAYS) {
      const options = await flow.rooms({ hotel_id: id, ...stay });
      expect(Date.parse(options.expires_at)).toBe(flow.clock.now + 20_000);
      for (const rate of options.rooms.flatMap((room) => room.rates)) {
        const prebook = await flow.prebook(rate.booking_token);
        expect(prebook.price_changed || prebook.cancellation_changed).toBe(false);
        expect(Date.parse(prebook.expires_at)).toBe(flow.clock.now + 20_000);
      }
    }
    const tokenOf = async () =>
      (await flow.rooms({ hotel_id: id, ...FIRST_STAY })).rooms[0]?.rates[0]?.booking_token ?? '';
    const prebook = await flow.prebook(await tokenOf());
    const unused = await tokenOf();
    flow.advance(19_999);
    expect((await flow.post('/hotels/prebook', { booking_token: unused })).status).toBe(200);
    flow.advance(1);
    const token = await flow.failed(await flow.post('/hotels/prebook', { booking_token: unused }));
    expect(token.envelope.error.code).toBe('BOOKING_TOKEN_EXPIRED');
    const book = await flow.failed(
      await flow.book(flow.bookBody(prebook.prebook_id), 'short-hold-1'),
    );
    expect(book.status).toBe(410);
    expect(book.envelope.error.code).toBe('PREBOOK_EXPIRED');
  });
});
