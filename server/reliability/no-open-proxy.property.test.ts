// The browser cannot make the server call an arbitrary URL or path: generated request
// paths (encoded and double-encoded ../ and slashes, backslashes, NULs, @host, //host,
// ? and # in ids), hosts, methods and headers (X-Request-Id, language, credentials,
// proxy and rewrite headers) go through the app server; every request it then sends to
// the sandbox must be one of the contract's endpoints, to the configured base URL, with
// an id that is one path segment of safe characters, only the contract's query
// parameters, and only our own headers (our key, a resolved language, a well-formed
// request id). Nothing reaches the sandbox's API through the image route.
import fc from 'fast-check';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_PATTERN, SUPPORTED_LANGUAGES } from '../../src/contract/index.ts';
import { SANDBOX_DEMO_KEY } from '../sandbox/app.ts';
import { headerValue } from '../test-support/contract-arbitraries.ts';
import {
  appOnSandbox,
  createStackSandbox,
  sandboxClock,
  type UpstreamCall,
} from '../test-support/embedded-stack.ts';
import { listen } from '../test-support/fake-upstream.ts';

const clock = sandboxClock('manual');
const sandbox = createStackSandbox(clock, { sleep: () => Promise.resolve() });
const { app, upstreamCalls } = appOnSandbox(sandbox, clock, { logLevel: 'silent' });
afterAll(() => {
  sandbox.close();
});

const ID = '[A-Za-z0-9._~-]{16,512}';
/** What the app server may ask of the hotel API: method, path, query parameters. */
const ALLOWED: { method: string; path: RegExp; query: string[]; key: boolean }[] = [
  { method: 'POST', path: /^\/hotels\/search$/, query: [], key: true },
  {
    method: 'GET',
    path: new RegExp(`^/hotels/search/${ID}/prices$`),
    query: ['refresh_ids', 'since'],
    key: true,
  },
  { method: 'GET', path: /^\/destinations\/autocomplete$/, query: ['query', 'limit'], key: true },
  { method: 'GET', path: /^\/master-data\/nationalities$/, query: [], key: true },
  {
    method: 'GET',
    path: /^\/hotels\/filters$/,
    query: ['destination_type', 'destination_id'],
    key: true,
  },
  { method: 'POST', path: /^\/hotels\/rooms$/, query: [], key: true },
  { method: 'GET', path: /^\/hotels\/[1-9][0-9]{0,15}\/content$/, query: [], key: true },
  { method: 'POST', path: /^\/hotels\/prebook$/, query: [], key: true },
  { method: 'POST', path: /^\/hotels\/book$/, query: [], key: true },
  { method: 'GET', path: /^\/bookings$/, query: ['reference'], key: true },
  { method: 'POST', path: new RegExp(`^/bookings/${ID}/cancel$`), query: [], key: true },
  // Pictures: public, fetched without the key.
  {
    method: 'GET',
    path: /^\/images\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/,
    query: [],
    key: false,
  },
];
const OUR_HEADERS = new Set([
  'accept',
  'content-type',
  'x-api-key',
  'language',
  'x-request-id',
  'idempotency-key',
  // Sandbox mode only: the opaque shopper id the app server derives itself.
  'x-sandbox-shopper',
]);
const IMAGE_HEADERS = new Set(['if-none-match', 'if-modified-since', 'accept']);

function expectAllowed(call: UpstreamCall, where: string) {
  const url = new URL(call.url);
  expect(url.origin, where).toBe('http://sandbox.internal');
  expect(url.username + url.password + url.hash, where).toBe('');
  const rule = ALLOWED.find((r) => r.method === call.method && r.path.test(url.pathname));
  expect(rule, `${where}: ${call.method} ${url.pathname}`).toBeDefined();
  if (!rule) return;
  // Dot-only segments are ids, never navigation; the URL parser would have removed '..'.
  expect(
    url.pathname.split('/').every((segment) => segment !== '.' && segment !== '..'),
    where,
  ).toBe(true);
  for (const name of url.searchParams.keys())
    expect(rule.query, `${where}: ?${name}`).toContain(name);
  const names = Object.keys(call.headers);
  if (rule.key) {
    for (const name of names) expect(OUR_HEADERS.has(name), `${where}: header ${name}`).toBe(true);
    expect(call.headers['x-api-key']).toBe(SANDBOX_DEMO_KEY);
    expect(SUPPORTED_LANGUAGES).toContain(call.headers.language);
    expect(call.headers['x-request-id']).toMatch(REQUEST_ID_PATTERN);
    const shopper = call.headers['x-sandbox-shopper'];
    if (shopper !== undefined) expect(shopper).toMatch(/^[A-Za-z0-9_-]{22}$/);
  } else {
    for (const name of names)
      expect(IMAGE_HEADERS.has(name), `${where}: image header ${name}`).toBe(true);
  }
}

