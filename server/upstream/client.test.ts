import { describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../test-support/fake-clock.ts';
import type { ScriptedReply } from '../test-support/fake-upstream.ts';
import { bookRequest, OPAQUE_ID, searchData } from '../test-support/fixtures.ts';
import { fakeUpstreamClient } from '../test-support/test-app.ts';
import { buildPath } from './client.ts';

const KEY = 'client-test-key-9876543210';

/** The client in front of the fake hotel API holding KEY; `options` replace any default. */
function setup(options: Parameters<typeof fakeUpstreamClient>[0] = {}) {
  const { upstream, ...rest } = fakeUpstreamClient({ keys: [KEY], ...options });
  return { ...rest, client: upstream };
}

const ctx = { requestId: 'req-1', language: 'fr' as const };
const failing = (status: number, extra: Partial<ScriptedReply> = {}): ScriptedReply => ({
  status,
  error: { code: status === 429 ? 'RATE_LIMITED' : 'INTERNAL' },
  ...extra,
});

describe('upstream client: requests', () => {
  it('sends the key, language, request id and JSON; builds the URL under the base path', async () => {
    const { fake, client } = setup();
    const result = await client.call('searchPrices', {
      ...ctx,
      params: { search_id: OPAQUE_ID },
      query: { refresh_ids: '1,2', since: 3, unused: undefined },
    });
    expect(result.ok).toBe(true);
    const [sent] = fake.requests;
    expect(sent?.path).toBe(`/v1/hotels/search/${OPAQUE_ID}/prices`);
    expect(sent?.query).toEqual({ refresh_ids: '1,2', since: '3' });
    expect(sent?.headers).toMatchObject({
      'x-api-key': KEY,
      language: 'fr',
      'x-request-id': 'req-1',
      accept: 'application/json',
    });
    expect(sent?.headers['idempotency-key']).toBeUndefined();
  });

  it('encodes every path parameter as one segment and refuses dot segments', () => {
    expect(buildPath('/bookings/:booking_id/cancel', { booking_id: 'a/../b?c#d' })).toBe(
      '/bookings/a%2F..%2Fb%3Fc%23d/cancel',
    );
    expect(() => buildPath('/hotels/:hotel_id/content', { hotel_id: '..' })).toThrow();
    expect(() => buildPath('/hotels/:hotel_id/content', {})).toThrow();
  });

  it('parses success answers with the contract and drops fields the contract does not know', async () => {
    const { fake, client } = setup();
    fake.reply('searchHotels', { data: { ...searchData, internal_cost: 1, debug: 'x' } });
    const result = await client.call('searchHotels', { ...ctx, body: {} });
    expect(result.ok && result.data).toEqual(searchData);
    expect(result.ok && 'internal_cost' in result.data).toBe(false);
  });

  it('passes Content-Language and Idempotent-Replayed on', async () => {
    const { fake, client } = setup();
    fake.reply('book', {
      status: 200,
      headers: { 'Content-Language': 'fr', 'Idempotent-Replayed': 'true' },
    });
    const result = await client.call('book', {
      ...ctx,
      body: bookRequest,
      idempotencyKey: 'k-12345678',
    });
    expect(result).toMatchObject({ ok: true, status: 200, contentLanguage: 'fr', replayed: true });
  });
});

describe('upstream client: retries', () => {
  it.each([429, 500, 502, 503, 504])(
    'retries a GET after %i with growing, jittered delays, 3 attempts in all',
    async (status) => {
      const { fake, time, client } = setup();
      fake.reply('nationalities', failing(status), failing(status), failing(status));
      time.setRandom(0.5);
      const result = await client.call('nationalities', ctx);
      expect(fake.callsTo('nationalities')).toHaveLength(3);
      expect(result.attempts).toBe(3);
      // 200 ms then 400 ms, each between half and all: random 0.5 → 150, 300.
      expect(time.sleeps).toEqual([150, 300]);
      expect(result.ok).toBe(false);
    },
  );

  it('maps what is left after the retries to the app server codes', async () => {
    const cases: [number, number, string][] = [
      [429, 429, 'RATE_LIMITED'],
      [500, 502, 'UPSTREAM_UNAVAILABLE'],
      [502, 502, 'UPSTREAM_UNAVAILABLE'],
      [503, 502, 'UPSTREAM_UNAVAILABLE'],
      [504, 504, 'UPSTREAM_TIMEOUT'],
    ];
    for (const [upstreamStatus, status, code] of cases) {
      const { fake, client } = setup();
      fake.reply(
        'filters',
        failing(upstreamStatus),
        failing(upstreamStatus),
        failing(upstreamStatus),
      );
      const result = await client.call('filters', ctx);
      expect(result, `upstream ${upstreamStatus}`).toMatchObject({ ok: false, status, code });
    }
  });

  it('succeeds on a later attempt and says how many it took', async () => {
    const { fake, time, client } = setup();
    fake.reply('searchHotels', failing(503), failing(500));
    time.setRandom(0);
    const result = await client.call('searchHotels', { ...ctx, body: {} });
    expect(result).toMatchObject({ ok: true, attempts: 3 });
    expect(time.sleeps).toEqual([100, 200]);
  });

  it('retries network errors (a dropped connection)', async () => {
    const { fake, client, lines } = setup();
    fake.reply('autocomplete', { drop: true }, { drop: true });
    const result = await client.call('autocomplete', { ...ctx, query: { query: 'par' } });
    expect(result).toMatchObject({ ok: true, attempts: 3 });
    expect(lines.filter((line) => line.includes('retrying'))).toHaveLength(2);
  });

  it('honours Retry-After (seconds or date) when it is longer than the backoff', async () => {
    const { fake, time, client } = setup();
    fake.reply(
      'content',
      failing(429, { headers: { 'Retry-After': '2' } }),
      failing(503, {
        headers: { 'Retry-After': new Date(time.clock.now() + 2_000 + 3_000).toUTCString() },
      }),
    );
    const result = await client.call('content', { ...ctx, params: { hotel_id: 1044 } });
    expect(result).toMatchObject({ ok: true, attempts: 3 });
    // The HTTP date is read 2 s later (after the first wait): 3 s remain.
    expect(time.sleeps).toEqual([2_000, 3_000]);
  });

  it('does not wait past the budget: a Retry-After beyond it ends the call with 429 and Retry-After', async () => {
    const { fake, time, client } = setup();
    fake.reply('filters', failing(429, { headers: { 'Retry-After': '30' } }));
    const result = await client.call('filters', ctx);
    expect(fake.callsTo('filters')).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
    expect(result).toMatchObject({ ok: false, status: 429, code: 'RATE_LIMITED', retryAfterS: 30 });
  });

  it('the read-only POSTs (search, rooms) are retried like GETs', async () => {
    const { fake, client } = setup();
    fake.reply('rooms', failing(500), failing(500), failing(500));
    await client.call('rooms', { ...ctx, body: {} });
    expect(fake.callsTo('rooms')).toHaveLength(3);
  });

  it('never retries prebook on its own, whatever went wrong', async () => {
    for (const reply of [failing(429), failing(500), failing(503), { drop: true }]) {
      const { fake, time, client } = setup();
      fake.reply('prebook', reply);
      const result = await client.call('prebook', { ...ctx, body: { booking_token: OPAQUE_ID } });
      expect(fake.callsTo('prebook')).toHaveLength(1);
      expect(time.sleeps).toEqual([]);
      expect(result.ok).toBe(false);
    }
  });

  it('retries book with the same Idempotency-Key and byte-identical body, also on 409 IDEMPOTENCY_IN_PROGRESS', async () => {
    const { fake, client } = setup();
    fake.reply('book', { drop: true }, { status: 409, error: { code: 'IDEMPOTENCY_IN_PROGRESS' } });
    const result = await client.call('book', {
      ...ctx,
      body: bookRequest,
      idempotencyKey: 'attempt-key-1',
    });
    expect(result).toMatchObject({ ok: true, status: 201, attempts: 3 });
    const calls = fake.callsTo('book');
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => call.headers['idempotency-key']))).toEqual(
      new Set(['attempt-key-1']),
    );
    expect(new Set(calls.map((call) => call.body)).size).toBe(1);
    expect(calls[0]?.body).toBe(JSON.stringify(bookRequest));
  });

  it('does not retry book on a final answer (409 RATE_UNAVAILABLE, 422, 410)', async () => {
    for (const [status, code] of [
      [409, 'PREBOOK_ALREADY_BOOKED'],
      [422, 'IDEMPOTENCY_KEY_MISMATCH'],
      [410, 'PREBOOK_EXPIRED'],
    ] as const) {
      const { fake, client } = setup();
      fake.reply('book', { status, error: { code } });
      const result = await client.call('book', {
        ...ctx,
        body: bookRequest,
        idempotencyKey: 'k-12345678',
      });
      expect(fake.callsTo('book')).toHaveLength(1);
      expect(result).toMatchObject({ ok: false, status, code });
    }
  });

  it('uses the key current at each attempt (a rotated key applies from the next attempt)', async () => {
    const time = createFakeClock();
    let key = 'old-key-aaaaaaaa';
    const { fake, client } = setup({
      keys: ['old-key-aaaaaaaa', 'new-key-bbbbbbbb'],
      apiKey: () => key,
      clock: {
        ...time.clock,
        sleep: (ms) => {
          key = 'new-key-bbbbbbbb';
          return time.clock.sleep(ms);
        },
      },
    });
    fake.reply('filters', failing(503));
    await client.call('filters', ctx);
    expect(fake.requests.map((request) => request.headers['x-api-key'])).toEqual([
      'old-key-aaaaaaaa',
      'new-key-bbbbbbbb',
    ]);
  });
});

