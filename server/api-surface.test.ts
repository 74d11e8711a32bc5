// The /api surface as a whole: the allowlist, what reaches the upstream (and what
// never does), the key never leaving the server, logs, rate limits, headers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS, type EndpointName } from '../src/contract/index.ts';
import { TEST_NOW } from '../src/contract/testing/clock.ts';
import {
  HOLDER,
  OPAQUE_ID,
  bookRequest,
  roomsRequest,
  searchRequest,
} from './test-support/fixtures.ts';
import { NO_RATE_LIMITS } from './test-support/embedded-stack.ts';
import { createTestApp, postJson, readEnvelope, TEST_KEY } from './test-support/test-app.ts';

type BrowserEndpoint = {
  [E in EndpointName]: (typeof ENDPOINTS)[E]['browser'] extends true ? E : never;
}[EndpointName];

/** One valid browser request per browser endpoint of the contract. */
const BROWSER_REQUESTS: Record<BrowserEndpoint, [string, RequestInit]> = {
  searchHotels: ['/api/hotels/search', postJson(searchRequest)],
  searchPrices: [`/api/hotels/search/${OPAQUE_ID}/prices`, {}],
  autocomplete: ['/api/destinations/autocomplete?query=par', {}],
  nationalities: ['/api/master-data/nationalities', {}],
  filters: ['/api/hotels/filters', {}],
  rooms: ['/api/hotels/rooms', postJson(roomsRequest)],
  content: ['/api/hotels/1044/content', {}],
  prebook: ['/api/hotels/prebook', postJson({ booking_token: OPAQUE_ID })],
  book: ['/api/hotels/book', postJson(bookRequest, { 'Idempotency-Key': 'key-12345678' })],
};

