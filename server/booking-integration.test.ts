// The booking half through the app server against the REAL sandbox: room
// options, content, prebook, book with idempotency, and the traveller look-up and
// cancel (which only the app server offers), in-process as in sandbox mode.
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_HEADER,
  ACCESS_TOKEN_PATTERN,
  type HeldBooking,
  type Prebook,
} from '../src/contract/index.ts';
import { createBookingAccess } from './booking-access.ts';
import { DEFAULT_RATE_LIMITS } from './http/rate-limit.ts';
import { SANDBOX_DEMO_KEY } from './sandbox/app.ts';
import { bookableRate, bookingClient, bookOne, HOLDER, post } from './test-support/booking-flow.ts';
import {
  sandboxForFile,
  type AppOnSandboxOptions,
  type Envelope,
} from './test-support/embedded-stack.ts';

const shared = sandboxForFile({ seed: 'integration' });
const embedded = (lookupMinDurationMs = 0, options: Partial<AppOnSandboxOptions> = {}) =>
  bookingClient(shared, { lookupMinDurationMs, ...options });

describe('booking through the app server (real sandbox)', () => {
  it('room options, content, prebook, book (201), and an identical retry replays it', async () => {
    const client = embedded();
    const { hotelId, request, booked } = await bookOne(client, 'integration-book-1');
    expect(booked.response.status).toBe(201);
    expect(booked.body.data.status).toBe('CONFIRMED');
    expect(booked.body.data.reference).toMatch(/^[A-Z0-9]{6,8}$/);

    const content = await client.call<{ hotel_id: string }>(`/api/hotels/${hotelId}/content`);
    expect(content.response.status).toBe(200);
    expect(content.body.data.hotel_id).toBe(hotelId);

    const replay = await client.call<HeldBooking>(
      '/api/hotels/book',
      post(request, { 'Idempotency-Key': 'integration-book-1' }),
    );
    expect(replay.response.status).toBe(201);
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data.booking_id).toBe(booked.body.data.booking_id);

    const mismatch = await client.call<HeldBooking>(
      '/api/hotels/book',
      post(
        { ...request, special_requests: 'Late arrival' },
        { 'Idempotency-Key': 'integration-book-1' },
      ),
    );
    expect(mismatch.response.status).toBe(422);
    expect(mismatch.body.error?.code).toBe('IDEMPOTENCY_KEY_MISMATCH');
  });

  it('passes 409 RATE_UNAVAILABLE from prebook on after one attempt (prebook is never retried)', async () => {
    const client = embedded();
    const { rate } = await bookableRate(client, 'lisbon', 'Sandbox Test Rate Unavailable');
    const before = client.calls.filter((c) => c.path === '/hotels/prebook').length;
    const prebook = await client.call<Prebook>(
      '/api/hotels/prebook',
      post({ booking_token: rate.booking_token }),
    );
    expect(prebook.response.status).toBe(409);
    expect(prebook.body.error?.code).toBe('RATE_UNAVAILABLE');
    expect(client.calls.filter((c) => c.path === '/hotels/prebook').length - before).toBe(1);
  });

  it('a traveller finds the booking by reference and last name, any case or accents', async () => {
    const client = embedded();
    const { booked } = await bookOne(client, 'integration-lookup-1');
    const found = await client.call<HeldBooking>(
      '/api/bookings/lookup',
      post({
        reference: booked.body.data.reference.toLowerCase(),
        last_name: 'muller-RAO',
        email: ' ZOE.Private@example.com ',
      }),
    );
    expect(found.response.status).toBe(200);
    expect(found.body.data.booking_id).toBe(booked.body.data.booking_id);
    expect(client.calls.at(-1)).toEqual({ method: 'GET', path: '/bookings' });
  });

  it('a wrong name and an unknown reference: the same 404, in the same time', async () => {
    const floor = 40;
    const client = embedded(floor);
    const { booked } = await bookOne(client, 'integration-lookup-2');
    const reference = booked.body.data.reference;
    const unknownReference = reference === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    const wrongName = [] as number[];
    const unknown = [] as number[];
    const bodies = new Set<string>();
    for (let i = 0; i < 10; i++) {
      let started = performance.now();
      const a = await client.app.request(
        '/api/bookings/lookup',
        post({ reference, last_name: 'Smith', email: HOLDER.email }, { 'X-Request-Id': 'probe' }),
      );
      wrongName.push(performance.now() - started);
      started = performance.now();
      const b = await client.app.request(
        '/api/bookings/lookup',
        post(
          { reference: unknownReference, last_name: HOLDER.last_name, email: HOLDER.email },
          { 'X-Request-Id': 'probe' },
        ),
      );
      unknown.push(performance.now() - started);
      expect([a.status, b.status]).toEqual([404, 404]);
      bodies.add(await a.text());
      bodies.add(await b.text());
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0] ?? '')).toEqual({
      success: false,
      message: 'No booking matches that reference, last name and e-mail address',
      error: { code: 'BOOKING_NOT_FOUND', details: [], request_id: 'probe' },
    });
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1] ?? 0;
    const differences = wrongName.map((ms, i) => ms - (unknown[i] ?? 0));
    expect(Math.min(...wrongName, ...unknown)).toBeGreaterThanOrEqual(floor - 1);
    expect(Math.abs(median(differences))).toBeLessThan(5);
  });

  it('cancels by reference and last name; a wrong name cancels nothing', async () => {
    const client = embedded();
    const { booked } = await bookOne(client, 'integration-cancel-1');
    const reference = booked.body.data.reference;
    const refused = await client.call<HeldBooking>(
      '/api/bookings/cancel',
      post({ reference, last_name: 'Rao', email: HOLDER.email }),
    );
    expect(refused.response.status).toBe(404);
    expect(client.calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);

    const cancelled = await client.call<HeldBooking>(
      '/api/bookings/cancel',
      post({ reference, last_name: HOLDER.last_name, email: HOLDER.email }),
    );
    expect(cancelled.response.status).toBe(200);
    expect(cancelled.body.data.status).toBe('CANCELLED');
    expect(cancelled.body.data.cancelled_at).toBeTruthy();
    const again = await client.call<HeldBooking>(
      '/api/bookings/cancel',
      post({ reference, last_name: HOLDER.last_name, email: HOLDER.email }),
    );
    expect(again.body.data.cancelled_at).toBe(cancelled.body.data.cancelled_at);
  });

  it('never shows the raw booking endpoints, nor the key, nor personal data in the log', async () => {
    const client = embedded();
    const { booked } = await bookOne(client, 'integration-privacy-1');
    const before = client.calls.length;
    // A booking id is no reference, and nothing opens a booking without its token.
    const byId = await client.app.request(`/api/bookings/${booked.body.data.booking_id}`);
    expect(byId.status).toBe(400);
    const byQuery = await client.app.request(
      `/api/bookings?reference=${booked.body.data.reference}`,
    );
    expect(byQuery.status).toBe(404);
    expect(client.calls.length).toBe(before);
    await client.call(
      '/api/bookings/lookup',
      post({
        reference: booked.body.data.reference,
        last_name: HOLDER.last_name,
        email: HOLDER.email,
      }),
    );
    expect(client.seen.filter((text) => text.includes(SANDBOX_DEMO_KEY))).toEqual([]);
    const log = client.lines.join('\n');
    for (const personal of [
      HOLDER.email,
      HOLDER.phone,
      HOLDER.last_name,
      HOLDER.first_name,
      booked.body.data.reference,
    ]) {
      expect(log).not.toContain(personal);
    }
  });
});

