import { describe, expect, it } from 'vitest';
import {
  RoomsResponseDataSchema,
  type Rate,
  type RoomsResponseData,
} from '../../../src/contract/index.ts';
import { TEST_NOW } from '../../../src/contract/testing/clock.ts';
import { createFlow, PARIS, type StayBody } from '../test-support/booking-flow.ts';
import { FACILITY_BY_ID } from '../inventory/catalog.ts';
import { cityOf, isMapped } from '../inventory/inventory.ts';
import { StayPricer } from '../pricing/model.ts';
import { BOARD_NAMES } from './catalog.ts';
import { roomTypesOf } from './room-types.ts';

const f = createFlow();
const { inventory } = f;
const STAY = { check_in: '2026-12-10', check_out: '2026-12-13' };
const LISBON = 2267057;

function allRates(options: RoomsResponseData): Rate[] {
  return options.rooms.flatMap((room) => room.rates);
}

/** The contract's cancellation rules, checked on one rate. */
function expectCoherentTerms(rate: Rate, now: number): void {
  const { amount, is_refundable, free_cancellation_until } = rate.price;
  const steps = rate.cancellation_timeline;
  const instants = steps.map((step) => Date.parse(step.until));
  // Ascending, in the future, refunds shrinking and never more than was paid.
  expect([...instants].sort((a, b) => a - b)).toEqual(instants);
  for (const at of instants) expect(at).toBeGreaterThan(now);
  steps.forEach((step, i) => {
    expect(step.refund_amount).toBeLessThanOrEqual(amount);
    if (i > 0) expect(step.refund_amount).toBeLessThanOrEqual(steps[i - 1]?.refund_amount ?? 0);
  });
  // free_cancellation_until is the last instant with a full refund.
  const fullRefunds = steps.filter((step) => step.refund_amount === amount);
  expect(free_cancellation_until).toBe(fullRefunds.at(-1)?.until ?? null);
  expect(is_refundable).toBe(free_cancellation_until !== null);
  if (!is_refundable) expect(steps.every((step) => step.refund_amount < amount)).toBe(true);
}

