// A booking made through the app server over the real sandbox, as the integration tests
// of booking, access tokens and e-mails make one.
import { expect } from 'vitest';
import type { HeldBooking, Prebook, RoomsResponseData } from '../../src/contract/index.ts';
import { DEFAULT_RETRY } from '../upstream/retry.ts';
import {
  appOnSandbox,
  type AppOnSandboxOptions,
  type Envelope,
  type sandboxForFile,
} from './embedded-stack.ts';

export const HOLDER = {
  first_name: 'Zoë',
  last_name: 'Müller-Rao',
  email: 'zoe.private@example.com',
  phone: '+49 151 2345 6789',
};
export const stay = { check_in: '2026-12-10', check_out: '2026-12-12', rooms: [{ adults: 2 }] };

/**
 * The app server over a test file's sandbox, with the real retry policy, recording every
 * answer's text and headers (`seen`) and the calls it made to the sandbox.
 */
export function bookingClient(
  shared: ReturnType<typeof sandboxForFile>,
  options: Partial<AppOnSandboxOptions> = {},
) {
  const { app, lines, upstreamCalls } = appOnSandbox(shared.sandbox, shared.clock, {
    retry: DEFAULT_RETRY,
    ...options,
  });
  const seen: string[] = [];
  async function call<T>(path: string, init: RequestInit = {}) {
    const response = await app.request(path, init);
    const text = await response.text();
    seen.push(text);
    response.headers.forEach((value, name) => seen.push(`${name}: ${value}`));
    return { response, text, body: JSON.parse(text) as Envelope<T> };
  }
  return {
    app,
    call,
    /** What the app server asked the sandbox, by method and path. */
    get calls() {
      return upstreamCalls.map(({ method, url }) => ({ method, path: new URL(url).pathname }));
    },
    lines,
    seen,
  };
}

export const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export type Client = ReturnType<typeof bookingClient>;

/** A hotel in a city with a bookable rate: search, then room options until one has rates. */
export async function bookableRate(client: Client, cityQuery: string, hotelName?: string) {
  const places = await client.call<{ destinations: { type: string; id: number }[] }>(
    `/api/destinations/autocomplete?query=${encodeURIComponent(cityQuery)}`,
  );
  const city = places.body.data.destinations.find((d) => d.type === 'city');
  if (!city) throw new Error(`no city for ${cityQuery}`);
  const search = await client.call<{ hotels: { hotel_id: string; availability_band: number }[] }>(
    '/api/hotels/search',
    post({ destination: { type: 'city', id: city.id }, ...stay, limit: 10, hotel_name: hotelName }),
  );
  for (const hotel of search.body.data.hotels) {
    const rooms = await client.call<RoomsResponseData>(
      '/api/hotels/rooms',
      post({ hotel_id: hotel.hotel_id, ...stay }),
    );
    expect(rooms.response.status).toBe(200);
    const rate = rooms.body.data.rooms[0]?.rates[0];
    if (rate) return { hotelId: hotel.hotel_id, rate };
  }
  throw new Error('no bookable rate');
}

/** A Paris booking for HOLDER, through prebook and book (with `key` as its Idempotency-Key). */
export async function bookOne(client: Client, key: string, headers: Record<string, string> = {}) {
  const { hotelId, rate } = await bookableRate(client, 'paris');
  const prebook = await client.call<Prebook>(
    '/api/hotels/prebook',
    post({ booking_token: rate.booking_token }),
  );
  expect(prebook.response.status).toBe(200);
  const request = {
    prebook_id: prebook.body.data.prebook_id,
    holder: HOLDER,
    guests: [{ room: 1, first_name: HOLDER.first_name, last_name: HOLDER.last_name }],
  };
  const booked = await client.call<HeldBooking>(
    '/api/hotels/book',
    post(request, { 'Idempotency-Key': key, ...headers }),
  );
  return { hotelId, request, booked };
}
