// Test support for the booking endpoints: the flow (room options → prebook → book)
// through app.request() on the search tests' harness (manual clock, ':memory:' database
// unless a test passes a file), with every success answer parsed by the contract's
// schemas.
import * as z from 'zod/mini';
import {
  BookingSchema,
  PrebookSchema,
  RoomsResponseDataSchema,
  successEnvelopeSchema,
  type Booking,
  type Rate,
  type RoomsResponseData,
} from '../../../src/contract/index.ts';
import type { SandboxOptions } from '../app.ts';
import { createHarness } from './harness.ts';

export const HOLDER = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
};

export const PARIS = 2988507;

export interface StayBody {
  hotel_id: number | string;
  check_in: string;
  check_out: string;
  rooms: { adults: number; child_ages?: number[] }[];
  nationality?: string;
}

export function createFlow(overrides: Partial<SandboxOptions> = {}) {
  const h = createHarness(overrides);

  async function rooms(
    body: StayBody,
    headers: Record<string, string> = {},
  ): Promise<RoomsResponseData> {
    return h.ok(await h.post('/hotels/rooms', body, headers), RoomsResponseDataSchema);
  }

  async function prebook(token: string, headers: Record<string, string> = {}) {
    return h.ok(await h.post('/hotels/prebook', { booking_token: token }, headers), PrebookSchema);
  }

  function book(body: unknown, key: string | null, headers: Record<string, string> = {}) {
    return h.post(
      '/hotels/book',
      body,
      key === null ? headers : { 'idempotency-key': key, ...headers },
    );
  }

  async function booked(response: Response): Promise<Booking> {
    const json: unknown = await response.json();
    if (response.status !== 201) {
      throw new Error(`expected 201, got ${response.status}: ${JSON.stringify(json)}`);
    }
    return BookingSchema.parse(successEnvelopeSchema(z.unknown()).parse(json).data);
  }

  /** The first mapped hotels of a city (by id) whose room options are not empty for the stay. */
  async function availableHotels(
    cityId: number,
    stay: Omit<StayBody, 'hotel_id'>,
    count: number,
  ): Promise<{ hotelId: number; options: RoomsResponseData }[]> {
    const city = h.inventory.geography.cities.find((c) => c.id === cityId);
    const found: { hotelId: number; options: RoomsResponseData }[] = [];
    for (const index of h.inventory.cityHotels[city?.index ?? -1] ?? []) {
      const hotel = h.inventory.hotels[index];
      if (!hotel) continue;
      const options = await rooms({ ...stay, hotel_id: hotel.id });
      if (options.rooms.length > 0) found.push({ hotelId: hotel.id, options });
      if (found.length === count) break;
    }
    return found;
  }

  /** A rate of an available Paris hotel, prebooked; the stay has `rooms`. */
  async function heldPrebook(
    roomsRequested: StayBody['rooms'] = [{ adults: 2 }],
    pick: (rates: Rate[]) => Rate | undefined = (rates) => rates[0],
  ) {
    const stay = { check_in: '2026-12-10', check_out: '2026-12-13', rooms: roomsRequested };
    const [first] = await availableHotels(PARIS, stay, 1);
    const rates = first?.options.rooms.flatMap((room) => room.rates) ?? [];
    const rate = pick(rates);
    if (!first || !rate) throw new Error('no available Paris hotel with such a rate');
    const held = await prebook(rate.booking_token);
    return { hotelId: first.hotelId, rate, prebook: held };
  }

  function bookBody(
    prebookId: string,
    guests = [{ room: 1, first_name: 'Asha', last_name: 'Rao' }],
  ) {
    return { prebook_id: prebookId, holder: HOLDER, guests };
  }

  return { ...h, rooms, prebook, book, booked, availableHotels, heldPrebook, bookBody };
}
