// Concurrency through the app server and the REAL embedded sandbox: a shopper's
// double (or fifty-fold) click on "Book", a flaky supplier on top of it, and prebook
// and book racing the expiry of what they hold. The database is read directly after
// each race: an answer could lie, the rows cannot.
import { afterAll, describe, expect, it } from 'vitest';
import { NO_FAULTS, type Sandbox } from '../sandbox/app.ts';
import {
  appOnSandbox,
  bookableToken,
  bookBody,
  call,
  createStackSandbox,
  databaseCounts,
  HOLDER,
  jsonPost,
  sandboxClock,
  untilAnswered,
  type Answer,
} from '../test-support/embedded-stack.ts';

interface Booked {
  booking_id: string;
  reference: string;
}
interface Prebooked {
  prebook_id: string;
  expires_at: string;
}

const closers: (() => void)[] = [];
afterAll(() => {
  for (const close of closers) close();
});

function stack(kind: 'manual' | 'real', faults = NO_FAULTS) {
  const clock = sandboxClock(kind);
  const sandbox = createStackSandbox(clock, { faults });
  closers.push(() => sandbox.close());
  const { app, upstreamCalls } = appOnSandbox(sandbox, clock, { logLevel: 'silent' });
  return { clock, sandbox, app, upstreamCalls };
}

async function prebookOf(app: ReturnType<typeof stack>['app'], token: string) {
  const answer = await untilAnswered(() =>
    call<Prebooked>(app, '/api/hotels/prebook', jsonPost({ booking_token: token })),
  );
  expect(answer.status).toBe(200);
  return answer.json.data;
}

/** A rate held (prebooked) and the book body for it. */
async function heldBook(app: ReturnType<typeof stack>['app'], sandbox: Sandbox) {
  const { token } = await bookableToken(app, sandbox);
  const prebook = await prebookOf(app, token);
  return { prebook, body: bookBody(prebook.prebook_id) };
}

const book = (app: ReturnType<typeof stack>['app'], body: unknown, key: string) =>
  call<Booked>(app, '/api/hotels/book', jsonPost(body, { 'Idempotency-Key': key }));

describe('50 concurrent identical book calls through the app server', () => {
  it('make one booking and get 50 identical answers (the first made it, 49 replay it)', async () => {
    // A real clock: the supplier's 300–900 ms confirmation really runs while the 49 arrive.
    const { app, sandbox, upstreamCalls } = stack('real');
    const { prebook, body } = await heldBook(app, sandbox);
    const before = upstreamCalls.length;

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => book(app, body, 'double-click-0001')),
    );

    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    const replayed = answers.filter((a) => a.headers.get('idempotent-replayed') === 'true');
    expect(replayed).toHaveLength(49);
    // One upstream call each: nobody was told to come back (no 409 IDEMPOTENCY_IN_PROGRESS).
    expect(upstreamCalls.length - before).toBe(50);
    const counts = databaseCounts(sandbox, prebook.prebook_id);
    expect(counts.bookingsOfPrebook).toBe(1);
    expect(counts.bookings).toBe(1);
    expect(counts.recordsWithBooking).toBe(1);
    // The one booking is the one every answer names, and the traveller can find it.
    const booking = answers[0]?.json.data;
    const found = await call<Booked>(
      app,
      '/api/bookings/lookup',
      jsonPost({ reference: booking?.reference, last_name: HOLDER.last_name, email: HOLDER.email }),
    );
    expect(found.json.data.booking_id).toBe(booking?.booking_id);
  });

  it('with 50 different keys on one prebook: one 201, 49 × 409 PREBOOK_ALREADY_BOOKED', async () => {
    const { app, sandbox } = stack('real');
    const { prebook, body } = await heldBook(app, sandbox);

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book(app, body, `many-keys-${String(i).padStart(4, '0')}`),
      ),
    );

    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(49).fill(409)]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.json.error?.code).toBe('PREBOOK_ALREADY_BOOKED');
    }
    expect(databaseCounts(sandbox, prebook.prebook_id).bookingsOfPrebook).toBe(1);
  });

  it('with the supplier failing 20 % of calls (429 and 500) and slow: still one booking; every failed answer can be retried into the same one', async () => {
    // Faults are drawn from a stream seeded by the sandbox seed: the run repeats.
    const faults = { rate429: 0.1, rate500: 0.1, rateSlow: 0.1, slowMs: 50 };
    const { app, sandbox, upstreamCalls } = stack('real', faults);
    const { prebook, body } = await heldBook(app, sandbox);
    const before = upstreamCalls.length;

    const first = await Promise.all(
      Array.from({ length: 50 }, () => book(app, body, 'flaky-supplier-0001')),
    );
    // What the browser may see after the server's retries: the booking, or "busy, retry".
    for (const answer of first) expect([201, 429, 502]).toContain(answer.status);
    const booked = first.filter((a) => a.status === 201);
    expect(booked.length).toBeGreaterThan(0);
    // The retries with the same key (as the browser does) all end in the same booking.
    const retried = await Promise.all(
      first.map((answer) =>
        answer.status === 201
          ? Promise.resolve(answer)
          : untilAnswered(() => book(app, body, 'flaky-supplier-0001')),
      ),
    );
    expect(retried.map((a) => a.status)).toEqual(Array(50).fill(201));
    expect(new Set(retried.map((a) => a.json.data.booking_id)).size).toBe(1);
    expect(databaseCounts(sandbox, prebook.prebook_id).bookingsOfPrebook).toBe(1);
    // Faults really happened, and were retried by the app server.
    const bookCalls = upstreamCalls.slice(before);
    const faulted = bookCalls.filter((c) => c.status === 429 || c.status === 500).length;
    expect(faulted).toBeGreaterThan(0);
    expect(bookCalls.length).toBeGreaterThan(50);
    console.log(
      `flaky supplier: ${bookCalls.length} book calls upstream, ${faulted} answered 429/500; first round ${booked.length}/50 booked, all 50 after retries, 1 booking`,
    );
  });
});

