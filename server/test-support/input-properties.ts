// The property-based input suite, shared by the app server's /api (through the real
// embedded sandbox) and the sandbox itself: generated valid and broken requests for
// every endpoint, checked against the contract's promises —
//
// - never a 5xx; every answer has an X-Request-Id and, from 400 up, a well-formed
//   error envelope whose request_id is that header;
// - every 400 names the fields at fault (non-empty `details`, non-empty field names),
//   except the codes that concern no field: INVALID_JSON (400), 413 and 415;
// - a broken field is always among the fields named ("every problem, not the first");
// - valid input is always accepted (200/201, or the documented non-validation answer
//   for an id that does not exist: 404 / 410).
//
// Runs are seeded, so a failure repeats; counts are kept per target for the report.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  ErrorEnvelopeSchema,
  REQUEST_ID_PATTERN,
  SUPPORTED_LANGUAGES,
} from '../../src/contract/index.ts';
import {
  addDays,
  autocompleteLimit,
  autocompleteQuery,
  badOpaqueId,
  bookBreakages,
  headerValue,
  freshKey,
  idempotencyKey,
  junkBody,
  lookupBody,
  lookupBreakages,
  opaqueId,
  positiveId,
  roomsBreakages,
  searchBreakages,
  validBookBody,
  validRoomsRequest,
  validSearch,
  type Breakage,
  type KnownIds,
} from './contract-arbitraries.ts';
import { findSecrets } from './secret-scan.ts';

export interface PropertyTarget {
  name: string;
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
  /** '/api' for the app server, '' for the sandbox. */
  prefix: string;
  /** Headers every request needs (the sandbox's x-api-key). */
  baseHeaders: Record<string, string>;
  ids: KnownIds;
  today: string;
  /** App server: requests it sent upstream so far (bad input must cost none). */
  upstreamCount?: () => number;
  /** Keys no answer may contain, in any form (every body and header is scanned). */
  secrets: readonly string[];
  /** Multiplies every numRuns (the sandbox runs a lighter pass). */
  scale: number;
  seed: number;
}

/** Codes whose 400/413/415 concern the whole request, not a field (docs/api.md, "Envelopes"). */
export const FIELDLESS_CODES = new Set([
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
]);

export interface Tried {
  total: number;
  valid: number;
  invalid: number;
  byEndpoint: Record<string, number>;
}

export interface Reply {
  status: number;
  headers: Headers;
  json: {
    success?: boolean;
    data?: unknown;
    error?: { code: string; details: { field: string; message: string }[]; request_id?: string };
  };
}

export function fieldNamed(details: { field: string }[], field: string): boolean {
  return details.some(
    (detail) =>
      detail.field === field ||
      detail.field.startsWith(`${field}.`) ||
      detail.field.startsWith(`${field}[`),
  );
}

