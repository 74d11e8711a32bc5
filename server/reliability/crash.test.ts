// Crash safety of the real server process: the app server with its embedded sandbox
// and a SQLite file (SANDBOX_DB), bookings streamed through /api by several shoppers at
// once, then kill -9 in the middle of the stream (requests in flight, a commit perhaps
// under way), then a new process on the same file. Every booking that was answered 201
// must still be there (found by the traveller's look-up), and every idempotency key must
// still replay (same booking, Idempotent-Replayed). Attempts cut off by the kill are
// retried with their key, as a browser does: each ends in exactly one booking.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_KEY } from '../sandbox/app.ts';
import { openSandboxDatabase } from '../sandbox/db/database.ts';
import { startProcess, type ServerProcess } from '../test-support/server-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'staylane-crash-'));
const processes: ServerProcess[] = [];
afterAll(async () => {
  for (const running of processes) await running.kill9();
  rmSync(dir, { recursive: true, force: true });
});

const SHOPPERS = 8;
/** Kill once this many bookings were answered 201 (the rest are in flight or not started). */
const KILL_AFTER = 40;
const STAY = { check_in: '2026-12-10', check_out: '2026-12-12', rooms: [{ adults: 2 }] };
const LISBON = 2_267_057;
/** The test-scenario hotels of Lisbon take one branch every time: not for this test. */
const SCENARIO_HOTELS = new Set(['8760001', '8760002', '8760003', '8760004']);

function startApp(): ServerProcess {
  const running = startProcess('app', {
    PORT: '0',
    HOST: '127.0.0.1',
    STATIC_DIR: join(dir, 'no-static-files'),
    LOG_LEVEL: 'info',
    // Every shopper is its own client (rate limits per client), as behind a proxy.
    TRUST_PROXY: '1',
    SANDBOX_SEED: 'staylane',
    SANDBOX_DB: join(dir, 'sandbox.db'),
    SANDBOX_PREBOOK_SURPRISES: 'off',
  });
  processes.push(running);
  return running;
}

/** A name of letters only (the contract's names), distinct per booking: Rao + a, b, … */
function lastNameOf(n: number): string {
  let suffix = '';
  let rest = n;
  do {
    suffix = String.fromCharCode(97 + (rest % 26)) + suffix;
    rest = Math.floor(rest / 26) - 1;
  } while (rest >= 0);
  return `Rao${suffix}`;
}

interface Attempt {
  key: string;
  client: string;
  body: { prebook_id: string; holder: Record<string, string>; guests: unknown[] };
  booked?: { booking_id: string; reference: string };
}

async function post(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Headers; json: { data: never; error?: { code: string } } }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as never,
  };
}