describe("a booking's access token", () => {
  const withToken = (token: string, init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), [ACCESS_TOKEN_HEADER]: token },
  });

  it('comes with the booking, the same on a replay, and reads the booking under the read limit', async () => {
    // Production's limits: five look-ups per 5 minutes, 240 reads a minute.
    const client = embedded(0, { rateLimits: DEFAULT_RATE_LIMITS });
    const { request, booked } = await bookOne(client, 'integration-token-1');
    const { reference, access_token: token } = booked.body.data;
    expect(token).toMatch(ACCESS_TOKEN_PATTERN);
    const replay = await client.call<HeldBooking>(
      '/api/hotels/book',
      post(request, { 'Idempotency-Key': 'integration-token-1' }),
    );
    expect(replay.body.data.access_token).toBe(token);

    // Ten reads of a trip, twice the look-up budget: each one asks the hotel API once.
    for (let i = 0; i < 10; i++) {
      const read = await client.call<HeldBooking>(
        `/api/bookings/${reference.toLowerCase()}`,
        withToken(token),
      );
      expect(read.response.status, `read ${i + 1}`).toBe(200);
      expect(read.body.data.booking_id).toBe(booked.body.data.booking_id);
      expect(read.body.data.access_token).toBe(token);
    }
    expect(client.calls.filter((c) => c.path === '/bookings')).toHaveLength(10);
    // The look-up budget is still whole.
    for (let i = 0; i < 5; i++) {
      const found = await client.app.request(
        '/api/bookings/lookup',
        post({ reference, last_name: HOLDER.last_name, email: HOLDER.email }),
      );
      expect(found.status, `look-up ${i + 1}`).toBe(200);
    }
  });

  it('a wrong or foreign token answers as an unknown reference does, in the same time', async () => {
    const floor = 40;
    const client = embedded(floor);
    const mine = (await bookOne(client, 'integration-token-2')).booked.body.data;
    const theirs = (await bookOne(client, 'integration-token-3')).booked.body.data;
    const unknownReference = mine.reference === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    const flipped = `${mine.access_token.slice(0, -1)}${mine.access_token.endsWith('A') ? 'B' : 'A'}`;
    const bodies = new Set<string>();
    const times: number[] = [];
    for (const [reference, token] of [
      [mine.reference, theirs.access_token],
      [mine.reference, flipped],
      [unknownReference, mine.access_token],
    ] as const) {
      const started = performance.now();
      const answer = await client.app.request(
        `/api/bookings/${reference}`,
        withToken(token, { headers: { 'X-Request-Id': 'probe' } }),
      );
      times.push(performance.now() - started);
      expect(answer.status).toBe(404);
      bodies.add(await answer.text());
    }
    expect(bodies.size).toBe(1);
    expect((JSON.parse([...bodies][0] ?? '') as Envelope).error?.code).toBe('BOOKING_NOT_FOUND');
    expect(Math.min(...times)).toBeGreaterThanOrEqual(floor - 1);
    // A foreign token cancels nothing either.
    const refused = await client.app.request(
      `/api/bookings/${mine.reference}/cancel`,
      withToken(theirs.access_token, { method: 'POST' }),
    );
    expect(refused.status).toBe(404);
    expect(client.calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
  });

  it('cancels with the token; without one, or with one in the query, the answer names the header', async () => {
    const client = embedded();
    const { reference, access_token: token } = (await bookOne(client, 'integration-token-4')).booked
      .body.data;
    const before = client.calls.length;
    for (const path of [
      `/api/bookings/${reference}`,
      `/api/bookings/${reference}?token=${token}`,
    ]) {
      const missing = await client.call<HeldBooking>(path);
      expect(missing.response.status).toBe(400);
      expect(missing.body.error?.details).toEqual([
        { field: ACCESS_TOKEN_HEADER, message: 'is required' },
      ]);
    }
    expect(client.calls.length).toBe(before);

    const cancelled = await client.call<HeldBooking>(
      `/api/bookings/${reference}/cancel`,
      withToken(token, { method: 'POST' }),
    );
    expect(cancelled.response.status).toBe(200);
    expect(cancelled.body.data.status).toBe('CANCELLED');
    const read = await client.call<HeldBooking>(`/api/bookings/${reference}`, withToken(token));
    expect(read.body.data.status).toBe('CANCELLED');
  });

  it('opens the booking on every instance that shares the secret, old tokens through a rotation', async () => {
    const older = 'the-secret-every-instance-had-until-today';
    const newer = 'the-secret-every-instance-signs-with-now';
    const before = embedded(0, { bookingAccess: createBookingAccess([older]) });
    const { reference, access_token: token } = (await bookOne(before, 'integration-token-5')).booked
      .body.data;
    const rotated = embedded(0, { bookingAccess: createBookingAccess([newer, older]) });
    const read = await rotated.call<HeldBooking>(`/api/bookings/${reference}`, withToken(token));
    expect(read.response.status).toBe(200);
    // New answers carry the new secret's token, which the old list does not know.
    expect(read.body.data.access_token).not.toBe(token);
    const dropped = embedded(0, { bookingAccess: createBookingAccess([newer]) });
    expect((await dropped.app.request(`/api/bookings/${reference}`, withToken(token))).status).toBe(
      404,
    );
  });
});
