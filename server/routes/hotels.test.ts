import { describe, expect, it } from 'vitest';
import {
  OPAQUE_ID,
  bookRequest,
  roomsRequest,
  searchData,
  searchRequest,
} from '../test-support/fixtures.ts';
import { createTestApp, postJson, postStreamed, readEnvelope } from '../test-support/test-app.ts';

describe('/api forwards the contract endpoints with the same paths, bodies and answers', () => {
  it('search: validated body forwarded, data answered in the envelope', async () => {
    const { app, fake } = createTestApp();
    const response = await app.request('/api/hotels/search', postJson(searchRequest));
    expect(response.status).toBe(200);
    expect(await readEnvelope(response)).toEqual({
      success: true,
      message: 'ok',
      data: searchData,
    });
    const [sent] = fake.callsTo('searchHotels');
    expect(sent?.method).toBe('POST');
    expect(sent?.headers['content-type']).toBe('application/json');
    // The normalized request: defaults filled in, nothing unknown passed on.
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      ...searchRequest,
      rooms: [{ adults: 2, child_ages: [] }],
      nationality: 'IN',
      limit: 20,
      pricing_mode: 'instant',
    });
  });

  it('search: fields asks for sparse items and accepts them', async () => {
    const { app, fake } = createTestApp();
    fake.reply('searchHotels', {
      data: { ...searchData, hotels: [{ hotel_id: '1044', price: searchData.hotels[0]?.price }] },
    });
    const response = await app.request(
      '/api/hotels/search',
      postJson({ ...searchRequest, fields: ['price', 'nonsense'] }),
    );
    expect(response.status).toBe(200);
    expect((JSON.parse(fake.requests[0]?.body ?? '') as { fields: string[] }).fields).toEqual([
      'price',
    ]);
  });

  it('search: unknown fields of the request are not passed upstream', async () => {
    const { app, fake } = createTestApp();
    await app.request(
      '/api/hotels/search',
      postJson({ ...searchRequest, api_key: 'x', __proto__x: 1 }),
    );
    const sent = JSON.parse(fake.requests[0]?.body ?? '{}') as Record<string, unknown>;
    expect(Object.keys(sent)).not.toContain('api_key');
    expect(Object.keys(sent)).not.toContain('__proto__x');
  });

  it('prices: path parameter and normalized query', async () => {
    const { app, fake } = createTestApp();
    const response = await app.request(
      `/api/hotels/search/${OPAQUE_ID}/prices?refresh_ids=5,6&since=3&other=1`,
    );
    expect(response.status).toBe(200);
    expect(fake.requests[0]?.path).toBe(`/v1/hotels/search/${OPAQUE_ID}/prices`);
    expect(fake.requests[0]?.query).toEqual({ refresh_ids: '5,6', since: '3' });
  });

  it('autocomplete, nationalities, filters and content', async () => {
    const { app, fake } = createTestApp();
    for (const path of [
      '/api/destinations/autocomplete?query=%20paris%20&limit=5',
      '/api/master-data/nationalities',
      '/api/hotels/filters?destination_type=city&destination_id=2988507',
      '/api/hotels/1044/content',
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
    }
    expect(fake.requests.map((request) => [request.endpoint, request.path, request.query])).toEqual(
      [
        ['autocomplete', '/v1/destinations/autocomplete', { query: 'paris', limit: '5' }],
        ['nationalities', '/v1/master-data/nationalities', {}],
        ['filters', '/v1/hotels/filters', { destination_type: 'city', destination_id: '2988507' }],
        ['content', '/v1/hotels/1044/content', {}],
      ],
    );
  });

  it('rooms and prebook', async () => {
    const { app, fake } = createTestApp();
    expect((await app.request('/api/hotels/rooms', postJson(roomsRequest))).status).toBe(200);
    expect(
      (await app.request('/api/hotels/prebook', postJson({ booking_token: OPAQUE_ID }))).status,
    ).toBe(200);
    expect(fake.requests.map((request) => request.endpoint)).toEqual(['rooms', 'prebook']);
  });

  it('book: 201, the Idempotency-Key forwarded, a replay says so', async () => {
    const { app, fake } = createTestApp();
    const first = await app.request(
      '/api/hotels/book',
      postJson(bookRequest, { 'Idempotency-Key': 'browser-attempt-1' }),
    );
    expect(first.status).toBe(201);
    expect(fake.requests[0]?.headers['idempotency-key']).toBe('browser-attempt-1');
    fake.reply('book', { status: 201, headers: { 'Idempotent-Replayed': 'true' } });
    const replay = await app.request(
      '/api/hotels/book',
      postJson(bookRequest, { 'Idempotency-Key': 'browser-attempt-1' }),
    );
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(fake.requests[1]?.body).toBe(fake.requests[0]?.body);
  });

  it('book: a replayed 409/410 says so too (found by the reliability suite)', async () => {
    const { app, fake } = createTestApp();
    fake.reply(
      'book',
      { status: 409, error: { code: 'PREBOOK_ALREADY_BOOKED' } },
      {
        status: 409,
        error: { code: 'PREBOOK_ALREADY_BOOKED' },
        headers: { 'Idempotent-Replayed': 'true' },
      },
    );
    const request = () =>
      app.request('/api/hotels/book', postJson(bookRequest, { 'Idempotency-Key': 'attempt-409' }));
    const first = await request();
    expect(first.status).toBe(409);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await request();
    expect(again.status).toBe(409);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('passes upstream errors on with their status, code and details, under our request id', async () => {
    const { app, fake } = createTestApp();
    fake.reply('prebook', {
      status: 410,
      error: { code: 'BOOKING_TOKEN_EXPIRED', message: 'The rate expired; choose a room again' },
    });
    const response = await app.request(
      '/api/hotels/prebook',
      postJson({ booking_token: OPAQUE_ID }, { 'X-Request-Id': 'trace-410' }),
    );
    expect(response.status).toBe(410);
    expect(await readEnvelope(response)).toEqual({
      success: false,
      message: 'The rate expired; choose a room again',
      error: { code: 'BOOKING_TOKEN_EXPIRED', details: [], request_id: 'trace-410' },
    });
  });

  it('answers a broken upstream answer with 502 and a request id, not a crash', async () => {
    const { app, fake } = createTestApp();
    fake.reply('content', { text: '{"success":true,"message":"ok","data":{"hotel_id":1}}' });
    const response = await app.request('/api/hotels/1044/content');
    expect(response.status).toBe(502);
    const body = await readEnvelope(response);
    expect(body.error?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(body.error?.request_id).toBe(response.headers.get('x-request-id'));
  });

  it('answers 429 from upstream after retries with RATE_LIMITED and Retry-After', async () => {
    const { app, fake } = createTestApp();
    fake.reply('filters', {
      status: 429,
      error: { code: 'RATE_LIMITED' },
      headers: { 'Retry-After': '60' },
    });
    const response = await app.request('/api/hotels/filters');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('60');
  });

  it('a live search gets the long budget and a timeout is 504 UPSTREAM_TIMEOUT', async () => {
    const { app, fake, time } = createTestApp();
    fake.reply('searchHotels', { hang: true });
    const pending = app.request(
      '/api/hotels/search',
      postJson({ ...searchRequest, pricing_mode: 'live' }),
    );
    await expect.poll(() => fake.requests.length).toBe(1);
    expect(time.timerBudgets()).toEqual([20_000]);
    time.fireTimers();
    const response = await pending;
    expect(response.status).toBe(504);
    expect((await readEnvelope(response)).error?.code).toBe('UPSTREAM_TIMEOUT');
  });
});

describe('/api validates before forwarding: bad input costs no upstream call', () => {
  const cases: [string, string, RequestInit | undefined, string[]][] = [
    [
      'search with many problems',
      '/api/hotels/search',
      postJson({
        destination: { type: 'country', id: -1 },
        check_in: '2026-11-01',
        check_out: '2026-10-01',
        rooms: [{ adults: 9, child_ages: [20] }],
        limit: 500,
      }),
      [
        'destination.type',
        'destination.id',
        'check_in',
        'rooms[0]',
        'rooms[0].adults',
        'rooms[0].child_ages[0]',
        'limit',
        'check_out',
      ],
    ],
    ['search not an object', '/api/hotels/search', postJson([1, 2]), ['(body)']],
    [
      'prices with a bad id and query',
      '/api/hotels/search/..%2F..%2Fadmin/prices?since=x&refresh_ids=a',
      undefined,
      ['search_id', 'refresh_ids', 'since'],
    ],
    [
      'autocomplete too short',
      '/api/destinations/autocomplete?query=p&limit=99',
      undefined,
      ['query', 'limit'],
    ],
    [
      'filters half a destination',
      '/api/hotels/filters?destination_type=city',
      undefined,
      ['destination_id'],
    ],
    ['content of a non-id', '/api/hotels/1%2F..%2F..%2Fbookings/content', undefined, ['hotel_id']],
    [
      'rooms',
      '/api/hotels/rooms',
      postJson({ hotel_id: 'x', check_in: '2026-12-10', check_out: '2027-02-10', rooms: [] }),
      ['hotel_id', 'rooms', 'check_out'],
    ],
    ['prebook', '/api/hotels/prebook', postJson({ booking_token: 'short' }), ['booking_token']],
    [
      'book',
      '/api/hotels/book',
      postJson(
        {
          prebook_id: OPAQUE_ID,
          holder: { first_name: '', last_name: 'R', email: 'no', phone: '1' },
          guests: [],
        },
        { 'Idempotency-Key': 'valid-key-1' },
      ),
      ['holder.first_name', 'holder.email', 'holder.phone', 'guests'],
    ],
  ];

  it.each(cases)(
    '%s → 400 VALIDATION_FAILED naming every field',
    async (_name, path, init, fields) => {
      const { app, fake } = createTestApp();
      const response = await app.request(path, init);
      expect(response.status).toBe(400);
      const body = await readEnvelope(response);
      expect(body.error?.code).toBe('VALIDATION_FAILED');
      expect(body.error?.details.map((detail) => detail.field).sort()).toEqual([...fields].sort());
      expect(fake.requests).toHaveLength(0);
    },
  );

  it('uses "today" from the injected clock (the sandbox clock in sandbox mode)', async () => {
    const later = createTestApp({ today: () => new Date('2026-12-20T12:00:00Z') });
    const response = await later.app.request('/api/hotels/search', postJson(searchRequest));
    expect(response.status).toBe(400);
    expect((await readEnvelope(response)).error?.details).toEqual([
      { field: 'check_in', message: 'must be today or a later date' },
    ]);
  });

  it('only a bad cursor → 400 INVALID_CURSOR', async () => {
    const { app, fake } = createTestApp();
    const response = await app.request(
      '/api/hotels/search',
      postJson({ ...searchRequest, cursor: 'nope' }),
    );
    expect(response.status).toBe(400);
    const body = await readEnvelope(response);
    expect(body.error?.code).toBe('INVALID_CURSOR');
    expect(body.error?.details.map((detail) => detail.field)).toEqual(['cursor']);
    expect(fake.requests).toHaveLength(0);
  });

  it('book without a valid Idempotency-Key → 400 IDEMPOTENCY_KEY_REQUIRED naming the header', async () => {
    const { app, fake } = createTestApp();
    for (const headers of [
      {},
      { 'Idempotency-Key': 'short' },
      { 'Idempotency-Key': 'has space in it' },
    ] as Record<string, string>[]) {
      const response = await app.request('/api/hotels/book', postJson(bookRequest, headers));
      expect(response.status).toBe(400);
      const error = (await readEnvelope(response)).error;
      expect(error?.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
      // Every 400 names the field at fault (found by server/reliability's property suite).
      expect(error?.details.map((detail) => detail.field)).toEqual(['Idempotency-Key']);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('415 for a non-JSON POST, 400 INVALID_JSON for bad JSON, 413 over 64 KiB', async () => {
    const { app, fake } = createTestApp();
    const form = await app.request('/api/hotels/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBe(415);
    expect((await readEnvelope(form)).error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const none = await app.request('/api/hotels/prebook', { method: 'POST', body: '{}' });
    expect(none.status).toBe(415);

    for (const body of ['{"destination":', '', 'null x', '\u00ff']) {
      const bad = await app.request('/api/hotels/search', postJson(body));
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect((await readEnvelope(bad)).error?.code).toBe('INVALID_JSON');
    }
    const invalidUtf8 = await app.request('/api/hotels/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
    });
    expect((await readEnvelope(invalidUtf8)).error?.code).toBe('INVALID_JSON');

    const big = JSON.stringify({ ...searchRequest, hotel_name: 'x'.repeat(70_000) });
    const tooLarge = await app.request('/api/hotels/search', postJson(big));
    expect(tooLarge.status).toBe(413);
    expect((await readEnvelope(tooLarge)).error?.code).toBe('PAYLOAD_TOO_LARGE');
    // Without Content-Length (chunked), the limit holds while reading.
    const chunked = await app.request(
      '/api/hotels/search',
      postStreamed('x'.repeat(100_000), { 'Content-Type': 'application/json; charset=utf-8' }),
    );
    expect(chunked.status).toBe(413);
    expect(fake.requests).toHaveLength(0);
  });
});
