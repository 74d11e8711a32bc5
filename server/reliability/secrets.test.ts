// The key never leaves the server, tested on real processes in UPSTREAM mode: a
// standalone sandbox that accepts only a distinctive fake key (and fails 20 % of calls),
// the app server holding that key in front of it, and a second app server holding a
// key the sandbox refuses. A whole journey and every kind of error go through /api;
// every response body and header and every byte the servers write (log level debug)
// are scanned for the keys in every form (server/test-support/secret-scan.ts).
// Sandbox mode (the demo key) is scanned by crash.test.ts (process output), the
// property suites (thousands of responses) and the e2e run (scripts/scan-secrets.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findSecrets, secretsOfEnv } from '../test-support/secret-scan.ts';
import { startProcess, type ServerProcess } from '../test-support/server-process.ts';

const KEY = 'staylane-FAKE-upstream-key-7f3a9c2e41d8b6';
const WRONG_KEY = 'staylane-WRONG-upstream-key-0c1d2e3f4a5b';
const dir = mkdtempSync(join(tmpdir(), 'staylane-secrets-'));
const processes: ServerProcess[] = [];
afterAll(async () => {
  for (const running of processes) await running.kill9();
  rmSync(dir, { recursive: true, force: true });
});

interface Seen {
  where: string;
  text: string;
}

function client(base: string, seen: Seen[]) {
  let serial = 0;
  return async function request(
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
  ) {
    const headers: Record<string, string> = {
      // One client per request: the rate limits are not what this test is about.
      'X-Forwarded-For': `203.0.113.${(serial++ % 250) + 1}`,
      ...(init.body !== undefined || init.raw !== undefined
        ? { 'content-type': 'application/json' }
        : {}),
      ...init.headers,
    };
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined && init.raw === undefined ? 'GET' : 'POST'),
      headers,
      body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    const text = await response.text();
    seen.push({ where: `${path} body`, text });
    response.headers.forEach((value, name) => {
      seen.push({ where: `${path} header ${name}`, text: `${name}: ${value}` });
    });
    let json: { data?: unknown; error?: { code: string } } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // not JSON (a 404 page, an image): scanned all the same
    }
    return { status: response.status, json };
  };
}

/** Retries what the shopper would retry when the hotel API is busy (the sandbox fails 20 %). */
async function settled<T extends { status: number }>(attempt: () => Promise<T>): Promise<T> {
  let last = await attempt();
  for (let i = 0; i < 10 && (last.status === 429 || last.status >= 500); i++)
    last = await attempt();
  return last;
}