/** Pieces of hostile paths: traversal in every encoding, hosts, separators. */
const hostileSegment = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2E%2E',
    '.%2e',
    '%2e.',
    '..%2f',
    '..%2F',
    '%2f',
    '%2F',
    '%252f',
    '%252e%252e',
    '..%5c',
    '..\\',
    '%5c',
    '%00',
    '%0d%0a',
    '//evil.example',
    '@evil.example',
    'evil.example:80',
    'http:%2f%2fevil.example',
    'https://evil.example',
    '%3f',
    '%23',
    ';',
    '?x=1',
    '#frag',
    'bookings',
    'hotels',
    'search',
    'x-api-key',
    '~',
    '%7e',
    '..;',
    '%c0%ae%c0%ae',
    '％２ｅ',
    'images',
  ),
  fc.string({ maxLength: 12 }).map((text) => encodeURIComponent(text)),
  fc.stringMatching(/^[1-9][0-9]{0,5}$/),
  fc.stringMatching(/^[A-Za-z0-9._~-]{16,24}$/),
);
const hostilePath = fc
  .tuple(
    fc.constantFrom(
      (s: string) => `/api/hotels/${s}/content`,
      (s: string) => `/api/hotels/search/${s}/prices`,
      (s: string) => `/api/hotels/search/${s}/prices?refresh_ids=1&since=0&x-api-key=1`,
      (s: string) => `/api/${s}/hotels/filters`,
      (s: string) => `/api/hotels/${s}`,
      (s: string) => `/api/${s}`,
      (s: string) => `/api/bookings/${s}`,
      (s: string) => `/api/bookings/${s}/cancel`,
      (s: string) => `/api/destinations/autocomplete?query=${s}&limit=5&destination=${s}`,
      (s: string) => `/api/hotels/filters?destination_type=city&destination_id=${s}`,
      (s: string) => `/sandbox/images/${s}/hotels/1/1.svg`,
      (s: string) => `/sandbox/images/${s}`,
      (s: string) => `/sandbox/${s}`,
      (s: string) => `/${s}/api/hotels/filters`,
      (s: string) => `//${s}/api/master-data/nationalities`,
    ),
    fc.array(hostileSegment, { minLength: 1, maxLength: 4 }),
  )
  .map(([template, segments]) => template(segments.join('/')));

const hostileHeaders = fc.record(
  {
    'X-Request-Id': headerValue,
    language: headerValue,
    'x-api-key': fc.constantFrom('browser-key', SANDBOX_DEMO_KEY.toUpperCase()),
    authorization: fc.constant('Bearer stolen'),
    cookie: fc.constant('session=abc'),
    'proxy-authorization': fc.constant('Basic eDp5'),
    'X-Forwarded-Host': fc.constant('evil.example'),
    'X-Original-URL': fc.constant('/bookings'),
    'X-Rewrite-URL': fc.constant('/bookings/abc/cancel'),
    Forwarded: fc.constant('host=evil.example;proto=http'),
    'X-Sandbox-Fault': fc.constantFrom('500', '429', 'slow'),
    'Idempotency-Key': fc.constant('hostile-key-0001'),
  },
  { requiredKeys: [] },
);

