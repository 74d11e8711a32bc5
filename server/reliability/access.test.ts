// Access: nobody gets at a booking that is not theirs. Through the app server and the
// REAL sandbox: booking look-up probing (unknown references, real references with
// wrong names) gets one and the same 404, and is rate limited per client however the
// client dresses up its address; and one organization's key never sees, cancels or
// replays another organization's bookings, searches, tokens or prebooks.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limit.ts';
import { SANDBOX_DEMO_KEY } from '../sandbox/app.ts';
import {
  reference as referenceArbitrary,
  personName,
} from '../test-support/contract-arbitraries.ts';
import {
  appOnSandbox,
  bookableToken,
  bookBody,
  call,
  createStackSandbox,
  HOLDER,
  jsonPost,
  NO_RATE_LIMITS,
  sandboxClock,
  SECOND_ORG_KEY,
  type Answer,
} from '../test-support/embedded-stack.ts';

const clock = sandboxClock('manual');
const sandbox = createStackSandbox(clock);
afterAll(() => {
  sandbox.close();
});

interface Booked {
  booking_id: string;
  reference: string;
  status: string;
  holder: { last_name: string };
}

/** Organization A's app server (the demo key): makes `count` bookings with distinct names. */
async function bookingsOf(app: ReturnType<typeof appOnSandbox>['app'], count: number) {
  const { token } = await bookableToken(app, sandbox);
  const made: { booking: Booked; body: ReturnType<typeof bookBody>; key: string }[] = [];
  for (let i = 0; i < count; i++) {
    const held = await call<{ prebook_id: string }>(
      app,
      '/api/hotels/prebook',
      jsonPost({ booking_token: token }),
    );
    const holder = { ...HOLDER, last_name: `Rao${String.fromCharCode(97 + i)}` };
    const body = bookBody(held.json.data.prebook_id, holder);
    const key = `access-test-${i}-${Date.now()}`;
    const booked = await call<Booked>(
      app,
      '/api/hotels/book',
      jsonPost(body, { 'Idempotency-Key': key }),
    );
    expect(booked.status).toBe(201);
    made.push({ booking: booked.json.data, body, key });
  }
  return made;
}

/** An answer with what differs per request removed: two probes must look exactly alike. */
function shapeOf(answer: Answer): string {
  const headers: string[] = [];
  answer.headers.forEach((value, name) => {
    if (name !== 'x-request-id' && name !== 'date') headers.push(`${name}: ${value}`);
  });
  return `${answer.status}\n${headers.sort().join('\n')}\n${answer.text.replace(/"request_id":"[^"]*"/, '')}`;
}