describe('kill -9 during a stream of bookings, then a restart on the same database file', () => {
  it('keeps every booking answered 201 and replays every idempotency key', async () => {
    const first = startApp();
    const base = await first.url;
    const attempts: Attempt[] = [];
    let answered = 0;
    let killed = false;
    let serial = 0;

    const search = await post(
      base,
      '/api/hotels/search',
      { destination: { type: 'city', id: LISBON }, ...STAY, limit: 60 },
      { 'X-Forwarded-For': '198.51.100.250' },
    );
    expect(search.status).toBe(200);
    const candidates = (
      search.json.data as { hotels: { hotel_id: string; availability_band: number }[] }
    ).hotels
      .filter((h) => h.availability_band === 0 && !SCENARIO_HOTELS.has(h.hotel_id))
      .map((h) => h.hotel_id);

    /** A booking token for the shopper: room options of its own hotels until one has a rate. */
    async function tokenFor(index: number): Promise<string> {
      for (const hotelId of candidates.filter((_, i) => i % SHOPPERS === index)) {
        const rooms = await post(
          base,
          '/api/hotels/rooms',
          { hotel_id: hotelId, ...STAY },
          { 'X-Forwarded-For': `198.51.100.${index + 1}` },
        );
        expect(rooms.status).toBe(200);
        const token = (rooms.json.data as { rooms: { rates: { booking_token: string }[] }[] })
          .rooms[0]?.rates[0]?.booking_token;
        if (token) return token;
      }
      throw new Error(`no bookable hotel for shopper ${index}`);
    }

    /** One shopper: room options once, then prebook + book again and again until the kill. */
    async function shopper(index: number): Promise<void> {
      const token = await tokenFor(index);
      while (!killed) {
        const n = serial++;
        // Each booking its own client: the booking rate limit is per traveller.
        const client = `203.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
        const held = await post(
          base,
          '/api/hotels/prebook',
          { booking_token: token },
          { 'X-Forwarded-For': client },
        ).catch(() => null);
        if (!held) return; // the server died under us
        expect(held.status).toBe(200);
        const lastName = lastNameOf(n);
        const attempt: Attempt = {
          key: `crash-test-${String(n).padStart(5, '0')}`,
          client,
          body: {
            prebook_id: (held.json.data as { prebook_id: string }).prebook_id,
            holder: {
              first_name: 'Asha',
              last_name: lastName,
              email: 'asha@example.com',
              phone: '+91 98765 43210',
            },
            guests: [{ room: 1, first_name: 'Asha', last_name: lastName }],
          },
        };
        attempts.push(attempt);
        const booked = await post(base, '/api/hotels/book', attempt.body, {
          'Idempotency-Key': attempt.key,
          'X-Forwarded-For': client,
        }).catch(() => null);
        if (!booked) return; // in flight when the server died: retried after the restart
        expect(booked.status).toBe(201);
        attempt.booked = booked.json.data;
        answered++;
        // Exactly once: the count moves one at a time on this one thread.
        if (answered === KILL_AFTER) {
          killed = true;
          await first.kill9();
        }
      }
    }

    await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => shopper(i)));
    const exit = await first.exited;
    expect(exit.signal).toBe('SIGKILL');
    const acknowledged = attempts.filter((a) => a.booked);
    const cutOff = attempts.filter((a) => !a.booked);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    // A new process on the same file.
    const second = startApp();
    const again = await second.url;

    // Every acknowledged booking is found by the traveller (reference + last name)…
    const found = await Promise.all(
      acknowledged.map((attempt, i) =>
        post(
          again,
          '/api/bookings/lookup',
          {
            reference: attempt.booked?.reference,
            last_name: attempt.body.holder.last_name,
            email: attempt.body.holder.email,
          },
          { 'X-Forwarded-For': `192.0.2.${(i % 250) + 1}` },
        ),
      ),
    );
    found.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect((answer.json.data as { booking_id: string }).booking_id).toBe(
        acknowledged[i]?.booked?.booking_id,
      );
    });

    // …and every key replays its booking, byte for byte the same booking.
    const replays = await Promise.all(
      acknowledged.map((attempt) =>
        post(again, '/api/hotels/book', attempt.body, {
          'Idempotency-Key': attempt.key,
          'X-Forwarded-For': attempt.client,
        }),
      ),
    );
    replays.forEach((answer, i) => {
      expect(answer.status).toBe(201);
      expect(answer.headers.get('idempotent-replayed')).toBe('true');
      expect(answer.json.data).toEqual(acknowledged[i]?.booked);
    });

    // The attempts the kill cut off: their retry (same key) ends in one booking each —
    // replayed if the commit made it to the file before the kill, booked now if not.
    const retried = await Promise.all(
      cutOff.map((attempt) =>
        post(again, '/api/hotels/book', attempt.body, {
          'Idempotency-Key': attempt.key,
          'X-Forwarded-For': attempt.client,
        }),
      ),
    );
    const committedBeforeKill = retried.filter(
      (r) => r.headers.get('idempotent-replayed') === 'true',
    ).length;
    for (const answer of retried) expect(answer.status).toBe(201);
    const recovered = await Promise.all(
      retried.map((answer, i) =>
        post(
          again,
          '/api/bookings/lookup',
          {
            reference: (answer.json.data as { reference: string }).reference,
            last_name: cutOff[i]?.body.holder.last_name,
            email: cutOff[i]?.body.holder.email,
          },
          { 'X-Forwarded-For': `192.0.2.${(i % 250) + 1}`, 'X-Request-Id': `recovered-${i}` },
        ),
      ),
    );
    for (const answer of recovered) expect(answer.status).toBe(200);

    // No key, no personal data in either process's output (the secrets scan of
    // docs/reliability.md).
    for (const text of [first.output(), second.output()]) {
      expect(text).not.toContain(SANDBOX_DEMO_KEY);
      expect(text).not.toContain('asha@example.com');
      expect(text).not.toContain('98765');
    }
    await second.kill9();

    // The file itself: whole, one booking per attempt, each with its record, none twice.
    const db = openSandboxDatabase(join(dir, 'sandbox.db'));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    expect(count('SELECT COUNT(*) FROM bookings')).toBe(attempts.length);
    expect(count('SELECT COUNT(*) FROM idempotency_records WHERE booking_id IS NOT NULL')).toBe(
      attempts.length,
    );
    expect(count('SELECT COUNT(DISTINCT prebook_id) FROM bookings')).toBe(attempts.length);
    db.close();

    console.log(
      `crash test: ${attempts.length} bookings attempted, ${acknowledged.length} answered 201 before kill -9 and ${found.length} found + ${replays.length} replayed after the restart; ${cutOff.length} cut off by the kill (${committedBeforeKill} had committed, ${cutOff.length - committedBeforeKill} booked on retry), each exactly one booking`,
    );
  }, 90_000);
});