describe('no open proxy, no path traversal, no header injection', () => {
  let tried = 0;
  afterAll(() => {
    console.log(`no-open-proxy suite: ${tried} hostile requests`);
  });

  it('whatever the path, host, method and headers, the sandbox only ever gets the contract’s calls with our headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostilePath,
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.constantFrom('http://localhost', 'http://evil.example', 'http://127.0.0.1:8090'),
        hostileHeaders,
        async (path, method, origin, headers) => {
          tried++;
          const before = upstreamCalls.length;
          let url: string;
          try {
            url = new URL(path, origin).href;
          } catch {
            return; // not a URL any client could send
          }
          const init: RequestInit = { method, headers: { ...headers } };
          if (method !== 'GET') {
            init.body = '{"booking_token":"abcdefghijklmnop0123"}';
            (init.headers as Record<string, string>)['content-type'] = 'application/json';
          }
          const response = await app.request(url, init);
          const text = await response.text();
          const where = `${method} ${url}`;
          expect(response.status, `${where} → ${text.slice(0, 200)}`).toBeLessThan(500);
          // A 401 would mean a key-less call reached the API (through the image route).
          expect(response.status, where).not.toBe(401);
          expect(response.headers.get('x-request-id')).toMatch(REQUEST_ID_PATTERN);
          const language = response.headers.get('content-language');
          if (language !== null) expect(SUPPORTED_LANGUAGES).toContain(language);
          for (const call of upstreamCalls.slice(before)) expectAllowed(call, where);
        },
      ),
      { seed: 9, numRuns: 1500 },
    );
  });

  it('a request id or language that is not well-formed is never echoed nor passed on', async () => {
    await fc.assert(
      fc.asyncProperty(headerValue, headerValue, async (requestId, language) => {
        tried++;
        const before = upstreamCalls.length;
        const response = await app.request('/api/master-data/nationalities', {
          headers: { 'X-Request-Id': requestId, language },
        });
        await response.text();
        const sent = requestId.trim();
        const answered = response.headers.get('x-request-id') ?? '';
        if (!REQUEST_ID_PATTERN.test(sent)) expect(answered).not.toBe(sent);
        for (const call of upstreamCalls.slice(before)) {
          expect(call.headers['x-request-id']).toBe(answered);
          expect(SUPPORTED_LANGUAGES).toContain(call.headers.language);
        }
        // No header of the answer carries what the browser sent, unless it was a valid id.
        response.headers.forEach((value, name) => {
          if (name !== 'x-request-id' && sent.length > 3) expect(value).not.toContain(sent);
        });
      }),
      { seed: 10, numRuns: 500 },
    );
  });
});

describe('over a real socket, raw request targets (no client-side URL clean-up)', () => {
  it('absolute-form targets (proxy requests), raw ../ and encoded traversal never reach another host or path', async () => {
    const server = await listen(app);
    const targets = [
      'http://evil.example/api/master-data/nationalities',
      'http://169.254.169.254/latest/meta-data/',
      'https://evil.example:443/api/hotels/filters',
      '/api/hotels/../../bookings/abcdefghijklmnop0123/cancel',
      '/api/hotels/%2e%2e/%2e%2e/bookings?reference=ABC123',
      '/api/hotels/..%2f..%2fbookings/content',
      '/api/hotels/1%2f..%2f..%2fbookings/content',
      '/api/hotels/search/..%2F..%2Fbookings%2Fabcdefghijklmnop0123/prices',
      '/sandbox/images/..%2f..%2fhotels%2fsearch',
      '/sandbox/images/../../hotels/filters',
      '//evil.example/api/master-data/nationalities',
      '/api/master-data/nationalities?x=%0d%0aX-Injected:%201',
      '*',
    ];
    try {
      for (const target of targets) {
        const before = upstreamCalls.length;
        const head = await rawRequest(
          server.port,
          `GET ${target} HTTP/1.1\r\nHost: evil.example\r\nX-Request-Id: a%0d%0ab\r\nConnection: close\r\n\r\n`,
        );
        expect(head, target).toMatch(/^HTTP\/1\.1 [1-4]\d\d /);
        expect(head.toLowerCase(), target).not.toContain('x-injected');
        for (const call of upstreamCalls.slice(before)) expectAllowed(call, target);
      }
    } finally {
      await server.close();
    }
  });
});

/** Sends bytes as they are and returns the status line and headers of the answer. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer.split('\r\n\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}