describe('prebook and book racing an expiry (the sandbox clock, in-process)', () => {
  it('a booking token: prebooked 1 ms before it expires (200), not at the instant (410), and a 410 holds nothing', async () => {
    const { app, sandbox, clock } = stack('manual');
    const start = clock.now();
    const { token } = await bookableToken(app, sandbox);
    const lifetime = 10 * 60_000;

    clock.set(start + lifetime - 1);
    const inTime = await call<Prebooked>(
      app,
      '/api/hotels/prebook',
      jsonPost({ booking_token: token }),
    );
    expect(inTime.status).toBe(200);
    const prebooksBefore = databaseCounts(sandbox).prebooks;

    clock.set(start + lifetime);
    const late = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app, '/api/hotels/prebook', jsonPost({ booking_token: token })),
      ),
    );
    for (const answer of late) {
      expect(answer.status).toBe(410);
      expect(answer.json.error?.code).toBe('BOOKING_TOKEN_EXPIRED');
    }
    expect(databaseCounts(sandbox).prebooks).toBe(prebooksBefore);
  });

  it('book calls (same key and other keys) crossing the expiry of their prebooks: each prebook ends booked once or not at all, and every answer agrees with the database', async () => {
    const { app, sandbox, clock } = stack('manual');
    const { token } = await bookableToken(app, sandbox);
    // Twelve prebooks whose expiries are 250 ms apart.
    const prebooks: { id: string; expiresAt: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const held = await prebookOf(app, token);
      prebooks.push({ id: held.prebook_id, expiresAt: Date.parse(held.expires_at) });
      clock.advance(250);
    }
    // Just before the first expiry, every prebook is booked at once: 4 identical calls
    // under one key and 3 under other keys each. The supplier's confirmation wait moves
    // the clock on while they run, so later ones land after their prebook's expiry.
    clock.set((prebooks[0]?.expiresAt ?? 0) - 700);
    const calls = prebooks.flatMap(({ id }, i) => [
      ...Array.from({ length: 4 }, () => ({ prebookId: id, key: `race-${i}-same` })),
      ...Array.from({ length: 3 }, (_, j) => ({ prebookId: id, key: `race-${i}-other-${j}` })),
    ]);
    const answers = await Promise.all(
      calls.map(async (c) => ({ ...c, answer: await book(app, bookBody(c.prebookId), c.key) })),
    );

    const outcome = { booked: 0, expired: 0 };
    const db = sandbox.context.store.db;
    for (const { id } of prebooks) {
      const mine = answers.filter((a) => a.prebookId === id);
      const statuses = new Set(mine.map((a) => a.answer.status));
      const rows = db.prepare('SELECT booking_id FROM bookings WHERE prebook_id = ?').all(id) as {
        booking_id: string;
      }[];
      for (const status of statuses) expect([201, 409, 410]).toContain(status);
      if (statuses.has(201)) {
        // Booked once: every 201 names that booking, the rest were told it is taken.
        outcome.booked++;
        expect(rows).toHaveLength(1);
        for (const { answer } of mine) {
          if (answer.status === 201) expect(answer.json.data.booking_id).toBe(rows[0]?.booking_id);
          else expect(answer.json.error?.code).toBe('PREBOOK_ALREADY_BOOKED');
        }
      } else {
        // Not booked: nothing in the database, and everyone heard "expired".
        outcome.expired++;
        expect(rows).toHaveLength(0);
        for (const { answer } of mine) expect(answer.json.error?.code).toBe('PREBOOK_EXPIRED');
      }
      // The four calls of one key always agree with each other.
      const sameKey = mine.filter((a) => a.key.endsWith('-same')).map((a) => a.answer);
      expect(new Set(sameKey.map((a) => a.text.replace(/"request_id":"[^"]*"/, ''))).size).toBe(1);
    }
    // The race really crossed the expiries: some prebooks made it, some did not.
    expect(outcome.booked).toBeGreaterThan(0);
    expect(outcome.expired).toBeGreaterThan(0);

    // No half-made booking: bookings and their 201 records pair one to one.
    const counts = databaseCounts(sandbox);
    expect(counts.bookings).toBe(outcome.booked);
    expect(counts.recordsWithBooking).toBe(outcome.booked);

    // Much later, every key's retry replays its first answer: a 410 never turns into a
    // booking, a 201 never into nothing.
    clock.advance(3_600_000);
    for (const { prebookId, key, answer } of answers) {
      const again: Answer<Booked> = await book(app, bookBody(prebookId), key);
      expect(again.status).toBe(answer.status);
      expect(again.headers.get('idempotent-replayed'), key).toBe('true');
      expect(again.json.data).toEqual(answer.json.data);
    }
    expect(databaseCounts(sandbox).bookings).toBe(outcome.booked);
  });
});