describe('the key in upstream mode', () => {
  it('appears in no response body, no header and no log line — through a whole journey, errors, faults and a refused key', async () => {
    const sandbox = startProcess('sandbox', {
      SANDBOX_PORT: '0',
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_API_KEYS: KEY,
      SANDBOX_DB: join(dir, 'sandbox.db'),
      SANDBOX_FAULTS: '429=0.1,500=0.1',
      SANDBOX_PREBOOK_SURPRISES: 'off',
    });
    processes.push(sandbox);
    const upstream = await sandbox.url;
    const appEnv = {
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: join(dir, 'no-static-files'),
      LOG_LEVEL: 'debug',
      TRUST_PROXY: '1',
      HOTEL_API_BASE_URL: upstream,
      BOOKING_TOKEN_SECRET: 'a-booking-token-secret-for-this-test-only',
    };
    const app = startProcess('app', { ...appEnv, HOTEL_API_KEY: KEY });
    const refused = startProcess('app', { ...appEnv, HOTEL_API_KEY: WRONG_KEY });
    processes.push(app, refused);
    const seen: Seen[] = [];
    const request = client(await app.url, seen);

    // The journey, with the server retrying the sandbox's faults on the way.
    expect((await request('/api/health')).json.data).toMatchObject({ mode: 'upstream' });
    const places = await settled(() => request('/api/destinations/autocomplete?query=lisbon'));
    const lisbon = (places.json.data as { destinations: { id: number }[] } | undefined)
      ?.destinations[0];
    expect(lisbon).toBeDefined();
    await settled(() => request('/api/master-data/nationalities', { headers: { language: 'fr' } }));
    await settled(() =>
      request(`/api/hotels/filters?destination_type=city&destination_id=${lisbon?.id}`),
    );
    const stay = { check_in: '2026-12-10', check_out: '2026-12-12', rooms: [{ adults: 2 }] };
    const search = await settled(() =>
      request('/api/hotels/search', {
        body: { destination: { type: 'city', id: lisbon?.id }, ...stay, limit: 10 },
      }),
    );
    const found = search.json.data as {
      search_id: string;
      hotels: { hotel_id: string; availability_band: number }[];
    };
    await settled(() =>
      request(
        `/api/hotels/search/${found.search_id}/prices?refresh_ids=${found.hotels[0]?.hotel_id}`,
      ),
    );
    let token: string | undefined;
    let hotelId = '';
    for (const hotel of found.hotels.filter(
      (h) => h.availability_band === 0 && !/^876000[1-4]$/.test(h.hotel_id),
    )) {
      await settled(() => request(`/api/hotels/${hotel.hotel_id}/content`));
      const rooms = await settled(() =>
        request('/api/hotels/rooms', { body: { hotel_id: hotel.hotel_id, ...stay } }),
      );
      token = (rooms.json.data as { rooms: { rates: { booking_token: string }[] }[] }).rooms[0]
        ?.rates[0]?.booking_token;
      hotelId = hotel.hotel_id;
      if (token) break;
    }
    expect(token, `no rate in ${hotelId}`).toBeDefined();
    const prebook = await settled(() =>
      request('/api/hotels/prebook', { body: { booking_token: token } }),
    );
    const holder = {
      first_name: 'Zoë',
      last_name: 'Müller',
      email: 'zoe@example.com',
      phone: '+49 151 2345 6789',
    };
    const bookBody = {
      prebook_id: (prebook.json.data as { prebook_id: string }).prebook_id,
      holder,
      guests: [{ room: 1, first_name: 'Zoë', last_name: 'Müller' }],
    };
    const key = { 'Idempotency-Key': 'secrets-test-0001' };
    const booked = await settled(() =>
      request('/api/hotels/book', { body: bookBody, headers: key }),
    );
    expect(booked.status).toBe(201);
    const reference = (booked.json.data as { reference: string }).reference;
    /** A look-up or cancel of the booking with these details. */
    const byReference = (path: string, lastName: string, email: string) =>
      request(path, { body: { reference, last_name: lastName, email } });
    await settled(() => request('/api/hotels/book', { body: bookBody, headers: key }));
    expect(
      (
        await request('/api/hotels/book', {
          body: { ...bookBody, special_requests: 'x' },
          headers: key,
        })
      ).status,
    ).toBe(422);
    expect(
      (await settled(() => byReference('/api/bookings/lookup', 'müller', 'ZOE@example.com')))
        .status,
    ).toBe(200);
    expect((await byReference('/api/bookings/lookup', 'Nobody', 'zoe@example.com')).status).toBe(
      404,
    );
    expect(
      (await settled(() => byReference('/api/bookings/cancel', 'Muller', 'zoe@example.com')))
        .status,
    ).toBe(200);

    // Errors of every kind, and a browser trying to send credentials of its own.
    const attempts: [string, Parameters<typeof request>[1]][] = [
      ['/api/hotels/search', { body: { destination: { type: 'city', id: 1 }, ...stay } }],
      ['/api/hotels/search', { body: { rooms: [] } }],
      ['/api/hotels/search', { raw: '{"broken"' }],
      ['/api/hotels/search', { raw: `{"hotel_name":"${'x'.repeat(70_000)}"}` }],
      [
        '/api/hotels/rooms',
        { raw: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      ],
      ['/api/hotels/prebook', { body: { booking_token: 'unknown-token-0123456789' } }],
      ['/api/hotels/book', { body: bookBody }],
      ['/api/hotels/999999999/content', {}],
      ['/api/hotels/search/unknown-search-id-0123/prices', {}],
      ['/api/bookings/unknown-booking-id-0123', {}],
      ['/api/nope', {}],
      ['/sandbox/images/x/hotels/1/1.svg', {}],
      [
        '/api/master-data/nationalities',
        {
          headers: {
            'x-api-key': 'browser-key',
            authorization: 'Bearer x',
            cookie: 'a=b',
            'X-Request-Id': 'trace-1',
            'X-Sandbox-Fault': '500',
          },
        },
      ],
    ];
    for (const [path, init] of attempts) {
      const answer = await request(path, init);
      expect(answer.status, path).toBeLessThan(600);
    }

    // The server holding a key the hotel API refuses: 502 for the browser, an error log.
    const refusedSeen: Seen[] = [];
    const refusedRequest = client(await refused.url, refusedSeen);
    for (const path of [
      '/api/master-data/nationalities',
      '/api/destinations/autocomplete?query=paris',
    ]) {
      expect((await refusedRequest(path)).json.error?.code).toBe('UPSTREAM_UNAVAILABLE');
    }

    // Everything seen and written, scanned for both keys in every form. The app servers stop
    // first, as at a terminal, so their access lines waiting for a batch are written too.
    expect((await app.stop()).code).toBe(0);
    expect((await refused.stop()).code).toBe(0);
    const outputs = [
      { where: 'app server output', text: app.output() },
      { where: 'refused app server output', text: refused.output() },
      { where: 'sandbox output', text: sandbox.output() },
    ];
    const hits = findSecrets([...seen, ...refusedSeen, ...outputs], [KEY, WRONG_KEY]);
    expect(hits).toEqual([]);
    // The scan saw real material: the access log of every request, the key's fingerprint, the refusal.
    expect(
      app
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"request"')).length,
    ).toBeGreaterThan(25);
    expect(app.output()).toContain('API key loaded');
    expect(refused.output()).toContain('the hotel API refused the key');
    expect(app.output()).not.toContain('zoe@example.com');
    console.log(
      `secrets (upstream mode): ${seen.length + refusedSeen.length} response bodies and headers, ${outputs.reduce((n, o) => n + o.text.split('\n').length, 0)} lines of server output scanned for 2 keys × 6 forms: ${hits.length} hits`,
    );
  }, 90_000);
});

describe('the scanner', () => {
  it('finds a key as is, encoded or cut short, and masks it in its report', () => {
    const texts = [
      { where: 'raw', text: `{"key":"${KEY}"}` },
      { where: 'base64', text: `x-auth: ${Buffer.from(KEY).toString('base64')}` },
      { where: 'hex', text: Buffer.from(KEY).toString('hex').toUpperCase() },
      { where: 'url', text: `/search?k=${encodeURIComponent(`${KEY} `)}` },
      { where: 'truncated', text: `key=${KEY.slice(0, 30)}…` },
      { where: 'clean', text: 'nothing to see, not even staylane-FAKE' },
    ];
    const hits = findSecrets(texts, [KEY]);
    expect(new Set(hits.map((hit) => hit.where))).toEqual(
      new Set(['raw', 'base64', 'hex', 'url', 'truncated']),
    );
    for (const hit of hits) expect(hit.context).not.toContain(KEY);
  });

  it('scans for every secret a server holds: the key, the token secrets, the Redis and SMTP passwords, the listed extras', () => {
    expect(
      secretsOfEnv({
        HOTEL_API_KEY: KEY,
        BOOKING_TOKEN_SECRET:
          'the-newest-token-secret-of-32-chars, the-older-token-secret-of-32-chars',
        REDIS_URL: 'rediss://staylane:p%40ss-word-9@redis.internal:6380/0',
        SMTP_URL: 'smtp://mailer:smtp-pass%2Fword@smtp.example.com:587',
        SECRET_SCAN_KEYS: ' extra-one ,extra-two',
      }).sort(),
    ).toEqual(
      [
        KEY,
        'the-newest-token-secret-of-32-chars',
        'the-older-token-secret-of-32-chars',
        'extra-one',
        'extra-two',
        'p@ss-word-9',
        'smtp-pass/word',
      ].sort(),
    );
    expect(
      secretsOfEnv({ REDIS_URL: 'redis://127.0.0.1:6379', SMTP_URL: 'smtp://127.0.0.1:25' }),
    ).toEqual([]);
  });
});