export function inputProperties(target: PropertyTarget): { tried: Tried } {
  const tried: Tried = { total: 0, valid: 0, invalid: 0, byEndpoint: {} };
  const runs = (n: number) => Math.max(10, Math.round(n * target.scale));
  const options = (n: number) => ({ seed: target.seed, numRuns: runs(n) });
  const p = target.prefix;

  /** Sends one request and checks what every answer must be. */
  async function send(
    endpoint: string,
    kind: 'valid' | 'invalid',
    path: string,
    init: RequestInit = {},
  ): Promise<Reply> {
    tried.total++;
    tried[kind]++;
    tried.byEndpoint[endpoint] = (tried.byEndpoint[endpoint] ?? 0) + 1;
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(target.baseHeaders)) {
      if (!headers.has(name)) headers.set(name, value);
    }
    const response = await target.request(path, { ...init, headers });
    const text = await response.text();
    const where = `${init.method ?? 'GET'} ${path.slice(0, 200)} → ${response.status} ${text.slice(0, 400)}`;
    expect(response.status, where).toBeLessThan(500);
    const requestId = response.headers.get('x-request-id');
    expect(requestId, where).toMatch(REQUEST_ID_PATTERN);
    const headerText: string[] = [];
    response.headers.forEach((value, name) => headerText.push(`${name}: ${value}`));
    expect(
      findSecrets([{ where: 'answer', text: `${headerText.join('\n')}\n${text}` }], target.secrets),
      where,
    ).toEqual([]);
    let json: Reply['json'] = {};
    if (response.status >= 400 || text !== '') {
      expect(response.headers.get('content-type'), where).toContain('application/json');
      json = JSON.parse(text) as Reply['json'];
    }
    if (response.status >= 400) {
      const envelope = ErrorEnvelopeSchema.safeParse(json);
      expect(envelope.success, where).toBe(true);
      const error = json.error;
      expect(error?.request_id, where).toBe(requestId);
      if (response.status === 400 && !FIELDLESS_CODES.has(error?.code ?? '')) {
        expect(error?.details.length, where).toBeGreaterThan(0);
        for (const detail of error?.details ?? []) {
          expect(detail.field.trim().length, where).toBeGreaterThan(0);
          expect(detail.message.trim().length, where).toBeGreaterThan(0);
        }
      }
    }
    return { status: response.status, headers: response.headers, json };
  }

  const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body instanceof Uint8Array || typeof body === 'string' ? body : JSON.stringify(body),
  });

  /** The 400 for a broken request: the right code, every broken field named. */
  function expectFieldsNamed(reply: Reply, breakages: Breakage[], codes: string[]) {
    const where = JSON.stringify({ broken: breakages.map((b) => b.field), got: reply.json });
    expect(reply.status, where).toBe(400);
    expect(codes, where).toContain(reply.json.error?.code);
    // Cross-field rules are not evaluated when a list is over its cap (see Breakage.aborts).
    const aborted = breakages.some((breakage) => breakage.aborts);
    for (const { field, relational } of breakages) {
      if (relational && aborted) continue;
      expect(
        fieldNamed(reply.json.error?.details ?? [], field),
        `${field} not named: ${where}`,
      ).toBe(true);
    }
  }

  /** A 400 VALIDATION_FAILED naming each of `fields`. */
  function expectInvalid(reply: Reply, fields: string[]) {
    expectFieldsNamed(
      reply,
      fields.map((field) => ({ field, apply: () => undefined })),
      ['VALIDATION_FAILED'],
    );
  }

  function broken(valid: object, breakages: Breakage[]): Record<string, unknown> {
    const body = structuredClone(valid) as Record<string, unknown>;
    for (const breakage of breakages) breakage.apply(body);
    return body;
  }

  /** Bad input is answered before any upstream call (app server only). */
  async function withoutUpstream<T>(work: () => Promise<T>): Promise<T> {
    const before = target.upstreamCount?.() ?? 0;
    const result = await work();
    if (target.upstreamCount) expect(target.upstreamCount() - before).toBe(0);
    return result;
  }

  const search = validSearch(target.ids, target.today);

  it('search: valid requests are answered 200, whatever the filters, sorts and extra keys', async () => {
    await fc.assert(
      fc.asyncProperty(search, async (body) => {
        const reply = await send('search', 'valid', `${p}/hotels/search`, post(body));
        expect(reply.status, JSON.stringify({ body, reply: reply.json })).toBe(200);
        const data = reply.json.data as { hotels: unknown[]; returned_results: number };
        expect(data.hotels.length).toBe(data.returned_results);
        expect(data.hotels.length).toBeLessThanOrEqual(body.limit ?? 20);
      }),
      options(500),
    );
  });

  it('search: a next_cursor pages on (accepted); the same cursor under another sort is INVALID_CURSOR', async () => {
    await fc.assert(
      fc.asyncProperty(search, async (body) => {
        const first = await send(
          'search',
          'valid',
          `${p}/hotels/search`,
          post({ ...body, limit: 2 }),
        );
        expect(first.status).toBe(200);
        const data = first.json.data as {
          next_cursor?: string | null;
          hotels: { hotel_id: string }[];
        };
        if (!data.next_cursor) return;
        const next = await send(
          'search',
          'valid',
          `${p}/hotels/search`,
          post({ ...body, limit: 2, cursor: data.next_cursor }),
        );
        expect(next.status).toBe(200);
        const seen = new Set(data.hotels.map((h) => h.hotel_id));
        for (const hotel of (next.json.data as { hotels: { hotel_id: string }[] }).hotels) {
          expect(seen.has(hotel.hotel_id)).toBe(false);
        }
        const sort = (body.sort ?? 'recommended') === 'stars' ? 'value' : 'stars';
        const foreign = await send(
          'search',
          'invalid',
          `${p}/hotels/search`,
          post({ ...body, sort, limit: 2, cursor: data.next_cursor }),
        );
        expect(foreign.status).toBe(400);
        expect(foreign.json.error?.code).toBe('INVALID_CURSOR');
        expect(fieldNamed(foreign.json.error?.details ?? [], 'cursor')).toBe(true);
      }),
      options(120),
    );
  });

  it('search: each broken field is named in one 400 (1 to 4 at once), at no upstream cost', async () => {
    await fc.assert(
      fc.asyncProperty(search, searchBreakages(target.today), async (body, breakages) => {
        const reply = await withoutUpstream(() =>
          send('search', 'invalid', `${p}/hotels/search`, post(broken(body, breakages))),
        );
        expectFieldsNamed(reply, breakages, ['VALIDATION_FAILED', 'INVALID_CURSOR']);
      }),
      options(1500),
    );
  });

  const rooms = validRoomsRequest(target.ids, target.today);

  it('rooms: valid requests are answered 200; broken ones name every broken field', async () => {
    await fc.assert(
      fc.asyncProperty(rooms, async (body) => {
        const reply = await send('rooms', 'valid', `${p}/hotels/rooms`, post(body));
        expect(reply.status, JSON.stringify({ body, reply: reply.json })).toBe(200);
      }),
      options(300),
    );
    await fc.assert(
      fc.asyncProperty(rooms, roomsBreakages(target.today), async (body, breakages) => {
        const reply = await withoutUpstream(() =>
          send('rooms', 'invalid', `${p}/hotels/rooms`, post(broken(body, breakages))),
        );
        expectFieldsNamed(reply, breakages, ['VALIDATION_FAILED']);
      }),
      options(700),
    );
  });

  it('prebook: a well-formed unknown token is 410 BOOKING_TOKEN_EXPIRED; a malformed one a 400 naming it', async () => {
    await fc.assert(
      fc.asyncProperty(opaqueId, async (token) => {
        const reply = await send(
          'prebook',
          'valid',
          `${p}/hotels/prebook`,
          post({ booking_token: token }),
        );
        expect(reply.status).toBe(410);
        expect(reply.json.error?.code).toBe('BOOKING_TOKEN_EXPIRED');
      }),
      options(200),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          badOpaqueId.map((t) => ({ booking_token: t })),
          fc.constant({}),
        ),
        async (body) => {
          const reply = await withoutUpstream(() =>
            send('prebook', 'invalid', `${p}/hotels/prebook`, post(body)),
          );
          expectInvalid(reply, ['booking_token']);
        },
      ),
      options(400),
    );
  });

  const bookBody = validBookBody(opaqueId, 1);

  it('book: a valid body for an unknown prebook is 410 PREBOOK_EXPIRED; broken fields and keys are named', async () => {
    await fc.assert(
      fc.asyncProperty(bookBody, idempotencyKey, async (body, key) => {
        const reply = await send(
          'book',
          'valid',
          `${p}/hotels/book`,
          post(body, { 'Idempotency-Key': freshKey(key) }),
        );
        expect(reply.status, JSON.stringify({ body, reply: reply.json })).toBe(410);
        expect(reply.json.error?.code).toBe('PREBOOK_EXPIRED');
      }),
      options(300),
    );
    await fc.assert(
      fc.asyncProperty(bookBody, bookBreakages(), idempotencyKey, async (body, breakages, key) => {
        const reply = await withoutUpstream(() =>
          send(
            'book',
            'invalid',
            `${p}/hotels/book`,
            post(broken(body, breakages), { 'Idempotency-Key': freshKey(key) }),
          ),
        );
        expectFieldsNamed(reply, breakages, ['VALIDATION_FAILED']);
      }),
      options(900),
    );
    const badKey = fc.oneof(
      headerValue.filter((value) => !/^[A-Za-z0-9_-]{8,128}$/.test(value.trim())),
      fc.constantFrom('short', 'x'.repeat(129), 'has space in it', 'clé-clé-clé-clé'),
    );
    await fc.assert(
      fc.asyncProperty(bookBody, fc.option(badKey, { nil: undefined }), async (body, key) => {
        const headers: Record<string, string> = key === undefined ? {} : { 'Idempotency-Key': key };
        const reply = await withoutUpstream(() =>
          send('book', 'invalid', `${p}/hotels/book`, post(body, headers)),
        );
        expect(reply.status).toBe(400);
        expect(reply.json.error?.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
        expect(fieldNamed(reply.json.error?.details ?? [], 'Idempotency-Key')).toBe(true);
      }),
      options(300),
    );
  });

  it('book: a valid body on a real prebook is 201 (names of any script, any valid e-mail and phone), and echoes the holder', async () => {
    const hotelId = target.ids.hotelIds[7] ?? 1;
    const stay = {
      hotel_id: hotelId,
      check_in: addDays(target.today, 20),
      check_out: addDays(target.today, 23),
      rooms: [{ adults: 2 }, { adults: 1, child_ages: [4] }],
    };
    const options_ = await send('rooms', 'valid', `${p}/hotels/rooms`, post(stay));
    const token = (options_.json.data as { rooms: { rates: { booking_token: string }[] }[] })
      .rooms[0]?.rates[0]?.booking_token;
    expect(token).toBeDefined();
    await fc.assert(
      fc.asyncProperty(
        validBookBody(fc.constant('placeholder'), 2),
        idempotencyKey,
        async (body, key) => {
          // A token may be prebooked again while it lives: a fresh hold per run.
          const prebook = await send(
            'prebook',
            'valid',
            `${p}/hotels/prebook`,
            post({ booking_token: token }),
          );
          expect(prebook.status).toBe(200);
          const prebookId = (prebook.json.data as { prebook_id: string }).prebook_id;
          const reply = await send(
            'book',
            'valid',
            `${p}/hotels/book`,
            post({ ...body, prebook_id: prebookId }, { 'Idempotency-Key': freshKey(key) }),
          );
          expect(reply.status, JSON.stringify({ body, reply: reply.json })).toBe(201);
          const booking = reply.json.data as { reference: string; holder: Record<string, string> };
          expect(booking.holder.email).toBe(body.holder.email.trim());
          expect(booking.holder.last_name).toBe(body.holder.last_name.trim());
          if (p !== '/api') return;
          // The traveller finds it again with the reference in any case and the name in any case.
          for (const lastName of [
            body.holder.last_name.toUpperCase(),
            ` ${body.holder.last_name.toLowerCase()} `,
          ]) {
            const found = await send(
              'lookup',
              'valid',
              `${p}/bookings/lookup`,
              post({
                reference: booking.reference.toLowerCase(),
                last_name: lastName,
                email: ` ${body.holder.email.toUpperCase()} `,
              }),
            );
            expect(found.status, JSON.stringify({ lastName, found: found.json })).toBe(200);
          }
        },
      ),
      options(60),
    );
  });

  it('POST bodies that are not the request (not JSON, not UTF-8, not an object, too big, wrong type) never get past the door', async () => {
    const endpoints = [
      ['search', `${p}/hotels/search`],
      ['rooms', `${p}/hotels/rooms`],
      ['prebook', `${p}/hotels/prebook`],
      ['book', `${p}/hotels/book`],
      ...(p === '/api'
        ? [
            ['lookup', `${p}/bookings/lookup`],
            ['cancel', `${p}/bookings/cancel`],
          ]
        : []),
    ] as const;
    const contentType = fc.oneof(
      { weight: 4, arbitrary: fc.constant('application/json') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'APPLICATION/JSON; charset=utf-8',
          'application/json;charset=UTF-8',
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'text/json',
          'application/jsonp',
          'application/xml',
          '',
        ),
      },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        junkBody,
        contentType,
        async ([name, path], body, type) => {
          const headers: Record<string, string> = { 'Idempotency-Key': 'junk-body-key-1' };
          if (type !== '') headers['content-type'] = type;
          const reply = await withoutUpstream(() =>
            send(name, 'invalid', path, { method: 'POST', headers, body: body.text }),
          );
          const json = /^application\/json\s*(;|$)/i.test(type);
          const code = reply.json.error?.code;
          if (!json) expect(code).toBe('UNSUPPORTED_MEDIA_TYPE');
          else if (body.kind === 'too-large') expect(code).toBe('PAYLOAD_TOO_LARGE');
          else if (body.kind === 'json-not-object') {
            expect(code).toBe('VALIDATION_FAILED');
            expect(reply.json.error?.details.map((d) => d.field)).toContain('(body)');
          } else expect(code).toBe('INVALID_JSON');
        },
      ),
      options(900),
    );
  });

  it('autocomplete: valid queries are answered 200; bad query or limit values are named', async () => {
    const path = (query: Record<string, string>) =>
      `${p}/destinations/autocomplete?${new URLSearchParams(query).toString()}`;
    await fc.assert(
      fc.asyncProperty(
        autocompleteQuery,
        fc.option(autocompleteLimit, { nil: undefined }),
        async (query, limit) => {
          const reply = await send(
            'autocomplete',
            'valid',
            path(limit === undefined ? { query } : { query, limit }),
          );
          expect(reply.status, JSON.stringify({ query, limit })).toBe(200);
          const destinations = (reply.json.data as { destinations: unknown[] }).destinations;
          expect(destinations.length).toBeLessThanOrEqual(Number(limit ?? 8));
        },
      ),
      options(300),
    );
    const badQuery = fc.oneof(
      fc.constantFrom('', ' ', 'a', ' a ', '\t', 'x'.repeat(65), `  ${'é'.repeat(65)}  `),
      fc.string({ maxLength: 1 }),
      fc.string({ minLength: 65, maxLength: 300 }).filter((q) => q.trim().length > 64),
    );
    const badLimit = fc.oneof(
      fc.constantFrom(
        '0',
        '21',
        '-1',
        '1.5',
        'abc',
        '',
        ' 5',
        '1e1',
        '0x10',
        '1000',
        '99999999999999999999',
      ),
      fc
        .string({ maxLength: 8 })
        .filter((l) => !/^[0-9]{1,3}$/.test(l) || Number(l) < 1 || Number(l) > 20),
    );
    await fc.assert(
      fc.asyncProperty(
        fc
          .record({
            query: fc.option(badQuery, { nil: undefined }),
            limit: fc.option(badLimit, { nil: undefined }),
          })
          .filter((q) => q.query !== undefined || q.limit !== undefined),
        autocompleteQuery,
        async ({ query, limit }, good) => {
          const params: Record<string, string> = { query: query ?? good };
          if (limit !== undefined) params.limit = limit;
          const reply = await withoutUpstream(() => send('autocomplete', 'invalid', path(params)));
          const fields = [
            ...(query === undefined ? [] : ['query']),
            ...(limit === undefined ? [] : ['limit']),
          ];
          expectInvalid(reply, fields);
        },
      ),
      options(400),
    );
  });

  it('filters: valid scopes are answered 200; a half or broken scope is named', async () => {
    const type = fc.constantFrom('city', 'hotel', 'place');
    const scope = fc.oneof(
      fc.constant(null),
      fc.constantFrom(...target.ids.cityIds).map((id) => ['city', id] as const),
      fc.constantFrom(...target.ids.placeIds).map((id) => ['place', id] as const),
      fc.constantFrom(...target.ids.hotelIds).map((id) => ['hotel', id] as const),
    );
    await fc.assert(
      fc.asyncProperty(scope, async (chosen) => {
        const query = chosen ? `?destination_type=${chosen[0]}&destination_id=${chosen[1]}` : '';
        const reply = await send('filters', 'valid', `${p}/hotels/filters${query}`);
        expect(reply.status).toBe(200);
      }),
      options(150),
    );
    const badId = fc.oneof(
      fc.constantFrom('0', '-1', '1.5', 'abc', '', '012', '9007199254740993', '1e3', ' 1'),
      fc.string({ maxLength: 10 }).filter((id) => !/^[1-9][0-9]{0,14}$/.test(id)),
    );
    const badType = fc.oneof(
      fc.constantFrom('', 'City', 'country', 'HOTEL'),
      fc.string({ maxLength: 10 }).filter((t) => !['city', 'hotel', 'place'].includes(t)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.tuple(type, badId).map(([t, id]) => ({
            query: { destination_type: t, destination_id: id },
            field: 'destination_id',
          })),
          fc.tuple(badType, positiveId).map(([t, id]) => ({
            query: { destination_type: t, destination_id: String(id) },
            field: 'destination_type',
          })),
          type.map((t) => ({ query: { destination_type: t }, field: 'destination_id' })),
          positiveId.map((id) => ({
            query: { destination_id: String(id) },
            field: 'destination_id',
          })),
        ),
        async ({ query, field }) => {
          const reply = await withoutUpstream(() =>
            send(
              'filters',
              'invalid',
              `${p}/hotels/filters?${new URLSearchParams(query).toString()}`,
            ),
          );
          expectInvalid(reply, [field]);
        },
      ),
      options(300),
    );
  });

  it('price polling: a real search_id with valid refresh_ids/since is 200, an unknown one 404; bad values are named', async () => {
    const searchIds: string[] = [];
    for (const id of target.ids.cityIds.slice(0, 3)) {
      const reply = await send(
        'search',
        'valid',
        `${p}/hotels/search`,
        post({
          destination: { type: 'city', id },
          check_in: target.today,
          check_out: addDays(target.today, 2),
          rooms: [{ adults: 2 }],
        }),
      );
      searchIds.push((reply.json.data as { search_id: string }).search_id);
    }
    const refreshIds = fc.array(fc.oneof(fc.constantFrom(...target.ids.hotelIds), positiveId), {
      maxLength: 100,
    });
    const since = fc.oneof(
      fc.integer({ min: 0, max: 999_999_999 }).map(String),
      fc.constantFrom('0', '9999999999'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...searchIds), opaqueId),
        fc.option(refreshIds, { nil: undefined }),
        fc.option(since, { nil: undefined }),
        async (searchId, ids, version) => {
          const query = new URLSearchParams();
          if (ids !== undefined) query.set('refresh_ids', ids.join(','));
          if (version !== undefined) query.set('since', version);
          const reply = await send(
            'prices',
            'valid',
            `${p}/hotels/search/${searchId}/prices?${query.toString()}`,
          );
          if (searchIds.includes(searchId)) expect(reply.status).toBe(200);
          else expect(reply.json.error?.code).toBe('SEARCH_NOT_FOUND');
        },
      ),
      options(300),
    );
    const badRefresh = fc.oneof(
      fc.constantFrom('0', 'a', '1,,2', '1,', ',1', '1, 2', '-1', '1.5', '12345678901234567', ' '),
      fc.constant(Array.from({ length: 101 }, (_, i) => i + 1).join(',')),
      fc
        .string({ maxLength: 20 })
        .filter((r) => r !== '' && !/^([1-9][0-9]{0,15})(,[1-9][0-9]{0,15})*$/.test(r)),
    );
    const badSince = fc.oneof(
      fc.constantFrom('-1', '01', 'x', '1.0', '12345678901', '', ' 1'),
      fc.string({ maxLength: 12 }).filter((s) => !/^(0|[1-9][0-9]{0,9})$/.test(s)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc
          .record({
            searchId: fc.option(
              badOpaqueId.filter((id): id is string => typeof id === 'string' && id.length > 0),
              { nil: undefined },
            ),
            refresh: fc.option(badRefresh, { nil: undefined }),
            since: fc.option(badSince, { nil: undefined }),
          })
          .filter(
            (r) => r.searchId !== undefined || r.refresh !== undefined || r.since !== undefined,
          ),
        fc.constantFrom(...searchIds),
        async ({ searchId, refresh, since: version }, good) => {
          const query = new URLSearchParams();
          if (refresh !== undefined) query.set('refresh_ids', refresh);
          if (version !== undefined) query.set('since', version);
          const path = `${p}/hotels/search/${encodeURIComponent(searchId ?? good)}/prices?${query.toString()}`;
          const reply = await withoutUpstream(() => send('prices', 'invalid', path));
          // A search_id that decodes to a '/' or is dot-only is another route (a JSON 404).
          if (reply.status === 404) {
            expect(searchId === undefined ? '' : searchId).toMatch(/\/|^\.+$|%2f/i);
            return;
          }
          const fields = [
            ...(searchId === undefined ? [] : ['search_id']),
            ...(refresh === undefined ? [] : ['refresh_ids']),
            ...(version === undefined ? [] : ['since']),
          ];
          expectInvalid(reply, fields);
        },
      ),
      options(400),
    );
  });

  it('content: known hotels are 200, unknown ids 404 HOTEL_NOT_FOUND, malformed ids a 400 naming hotel_id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...target.ids.hotelIds), positiveId),
        async (id) => {
          const reply = await send('content', 'valid', `${p}/hotels/${id}/content`);
          if (target.ids.hotelIds.includes(id)) expect(reply.status).toBe(200);
          else expect(reply.json.error?.code).toBe('HOTEL_NOT_FOUND');
        },
      ),
      options(250),
    );
    const badSegment = fc.oneof(
      fc.constantFrom(
        '0',
        '-1',
        '1.5',
        'abc',
        '012',
        '1e3',
        '9007199254740993',
        '%20',
        'null',
        '१२३',
      ),
      fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/^[1-9][0-9]{0,15}$/.test(s)),
    );
    await fc.assert(
      fc.asyncProperty(badSegment, async (segment) => {
        const encoded = encodeURIComponent(segment);
        const reply = await withoutUpstream(() =>
          send('content', 'invalid', `${p}/hotels/${encoded}/content`),
        );
        if (reply.status === 404) {
          // Only a segment that is not one (dots) or holds a slash reaches another route.
          expect(segment).toMatch(/\/|^\.+$/);
          expect(reply.json.error?.code).toBe('NOT_FOUND');
          return;
        }
        expectInvalid(reply, ['hotel_id']);
      }),
      options(400),
    );
  });

  it('any X-Request-Id and language header: a valid id is echoed, anything else replaced; the language resolves to a supported one', async () => {
    const endpoints = [
      `${p}/master-data/nationalities`,
      `${p}/hotels/filters`,
      `${p}/destinations/autocomplete?query=paris`,
      `${p}/hotels/${target.ids.hotelIds[0] ?? 1}/content`,
      `${p}/hotels/filters?destination_type=nope`,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        headerValue,
        headerValue,
        async (path, requestId, language) => {
          const reply = await send('headers', 'valid', path, {
            headers: { 'X-Request-Id': requestId, language },
          });
          const sent = requestId.trim();
          const answered = reply.headers.get('x-request-id');
          if (REQUEST_ID_PATTERN.test(sent)) expect(answered).toBe(sent);
          else expect(answered).toMatch(/^[0-9a-f-]{36}$/);
          if (reply.status < 400) {
            expect(SUPPORTED_LANGUAGES).toContain(reply.headers.get('content-language'));
          }
        },
      ),
      options(400),
    );
  });

  if (p === '/api') {
    it('booking look-up and cancel: valid input is the uniform 404 (no such booking); broken input names each field', async () => {
      for (const action of ['lookup', 'cancel'] as const) {
        await fc.assert(
          fc.asyncProperty(lookupBody, async (body) => {
            const reply = await send(action, 'valid', `${p}/bookings/${action}`, post(body));
            expect(reply.status).toBe(404);
            expect(reply.json.error?.code).toBe('BOOKING_NOT_FOUND');
            expect(reply.json.error?.details).toEqual([]);
          }),
          options(150),
        );
        await fc.assert(
          fc.asyncProperty(lookupBody, lookupBreakages(), async (body, breakages) => {
            const reply = await withoutUpstream(() =>
              send(action, 'invalid', `${p}/bookings/${action}`, post(broken(body, breakages))),
            );
            expectFieldsNamed(reply, breakages, ['VALIDATION_FAILED']);
          }),
          options(300),
        );
      }
    });
  }

  return { tried };
}