describe('booking look-up probing', () => {
  it('unknown references and real references with wrong names get one and the same 404', async () => {
    const org = appOnSandbox(sandbox, clock, { trustProxy: 1 });
    const made = await bookingsOf(org.app, 4);
    const references = made.map((m) => m.booking.reference);
    const names = made.map((m) => m.booking.holder.last_name);
    let probe = 0;
    const lookUp = (body: unknown) =>
      call(
        org.app,
        '/api/bookings/lookup',
        jsonPost(body, {
          'X-Forwarded-For': `198.18.${Math.floor(probe / 250)}.${(probe++ % 250) + 1}`,
        }),
      );

    const shapes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // A reference nobody has (or, rarely, one that exists: then with a wrong name).
          fc.record({
            reference: referenceArbitrary,
            last_name: fc.constantFrom(...names),
            email: fc.constant(HOLDER.email),
          }),
          // A real reference, any case, with a name that is not its holder's.
          fc.record({
            reference: fc
              .constantFrom(...references)
              .chain((ref) => fc.constantFrom(ref, ref.toLowerCase(), ` ${ref} `)),
            last_name: fc.oneof(
              personName,
              fc.constantFrom('Ra', 'Raoo', 'Rao', 'R', 'Rao-a', 'Räo', 'Rao a'),
            ),
            email: fc.constant(HOLDER.email),
          }),
          // A real reference with its holder's name and another address.
          fc.integer({ min: 0, max: references.length - 1 }).map((i) => ({
            reference: references[i] ?? '',
            last_name: names[i] ?? '',
            email: `not.${HOLDER.email}`,
          })),
          // Another booking's reference with this booking's name.
          fc.integer({ min: 0, max: references.length - 1 }).map((i) => ({
            reference: references[i] ?? '',
            last_name: names[(i + 1) % names.length] ?? '',
            email: HOLDER.email,
          })),
        ),
        async (body) => {
          const owner = made.find(
            (m) => m.booking.reference === body.reference.trim().toUpperCase(),
          );
          const answer = await lookUp(body);
          if (
            owner &&
            owner.booking.holder.last_name.toLowerCase() === body.last_name.trim().toLowerCase() &&
            body.email === HOLDER.email
          ) {
            expect(answer.status).toBe(200); // a lucky right guess is simply a look-up
            return;
          }
          expect(answer.status).toBe(404);
          shapes.add(shapeOf(answer));
        },
      ),
      { seed: 42, numRuns: 150 },
    );
    expect(shapes.size).toBe(1);
    // …and the cancel door answers the same way, cancelling nothing.
    const cancelled = await call(
      org.app,
      '/api/bookings/cancel',
      jsonPost(
        { reference: references[0], last_name: 'Nobody', email: HOLDER.email },
        { 'X-Forwarded-For': '198.18.200.1' },
      ),
    );
    expect(cancelled.status).toBe(404);
    const still = await lookUp({
      reference: references[0],
      last_name: names[0],
      email: HOLDER.email,
    });
    expect((still.json.data as Booked).status).toBe('CONFIRMED');
  });

  it('is rate limited per client: 5 tries, then 429 with Retry-After — also for the right answer, and however the address is dressed up', async () => {
    const org = appOnSandbox(sandbox, clock, {
      trustProxy: 1,
      rateLimits: { ...NO_RATE_LIMITS, lookup: DEFAULT_RATE_LIMITS.lookup },
    });
    const [mine] = await bookingsOf(org.app, 1);
    const right = {
      reference: mine?.booking.reference,
      last_name: mine?.booking.holder.last_name,
      email: HOLDER.email,
    };
    // The same prober behind our proxy, prepending made-up addresses of its own.
    const spoofed = (i: number) => ({
      'X-Forwarded-For': `10.0.${i}.1, 192.0.2.${i % 200}, 198.51.100.77`,
    });
    const answers = [];
    for (let i = 0; i < 30; i++) {
      answers.push(
        await call(
          org.app,
          '/api/bookings/lookup',
          jsonPost(
            {
              reference: `ZZZ${String(i).padStart(3, '0')}`,
              last_name: 'Probe',
              email: 'probe@example.com',
            },
            spoofed(i),
          ),
        ),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([
      ...Array<number>(5).fill(404),
      ...Array<number>(25).fill(429),
    ]);
    for (const limited of answers.slice(5)) {
      expect(limited.json.error?.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // The right answer from the limited client is not let through either (no oracle)…
    expect((await call(org.app, '/api/bookings/lookup', jsonPost(right, spoofed(99)))).status).toBe(
      429,
    );
    // …nor is cancel, which shares the allowance.
    expect((await call(org.app, '/api/bookings/cancel', jsonPost(right, spoofed(98)))).status).toBe(
      429,
    );
    // IPv6: hopping inside one /64 is one client.
    const v6 = [];
    for (let i = 1; i <= 8; i++) {
      v6.push(
        (
          await call(
            org.app,
            '/api/bookings/lookup',
            jsonPost(
              { reference: 'ZZZ999', last_name: 'Probe', email: 'probe@example.com' },
              { 'X-Forwarded-For': `2001:db8:42:7::${i.toString(16)}` },
            ),
          )
        ).status,
      );
    }
    expect(v6).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
    // A traveller elsewhere is not affected.
    expect(
      (
        await call(
          org.app,
          '/api/bookings/lookup',
          jsonPost(right, { 'X-Forwarded-For': '203.0.113.9' }),
        )
      ).status,
    ).toBe(200);
  });
});

describe('two organizations on one sandbox', () => {
  it('one key never sees, cancels, replays or takes over what another key made', async () => {
    const a = appOnSandbox(sandbox, clock, { apiKey: SANDBOX_DEMO_KEY });
    const b = appOnSandbox(sandbox, clock, { apiKey: SECOND_ORG_KEY });
    const made = await bookingsOf(a.app, 3);

    for (const { booking, body, key } of made) {
      const lookup = {
        reference: booking.reference,
        last_name: booking.holder.last_name,
        email: HOLDER.email,
      };
      // B, with the right reference and name: the same 404 as a stranger gets.
      expect((await call(b.app, '/api/bookings/lookup', jsonPost(lookup))).json.error?.code).toBe(
        'BOOKING_NOT_FOUND',
      );
      expect((await call(b.app, '/api/bookings/cancel', jsonPost(lookup))).json.error?.code).toBe(
        'BOOKING_NOT_FOUND',
      );
      // B replaying A's idempotency key with A's body: its own attempt, on a prebook it does not have.
      const replay = await call(
        b.app,
        '/api/hotels/book',
        jsonPost(body, { 'Idempotency-Key': key }),
      );
      expect(replay.status).toBe(410);
      expect(replay.json.error?.code).toBe('PREBOOK_EXPIRED');
      // The raw endpoints with B's key (the app server never exposes them; the sandbox must hold anyway).
      const raw = (path: string, method = 'GET') =>
        sandbox.app.request(path, { method, headers: { 'x-api-key': SECOND_ORG_KEY } });
      expect((await raw(`/bookings/${booking.booking_id}`)).status).toBe(404);
      expect((await raw(`/bookings?reference=${booking.reference}`)).status).toBe(404);
      expect((await raw(`/bookings/${booking.booking_id}/cancel`, 'POST')).status).toBe(404);
      // A's booking is untouched.
      const mine = await call<Booked>(a.app, '/api/bookings/lookup', jsonPost(lookup));
      expect(mine.json.data.status).toBe('CONFIRMED');
      expect(mine.json.data.booking_id).toBe(booking.booking_id);
    }

    // A's search session, booking token and prebook are nothing to B.
    const search = await call<{ search_id: string }>(
      a.app,
      '/api/hotels/search',
      jsonPost({
        destination: { type: 'city', id: 2_988_507 },
        check_in: '2026-12-10',
        check_out: '2026-12-12',
        rooms: [{ adults: 2 }],
      }),
    );
    expect(
      (await call(b.app, `/api/hotels/search/${search.json.data.search_id}/prices`)).json.error
        ?.code,
    ).toBe('SEARCH_NOT_FOUND');
    const { token } = await bookableToken(a.app, sandbox);
    expect(
      (await call(b.app, '/api/hotels/prebook', jsonPost({ booking_token: token }))).json.error
        ?.code,
    ).toBe('BOOKING_TOKEN_EXPIRED');
    const held = await call<{ prebook_id: string }>(
      a.app,
      '/api/hotels/prebook',
      jsonPost({ booking_token: token }),
    );
    const stolen = await call(
      b.app,
      '/api/hotels/book',
      jsonPost(bookBody(held.json.data.prebook_id), { 'Idempotency-Key': 'org-b-takes-over' }),
    );
    expect(stolen.json.error?.code).toBe('PREBOOK_EXPIRED');
    // …and A can still book its prebook: B's attempt took nothing from it.
    const booked = await call(
      a.app,
      '/api/hotels/book',
      jsonPost(bookBody(held.json.data.prebook_id), { 'Idempotency-Key': 'org-a-books' }),
    );
    expect(booked.status).toBe(201);
  });
});