describe('the /api allowlist', () => {
  it('serves every browser endpoint of the contract at /api + its path, with its method', async () => {
    const browserEndpoints = (Object.keys(ENDPOINTS) as EndpointName[]).filter(
      (name) => ENDPOINTS[name].browser,
    );
    expect(Object.keys(BROWSER_REQUESTS).sort()).toEqual([...browserEndpoints].sort());
    for (const name of browserEndpoints) {
      const { app, fake } = createTestApp();
      const [path, init] = BROWSER_REQUESTS[name as BrowserEndpoint];
      const response = await app.request(path, init);
      expect(response.status, name).toBe(name === 'book' ? 201 : 200);
      expect(fake.requests.map((request) => [request.endpoint, request.method])).toEqual([
        [name, ENDPOINTS[name].method],
      ]);
    }
  });

  it('answers the popular destinations itself: the operator’s list, or none', async () => {
    const paris = {
      type: 'city' as const,
      id: 2988507,
      name: 'Paris',
      country: 'France',
      image_url: null,
    };
    const listed = createTestApp({ popularDestinations: () => [paris] });
    const answer = await listed.app.request('/api/destinations/popular');
    expect(answer.status).toBe(200);
    expect((await readEnvelope(answer)).data).toEqual({ destinations: [paris] });
    const none = createTestApp();
    expect((await readEnvelope(await none.app.request('/api/destinations/popular'))).data).toEqual({
      destinations: [],
    });
    expect([...listed.fake.requests, ...none.fake.requests]).toEqual([]);
  });

  it('answers the map settings itself: the operator’s street tiles, whose host alone the CSP adds for images', async () => {
    const tiles = {
      url_template: 'https://tiles.example.com/{z}/{x}/{y}.png',
      attribution: '© Example tiles',
      max_zoom: 18,
    };
    const street = createTestApp({ mapTiles: tiles });
    const answer = await street.app.request('/api/map/settings');
    expect(answer.status).toBe(200);
    expect((await readEnvelope(answer)).data).toEqual({ tiles });
    const imgSrc = (response: Response) =>
      /img-src [^;]*/.exec(response.headers.get('content-security-policy') ?? '')?.[0];
    expect(imgSrc(answer)).toBe("img-src 'self' data: https://tiles.example.com");

    const offline = createTestApp();
    const none = await offline.app.request('/api/map/settings');
    expect((await readEnvelope(none)).data).toEqual({ tiles: null });
    expect(imgSrc(none)).toBe("img-src 'self' data:");
    expect([...street.fake.requests, ...offline.fake.requests]).toEqual([]);
  });

  it("opens a booking by its reference only with its holder's token: without one, a 400 naming the header", async () => {
    const { app, fake } = createTestApp();
    for (const [method, path] of [
      ['GET', `/api/bookings/${OPAQUE_ID}`],
      ['GET', '/api/bookings/ABC123'],
      ['POST', `/api/bookings/${OPAQUE_ID}/cancel`],
      ['POST', '/api/bookings/ABC123/cancel'],
    ] as const) {
      const response = await app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect((await readEnvelope(response)).error?.details).toContainEqual({
        field: 'Booking-Access-Token',
        message: 'is required',
      });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('answers everything else under /api with a JSON 404 and no upstream call', async () => {
    const { app, fake } = createTestApp();
    for (const [method, path] of [
      ['GET', '/api/hotels/search'],
      ['POST', '/api/master-data/nationalities'],
      ['DELETE', '/api/hotels/1044/content'],
      ['GET', '/api/hotels/1044/content/extra'],
      ['GET', '/api/hotels/search/x/prices/'],
      ['GET', '/api/bookings?reference=ABC123'],
      ['DELETE', '/api/bookings/ABC123'],
      ['GET', '/api/v1/hotels/filters'],
    ] as const) {
      const response = await app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('what reaches the upstream', () => {
  it('only our key, language, request id and JSON type: never the browser’s key, authorization or cookies', async () => {
    const { app, fake } = createTestApp();
    await app.request(
      '/api/hotels/search',
      postJson(searchRequest, {
        'x-api-key': 'browser-sent-key',
        Authorization: 'Bearer browser-token',
        Cookie: 'session=abc',
        'X-Forwarded-For': '10.0.0.1',
        'X-Request-Id': 'trace-42',
        language: 'fr-CA,fr;q=0.9',
        'Idempotency-Key': 'not-for-search',
        'X-Sandbox-Fault': '500',
      }),
    );
    expect(fake.requests[0]?.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-api-key': TEST_KEY,
      language: 'fr',
      'x-request-id': 'trace-42',
    });
  });

  it('sends a request id it made when the browser sent none (or a bad one) and answers with it', async () => {
    const { app, fake } = createTestApp();
    const response = await app.request('/api/hotels/filters', {
      headers: { 'X-Request-Id': 'bad id with spaces' },
    });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.requests[0]?.headers['x-request-id']).toBe(id);
  });

  it('resolves language to a supported code; anything else is en', async () => {
    const { app, fake } = createTestApp();
    for (const language of ['ja', 'de-CH', 'tlh', 'x'.repeat(300)]) {
      await app.request('/api/master-data/nationalities', { headers: { language } });
    }
    expect(fake.requests.map((request) => request.headers.language)).toEqual([
      'ja',
      'de',
      'en',
      'en',
    ]);
  });
});

describe('the key never leaves the server', () => {
  it('is in no response body, header or log line, whatever happens', async () => {
    const { app, fake, lines } = createTestApp({ rateLimits: NO_RATE_LIMITS });
    fake.reply('searchHotels', { status: 500, error: { code: 'INTERNAL' } }, { text: 'garbage' });
    fake.reply('filters', {
      status: 401,
      error: { code: 'UNAUTHORIZED', message: `bad key ${TEST_KEY}` },
    });
    fake.reply('content', { status: 404, error: { code: 'HOTEL_NOT_FOUND' } });
    fake.reply('prebook', { drop: true });
    fake.reply('book', { status: 409, error: { code: 'PREBOOK_ALREADY_BOOKED' } });
    const requests: [string, RequestInit][] = [
      ...Object.values(BROWSER_REQUESTS),
      ['/api/hotels/search', postJson({ ...searchRequest, rooms: [] })],
      ['/api/hotels/search', postJson('{')],
      [
        '/api/bookings/lookup',
        postJson({ reference: 'ABC123', last_name: 'Müller-Rao', email: HOLDER.email }),
      ],
      [
        '/api/bookings/lookup',
        postJson({ reference: 'ABC123', last_name: 'x', email: HOLDER.email }),
      ],
      [
        '/api/bookings/cancel',
        postJson({ reference: 'ABC123', last_name: 'Müller-Rao', email: HOLDER.email }),
      ],
      ['/api/bookings/ABC123', { headers: { 'Booking-Access-Token': 'A'.repeat(22) } }],
      ['/api/health', {}],
      ['/api/nope', {}],
    ];
    const seen: string[] = [];
    for (const [path, init] of requests) {
      const response = await app.request(path, init);
      seen.push(await response.text());
      response.headers.forEach((value, name) => seen.push(`${name}: ${value}`));
    }
    expect(fake.requests.length).toBeGreaterThan(10);
    expect(fake.requests.every((request) => request.headers['x-api-key'] === TEST_KEY)).toBe(true);
    const leaks = [...seen, ...lines].filter((text) => text.includes(TEST_KEY));
    expect(leaks).toEqual([]);
    expect(lines.length).toBeGreaterThan(requests.length);
  });
});

describe('logs', () => {
  it('one line per request with method, path, status, duration, request id and upstream attempts', async () => {
    const { app, fake, lines } = createTestApp();
    fake.reply('filters', { status: 503, error: { code: 'INTERNAL' } });
    await app.request('/api/hotels/filters?destination_type=city&destination_id=1', {
      headers: { 'X-Request-Id': 'log-1' },
    });
    const access = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      method: 'GET',
      path: '/api/hotels/filters',
      status: 200,
      request_id: 'log-1',
      upstream_attempts: 2,
    });
    expect(typeof access[0]?.duration_ms).toBe('number');
    // The query (which may hold what a traveller typed) is not logged.
    expect(lines.join('\n')).not.toContain('destination_type');
  });

  it('never holds names, e-mail addresses or phone numbers from bodies', async () => {
    const { app, lines, fake } = createTestApp({ rateLimits: NO_RATE_LIMITS });
    fake.reply('book', { status: 422, error: { code: 'IDEMPOTENCY_KEY_MISMATCH' } });
    await app.request('/api/hotels/book', BROWSER_REQUESTS.book[1]);
    await app.request('/api/hotels/book', BROWSER_REQUESTS.book[1]);
    await app.request(
      '/api/hotels/book',
      postJson(
        { ...bookRequest, holder: { ...HOLDER, email: 'not-an-email' } },
        { 'Idempotency-Key': 'key-12345678' },
      ),
    );
    await app.request(
      '/api/bookings/lookup',
      postJson({ reference: 'ABC123', last_name: 'Müller-Rao', email: HOLDER.email }),
    );
    const text = lines.join('\n');
    for (const personal of [
      HOLDER.email,
      HOLDER.phone,
      '98765',
      HOLDER.last_name,
      HOLDER.first_name,
      'ABC123',
    ]) {
      expect(text).not.toContain(personal);
    }
  });
});

describe('rate limits per client', () => {
  // The limiter counts in windows of wall-clock time: tests move Date on by hand.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  function clock() {
    return { now: () => Date.now(), advance: (ms: number) => vi.advanceTimersByTime(ms) };
  }
  const socket = (address: string) => ({
    incoming: { socket: { remoteAddress: address, remotePort: 5000, remoteFamily: 'IPv4' } },
  });

  it('a shopper polling prices every 2 s and typing in autocomplete is never limited', async () => {
    const time = clock();
    const { app } = createTestApp({ now: time.now });
    const env = socket('198.51.100.7');
    // Ten minutes: a poll every 2 s, a burst of 10 autocompletes every 10 s, a page of 5 reads every 30 s.
    for (let second = 0; second < 600; second += 2) {
      const polls = await app.request(`/api/hotels/search/${OPAQUE_ID}/prices`, {}, env);
      expect(polls.status, `poll at ${second}s`).toBe(200);
      if (second % 10 === 0) {
        for (let i = 0; i < 10; i++) {
          const typed = await app.request(
            `/api/destinations/autocomplete?query=pa${'r'.repeat(i)}`,
            {},
            env,
          );
          expect(typed.status).toBe(200);
        }
      }
      if (second % 30 === 0) {
        for (let i = 0; i < 5; i++) {
          expect((await app.request('/api/hotels/1044/content', {}, env)).status).toBe(200);
        }
      }
      time.advance(2_000);
    }
    // About a thousand requests through the whole app: seconds on a busy 2-core machine.
  }, 30_000);

  it('a flood is answered 429 RATE_LIMITED with Retry-After, per client', async () => {
    const time = clock();
    const { app, fake } = createTestApp({ now: time.now });
    const flood = socket('203.0.113.9');
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const response = await app.request('/api/hotels/search', postJson(searchRequest), flood);
      statuses.push(response.status);
      if (response.status === 429) {
        // The window of 60 s opened with the first search; no time has passed since.
        expect(response.headers.get('retry-after')).toBe('60');
        expect((await readEnvelope(response)).error?.code).toBe('RATE_LIMITED');
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual(Array<number>(10).fill(429));
    expect(fake.requests).toHaveLength(60);
    // Another client is not affected; the flooder may search again once the window ends.
    const other = await app.request(
      '/api/hotels/search',
      postJson(searchRequest),
      socket('203.0.113.10'),
    );
    expect(other.status).toBe(200);
    time.advance(59_000);
    expect((await app.request('/api/hotels/search', postJson(searchRequest), flood)).status).toBe(
      429,
    );
    time.advance(1_000);
    expect((await app.request('/api/hotels/search', postJson(searchRequest), flood)).status).toBe(
      200,
    );
  });

  it('booking steps are limited tightly', async () => {
    const { app } = createTestApp({ now: () => 0 });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await app.request(...BROWSER_REQUESTS.prebook)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set, then trusts only what our proxy added', async () => {
    const tight = { lookup: { points: 1, durationS: 3_600 } };
    const lookup = (forwardedFor: string) =>
      postJson(
        { reference: 'ABC123', last_name: 'Rao', email: 'rao@example.com' },
        { 'X-Forwarded-For': forwardedFor },
      );
    const spoofing = createTestApp({ now: () => 0, rateLimits: tight });
    const env = socket('192.0.2.1');
    const first = await spoofing.app.request('/api/bookings/lookup', lookup('1.1.1.1'), env);
    const second = await spoofing.app.request('/api/bookings/lookup', lookup('2.2.2.2'), env);
    expect([first.status, second.status]).toEqual([404, 429]);

    const proxied = createTestApp({ now: () => 0, rateLimits: tight, trustProxy: 1 });
    const proxy = socket('10.0.0.2');
    const viaProxy = (forwardedFor: string) =>
      proxied.app.request('/api/bookings/lookup', lookup(forwardedFor), proxy);
    expect((await viaProxy('198.51.100.1')).status).toBe(404);
    expect((await viaProxy('198.51.100.2')).status).toBe(404);
    // A client cannot pick its identity by prepending entries: the proxy's own entry counts.
    expect((await viaProxy('9.9.9.9, 198.51.100.1')).status).toBe(429);
  });
});

describe('upstream mode', () => {
  it('never sends the sandbox’s shopper id to a real hotel API', async () => {
    const { app, fake } = createTestApp();
    const response = await app.request(...BROWSER_REQUESTS.searchHotels);
    expect(response.status).toBe(200);
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests)
      expect(request.headers['x-sandbox-shopper']).toBeUndefined();
  });
});

describe('text that is not text', () => {
  it('a bidi override, a NUL or a lone surrogate in special requests is a 400 naming it, before any upstream call', async () => {
    const { app, fake } = createTestApp({ rateLimits: NO_RATE_LIMITS });
    for (const special of ['a\u202Eb', 'a\u0000b', `a${String.fromCharCode(0xdc00)}`]) {
      const response = await app.request(
        '/api/hotels/book',
        postJson(
          { ...bookRequest, special_requests: special },
          { 'Idempotency-Key': 'key-12345678' },
        ),
      );
      expect(response.status).toBe(400);
      const envelope = await readEnvelope(response);
      expect(envelope.error?.details.map((detail) => detail.field)).toEqual(['special_requests']);
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('security headers', () => {
  it('CSP allows the upstream’s image origins, and nothing cross-origin otherwise', async () => {
    const { app } = createTestApp({ imageOrigins: ['https://images.example.com', 'https:'] });
    const response = await app.request('/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("img-src 'self' data: https://images.example.com https:");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('sends no CORS headers, even to a preflight', async () => {
    const { app, fake } = createTestApp();
    const preflight = await app.request('/api/hotels/search', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(404);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('health', () => {
  it.each(['sandbox', 'upstream'] as const)('says the mode (%s) and never a key', async (mode) => {
    const { app } = createTestApp({ mode });
    const response = await app.request('/api/health');
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ success: true, data: { status: 'ok', mode } });
    expect(text).not.toContain(TEST_KEY);
    expect(text).not.toMatch(/key/i);
  });
});

describe('sandbox images', () => {
  it('serves /sandbox/images/* from the sandbox app in-process, without a key', async () => {
    const asked: Request[] = [];
    const { app } = createTestApp({
      mode: 'sandbox',
      sandboxImages: (request) => {
        asked.push(request);
        return Promise.resolve(
          new Response('RIFF-image', {
            headers: {
              'content-type': 'image/webp',
              'cache-control': 'public, max-age=86400',
              'set-cookie': 'x=1',
            },
          }),
        );
      },
    });
    const response = await app.request('/sandbox/images/1044/1.webp');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('RIFF-image');
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(new URL(asked[0]?.url ?? '').pathname).toBe('/images/1044/1.webp');
    expect(asked[0]?.headers.get('x-api-key')).toBeNull();

    for (const path of [
      '/sandbox/images/%2e%2e/%2e%2e/hotels/search',
      '/sandbox/images/a%2Fb',
      '/sandbox/other',
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
    expect(asked).toHaveLength(1);
  });

  it('passes on pictures only: any other answer of the sandbox is a plain 404 (found by the reliability suite)', async () => {
    const { app } = createTestApp({
      mode: 'sandbox',
      // The sandbox's API answers a path that is no image route with its key check.
      sandboxImages: () =>
        Promise.resolve(
          Response.json(
            {
              success: false,
              message: 'Missing or wrong x-api-key',
              error: { code: 'UNAUTHORIZED' },
            },
            { status: 401 },
          ),
        ),
    });
    const response = await app.request('/sandbox/images/a/b/hotels/1/1.svg');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found');
  });
});