describe('POST /hotels/rooms: validation and look-up', () => {
  it('names every invalid field in a 400', async () => {
    const answer = await f.failed(
      await f.post('/hotels/rooms', {
        hotel_id: 'abc',
        check_in: '2026-12-10',
        check_out: '2026-12-09',
        rooms: [{ adults: 0 }],
        nationality: 'XX',
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.envelope.error.code).toBe('VALIDATION_FAILED');
    expect(answer.envelope.error.details.map((d) => d.field).sort()).toEqual(
      ['check_out', 'hotel_id', 'nationality', 'rooms[0].adults'].sort(),
    );
  });

  it('answers 404 HOTEL_NOT_FOUND for an unknown and for an unmapped hotel', async () => {
    const unmapped = inventory.hotels.find((hotel) => !isMapped(hotel));
    expect(unmapped).toBeDefined();
    for (const hotelId of [999_999_999, unmapped?.id ?? 0]) {
      const answer = await f.failed(
        await f.post('/hotels/rooms', { ...STAY, hotel_id: hotelId, rooms: [{ adults: 2 }] }),
      );
      expect(answer.status).toBe(404);
      expect(answer.envelope.error.code).toBe('HOTEL_NOT_FOUND');
      expect(answer.envelope.error.details[0]?.field).toBe('hotel_id');
    }
  });

  it('refuses other content types (415) and bad JSON (400 INVALID_JSON)', async () => {
    const text = await f.post('/hotels/rooms', 'hotel_id=1', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    const broken = await f.failed(await f.post('/hotels/rooms', '{"hotel_id":'));
    expect(broken.envelope.error.code).toBe('INVALID_JSON');
  });
});

describe('POST /hotels/rooms: what a hotel offers', () => {
  it('gives 1–6 room types with 1–4 distinct rates each, tokens and pictures', async () => {
    const found = await f.availableHotels(PARIS, { ...STAY, rooms: [{ adults: 2 }] }, 25);
    expect(found).toHaveLength(25);
    const tokens = new Set<string>();
    for (const { hotelId, options } of found) {
      expect(options.hotel_id).toBe(String(hotelId));
      expect(options.expires_at).toBe(
        new Date(TEST_NOW + 10 * 60_000).toISOString().replace('.000Z', 'Z'),
      );
      expect(options.timezone).toBe('Europe/Paris');
      expect(options.rooms.length).toBeGreaterThanOrEqual(1);
      expect(options.rooms.length).toBeLessThanOrEqual(6);
      for (const room of options.rooms) {
        expect(room.room_type_id.startsWith(`${hotelId}-`)).toBe(true);
        expect(room.name.length).toBeGreaterThan(0);
        expect(room.bed_type).toBeTruthy();
        expect(room.size_sqm).toBeGreaterThan(8);
        expect(room.images).toHaveLength(2);
        for (const url of room.images) {
          expect(url).toMatch(
            new RegExp(`^http://sandbox\\.test/images/[^/]+/rooms/${hotelId}/[a-z0-9-]+\\.png$`),
          );
        }
        expect(room.rates.length).toBeGreaterThanOrEqual(1);
        expect(room.rates.length).toBeLessThanOrEqual(4);
        const kinds = room.rates.map(
          (rate) => `${rate.board_type}|${String(rate.price.is_refundable)}|${rate.payment_type}`,
        );
        expect(new Set(kinds).size).toBe(kinds.length);
        for (const rate of room.rates) {
          expect(rate.booking_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
          tokens.add(rate.booking_token);
          expect(rate.price).toMatchObject({ currency: 'USD', rate_type: 'live' });
          expect(rate.taxes_and_fees_included).toBe(true);
          expect(rate.board_name).toBe(BOARD_NAMES[rate.board_type].en);
          if (rate.payment_type === 'pay_at_hotel') {
            expect(rate.pay_at_hotel_usd_cents).toBe(rate.price.amount);
          } else {
            // Paris collects a tourist tax on arrival: a part of the total, never all of it.
            expect(rate.pay_at_hotel_usd_cents).toBeGreaterThan(0);
            expect(rate.pay_at_hotel_usd_cents).toBeLessThan(rate.price.amount);
          }
          expect(rate.rooms_left).toBeGreaterThanOrEqual(1);
          expectCoherentTerms(rate, TEST_NOW);
        }
      }
    }
    // Every rate of every answer has its own token.
    const count = found.reduce((sum, { options }) => sum + allRates(options).length, 0);
    expect(tokens.size).toBe(count);
    // The variety a client must handle shows up among 25 hotels.
    const rates = found.flatMap(({ options }) => allRates(options));
    expect(new Set(rates.map((r) => r.board_type)).size).toBeGreaterThanOrEqual(2);
    expect(rates.some((r) => r.payment_type === 'pay_at_hotel')).toBe(true);
    expect(rates.some((r) => r.price.is_refundable)).toBe(true);
    expect(rates.some((r) => !r.price.is_refundable)).toBe(true);
    expect(rates.some((r) => r.cancellation_timeline.length === 2)).toBe(true);
  });

  it('describes the same rooms on every call (tokens aside) and in every language', async () => {
    const [first] = await f.availableHotels(PARIS, { ...STAY, rooms: [{ adults: 2 }] }, 1);
    const body = { ...STAY, hotel_id: first?.hotelId ?? 0, rooms: [{ adults: 2 }] };
    const strip = (options: RoomsResponseData) =>
      options.rooms.map((room) => ({
        ...room,
        rates: room.rates.map((rate) => ({ ...rate, booking_token: '' })),
      }));
    expect(strip(await f.rooms(body))).toEqual(strip(await f.rooms(body)));

    const japanese = await f.rooms(body, { language: 'ja' });
    const english = await f.rooms(body);
    expect(japanese.rooms.map((r) => r.room_type_id)).toEqual(
      english.rooms.map((r) => r.room_type_id),
    );
    const [ja, en] = [japanese.rooms[0], english.rooms[0]];
    expect(ja?.name).not.toBe(en?.name);
    expect(ja?.rates[0]?.board_name).toBe(BOARD_NAMES[ja?.rates[0]?.board_type ?? 'room_only'].ja);
    const wifi = FACILITY_BY_ID.get(1)?.names;
    if (en?.amenities.includes(wifi?.en ?? '')) expect(ja?.amenities).toContain(wifi?.ja);
    expect(ja?.rates.map((r) => r.price.amount)).toEqual(en?.rates.map((r) => r.price.amount));
  });
});

describe('POST /hotels/rooms: prices agree with the search', () => {
  const occupancies: [string, StayBody['rooms'], string][] = [
    ['two adults', [{ adults: 2 }], 'IN'],
    ['one adult, resident', [{ adults: 1 }], 'FR'],
    ['a family of five', [{ adults: 2, child_ages: [12, 4, 9] }], 'US'],
    ['two rooms', [{ adults: 2, child_ages: [5] }, { adults: 1 }], 'DE'],
  ];

  it.each(occupancies)(
    'the cheapest rate is the live search price (%s)',
    async (_name, rooms, nationality) => {
      const search = await f.search({
        destination: { type: 'city', id: PARIS },
        check_in: '2027-01-15',
        check_out: '2027-01-18',
        rooms,
        nationality,
        pricing_mode: 'live',
        limit: 30,
      });
      let compared = 0;
      for (const hotel of search.hotels) {
        const options = await f.rooms({
          hotel_id: hotel.hotel_id,
          check_in: '2027-01-15',
          check_out: '2027-01-18',
          // The same rooms, children in another order: the same stay.
          rooms: rooms.map((room) => ({
            ...room,
            child_ages: [...(room.child_ages ?? [])].reverse(),
          })),
          nationality,
        });
        if (hotel.availability_band !== 0) {
          expect(options.rooms).toEqual([]);
          continue;
        }
        const cheapest = allRates(options).reduce((best, rate) =>
          rate.price.amount < best.price.amount ? rate : best,
        );
        expect(cheapest.price).toEqual(hotel.price);
        for (const room of options.rooms) {
          for (const config of rooms) {
            expect(room.max_occupancy).toBeGreaterThanOrEqual(
              config.adults + (config.child_ages?.length ?? 0),
            );
          }
        }
        compared++;
      }
      expect(compared).toBeGreaterThan(20);
    },
  );

  it('a search after the room options shows the price the rooms were anchored on', async () => {
    const stay = { check_in: '2027-02-02', check_out: '2027-02-04', rooms: [{ adults: 2 }] };
    const found = await f.availableHotels(LISBON, stay, 8);
    for (const { hotelId, options } of found) {
      const search = await f.search({
        destination: { type: 'hotel', id: hotelId },
        ...stay,
      });
      const cheapest = Math.min(...allRates(options).map((rate) => rate.price.amount));
      expect(search.hotels[0]?.price.rate_type).toBe('live');
      expect(search.hotels[0]?.price.amount).toBe(cheapest);
    }
  });
});

describe('POST /hotels/rooms: occupancy and availability', () => {
  it('offers only room types every requested room fits in, and always one for five', async () => {
    const found = await f.availableHotels(PARIS, { ...STAY, rooms: [{ adults: 1 }] }, 15);
    for (const { hotelId, options: single } of found) {
      for (const rooms of [
        [{ adults: 3 }],
        [{ adults: 1 }, { adults: 2, child_ages: [1, 2] }],
        [{ adults: 5 }],
      ]) {
        const need = Math.max(...rooms.map((r) => r.adults + (r.child_ages?.length ?? 0)));
        const options = await f.rooms({ ...STAY, hotel_id: hotelId, rooms });
        if (options.rooms.length === 0) {
          // Another occupancy is another supplier question: it may be sold out, as the search says.
          const search = await f.search({
            destination: { type: 'hotel', id: hotelId },
            ...STAY,
            rooms,
          });
          expect(search.hotels[0]?.availability_band).not.toBe(0);
          continue;
        }
        const expected = single.rooms
          .filter((room) => room.max_occupancy >= need)
          .map((r) => r.room_type_id);
        expect(options.rooms.map((r) => r.room_type_id)).toEqual(expected);
        for (const room of options.rooms) {
          for (const rate of room.rates)
            expect(rate.rooms_left).toBeGreaterThanOrEqual(rooms.length);
        }
      }
    }
  });

  it('returns rooms: [] for a hotel sold out on the dates and for a chronically unavailable one', async () => {
    const stay = {
      checkIn: STAY.check_in,
      checkOut: STAY.check_out,
      rooms: [{ adults: 2, child_ages: [] }],
      nationality: 'IN',
    };
    const pricer = new StayPricer(inventory, stay, '2026-11-22');
    const soldOut = inventory.hotels.find((h) => isMapped(h) && pricer.band(h) === 1);
    const chronic = inventory.hotels.find((h) => isMapped(h) && h.chronicallyUnavailable);
    expect(soldOut && chronic).toBeTruthy();
    for (const [hotel, band] of [
      [soldOut, 1],
      [chronic, 2],
    ] as const) {
      const body = { ...STAY, hotel_id: hotel?.id ?? 0, rooms: [{ adults: 2 }] };
      const response = await f.post('/hotels/rooms', body);
      const json = (await response.clone().json()) as { message: string };
      expect(json.message).toBe('No rooms are available for these dates');
      expect((await f.ok(response, RoomsResponseDataSchema)).rooms).toEqual([]);
      const search = await f.search({
        destination: { type: 'hotel', id: hotel?.id },
        ...STAY,
        rooms: [{ adults: 2 }],
      });
      expect(search.hotels[0]?.availability_band).toBe(band);
    }
  });

  it("answers in the hotel's time zone", async () => {
    const hotel = inventory.hotels.find(
      (h) => isMapped(h) && cityOf(inventory, h).timeZone === 'Asia/Tokyo',
    );
    const options = await f.rooms({ ...STAY, hotel_id: hotel?.id ?? 0, rooms: [{ adults: 1 }] });
    expect(options.timezone).toBe('Asia/Tokyo');
    // Deadlines are 23:59 in Tokyo (14:59 UTC), not in UTC.
    for (const rate of allRates(options)) {
      if (rate.price.free_cancellation_until)
        expect(rate.price.free_cancellation_until).toMatch(/T14:59:00Z$/);
    }
  });

  it('keeps room types of a hotel stable and within 1–6 for every property type', () => {
    const seen = new Set<string>();
    for (const hotel of inventory.hotels) {
      if (seen.has(hotel.propertyType) || !isMapped(hotel)) continue;
      seen.add(hotel.propertyType);
      const types = roomTypesOf(inventory, hotel);
      expect(types.length).toBeGreaterThanOrEqual(1);
      expect(types.length).toBeLessThanOrEqual(6);
      expect(Math.max(...types.map((t) => t.template.maxOccupancy))).toBeGreaterThanOrEqual(5);
      expect(roomTypesOf(inventory, hotel)).toBe(types);
    }
    expect(seen.size).toBeGreaterThanOrEqual(10);
  });
});