describe('upstream client: timeouts', () => {
  it('gives a call 10 s, a live search 20 s, and answers 504 UPSTREAM_TIMEOUT when it runs out', async () => {
    for (const [live, budget] of [
      [false, 10_000],
      [true, 20_000],
    ] as const) {
      const { fake, time, client } = setup();
      fake.reply('searchHotels', { hang: true });
      const pending = client.call('searchHotels', { ...ctx, body: {}, live });
      await vi.waitFor(() => {
        expect(fake.callsTo('searchHotels')).toHaveLength(1);
      });
      expect(time.timerBudgets()).toEqual([budget]);
      time.fireTimers();
      expect(await pending).toMatchObject({
        ok: false,
        status: 504,
        code: 'UPSTREAM_TIMEOUT',
        attempts: 1,
      });
    }
  });

  it('gives a retry only the time left of the budget', async () => {
    const { fake, time, client } = setup();
    fake.reply('filters', failing(503, { headers: { 'Retry-After': '4' } }), { hang: true });
    const pending = client.call('filters', ctx);
    await vi.waitFor(() => {
      expect(fake.callsTo('filters')).toHaveLength(2);
    });
    expect(time.timerBudgets()).toEqual([10_000, 6_000]);
    time.fireTimers();
    expect(await pending).toMatchObject({ code: 'UPSTREAM_TIMEOUT', attempts: 2 });
  });

  it('times out for real with the system clock', async () => {
    // No clock given: the client's own, the system's.
    const { fake, client } = setup({ clock: undefined, timeouts: { defaultMs: 30 } });
    fake.reply('nationalities', { hang: true });
    expect(await client.call('nationalities', ctx)).toMatchObject({ status: 504, attempts: 1 });
  });
});

describe('upstream client: broken and error answers', () => {
  it.each([
    ['not JSON', { text: '<html>oops</html>' }],
    ['no envelope', { text: '{"hotels":[]}' }],
    ['data breaks the contract', { data: { ...searchData, hotels: [{ hotel_id: 12 }] } }],
    ['success false with 200', { text: '{"success":false,"message":"x","data":{}}' }],
  ] as const)(
    'turns a success status with %s into 502 UPSTREAM_UNAVAILABLE',
    async (_name, reply) => {
      const { fake, client, lines } = setup();
      fake.reply('searchHotels', reply);
      const result = await client.call('searchHotels', { ...ctx, body: {} });
      expect(result).toMatchObject({
        ok: false,
        status: 502,
        code: 'UPSTREAM_UNAVAILABLE',
        attempts: 1,
      });
      expect(lines.some((line) => line.includes('upstream answer broke the contract'))).toBe(true);
    },
  );

  it('passes error envelopes on with status, code, message and details, and nothing else', async () => {
    const { fake, client } = setup();
    fake.reply('searchHotels', {
      status: 404,
      error: {
        code: 'DESTINATION_NOT_FOUND',
        message: 'No destination 99',
        details: [{ field: 'destination.id', message: 'unknown' }],
        stack: 'Error: at db.query (/srv/app/internal.js:1:1)',
      },
    });
    const result = await client.call('searchHotels', { ...ctx, body: {} });
    expect(result).toEqual({
      ok: false,
      status: 404,
      code: 'DESTINATION_NOT_FOUND',
      message: 'No destination 99',
      details: [{ field: 'destination.id', message: 'unknown' }],
      retryAfterS: null,
      attempts: 1,
    });
  });

  it('treats our own faults upstream (bad key, unknown route, bad JSON) as 502, never as the browser’s', async () => {
    for (const [status, code] of [
      [401, 'UNAUTHORIZED'],
      [404, 'NOT_FOUND'],
      [400, 'INVALID_JSON'],
      [415, 'UNSUPPORTED_MEDIA_TYPE'],
    ] as const) {
      const { fake, client } = setup();
      fake.reply('filters', { status, error: { code } });
      const result = await client.call('filters', ctx);
      expect(result, code).toMatchObject({ ok: false, status: 502, code: 'UPSTREAM_UNAVAILABLE' });
    }
  });

  it('502 for an error status with a code that belongs to another status, or no envelope', async () => {
    const { fake, client } = setup();
    fake.reply(
      'filters',
      { status: 400, error: { code: 'HOTEL_NOT_FOUND' } },
      { status: 418, text: 'teapot' },
    );
    expect(await client.call('filters', ctx)).toMatchObject({ status: 502 });
    expect(await client.call('filters', ctx)).toMatchObject({ status: 502 });
  });

  it('refuses a key the upstream rejects with 502 and an error log, not 401 to the browser', async () => {
    const { client, lines } = setup({ keys: ['other'], apiKey: () => KEY });
    expect(await client.call('filters', ctx)).toMatchObject({ status: 502, attempts: 1 });
    expect(lines.some((line) => line.includes('the hotel API refused the key'))).toBe(true);
  });

  it('refuses an answer larger than the cap', async () => {
    const { fake, client } = setup({ maxResponseBytes: 1_000 });
    fake.reply('filters', { text: JSON.stringify({ pad: 'x'.repeat(2_000) }) });
    expect(await client.call('filters', ctx)).toMatchObject({ status: 502, attempts: 1 });
  });
});
