import { describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_KEY } from '../app.ts';
import { createHarness, december, OTHER_KEY } from '../test-support/harness.ts';

const h = createHarness();
const search = {
  destination: { type: 'city', id: 2988507 },
  check_in: december(9),
  check_out: december(12),
  rooms: [{ adults: 2 }],
};

describe('sandbox conventions: keys', () => {
  it('answers 401 UNAUTHORIZED without a key or with an unknown one, on every endpoint', async () => {
    const variants: Record<string, string>[] = [{}, { 'x-api-key': 'not-a-key-of-ours' }];
    for (const headers of variants) {
      for (const path of [
        '/destinations/autocomplete?query=paris',
        '/master-data/nationalities',
        '/hotels/filters',
        '/hotels/search/abcdefghijklmnopqrstuv/prices',
        '/no/such/path',
      ]) {
        const response = await h.sandbox.app.request(path, { headers });
        const answer = await h.failed(response);
        expect(answer.status, path).toBe(401);
        expect(answer.envelope.error.code).toBe('UNAUTHORIZED');
      }
      const response = await h.sandbox.app.request('/hotels/search', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(search),
      });
      expect(response.status).toBe(401);
    }
  });

  it('accepts every configured key (each is an organization)', async () => {
    const mine = await h.get('/master-data/nationalities');
    const theirs = await h.get('/master-data/nationalities', { 'x-api-key': OTHER_KEY });
    expect([mine.status, theirs.status]).toEqual([200, 200]);
  });
});

describe('sandbox conventions: request ids and language', () => {
  it('echoes a valid X-Request-Id and makes one otherwise, on successes and errors', async () => {
    const echoed = await h.get('/master-data/nationalities', { 'x-request-id': 'trace-42.a_b' });
    expect(echoed.headers.get('x-request-id')).toBe('trace-42.a_b');
    const invalid = await h.get('/master-data/nationalities', { 'x-request-id': 'bad id!' });
    expect(invalid.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
    expect(invalid.headers.get('x-request-id')).not.toBe('bad id!');
    const unauthorized = await h.sandbox.app.request('/hotels/filters', {
      headers: { 'x-request-id': 'trace-401' },
    });
    expect(unauthorized.headers.get('x-request-id')).toBe('trace-401');
    const missing = await h.get('/no/such/path', { 'x-request-id': 'trace-404' });
    const answer = await h.failed(missing);
    expect(answer.status).toBe(404);
    expect(answer.envelope.error.code).toBe('NOT_FOUND');
    expect(answer.envelope.error.request_id).toBe('trace-404');
  });

  it('says which language it used in Content-Language, English for unsupported ones', async () => {
    const french = await h.get('/master-data/nationalities', { language: 'fr' });
    expect(french.headers.get('content-language')).toBe('fr');
    const regional = await h.get('/master-data/nationalities', { language: 'ja-JP' });
    expect(regional.headers.get('content-language')).toBe('ja');
    const klingon = await h.get('/master-data/nationalities', { language: 'tlh' });
    expect(klingon.headers.get('content-language')).toBe('en');
    const none = await h.get('/master-data/nationalities');
    expect(none.headers.get('content-language')).toBe('en');
  });

  it('localizes messages, errors included', async () => {
    const english = await h.failed(await h.get('/hotels/search/unknown-search-id-123/prices'));
    const german = await h.failed(
      await h.get('/hotels/search/unknown-search-id-123/prices', { language: 'de' }),
    );
    expect(english.envelope.message).toBe('Search not found; search again');
    expect(german.envelope.message).toBe('Suche nicht gefunden; bitte erneut suchen');
    const ok = await h.post('/hotels/search', search, { language: 'es' });
    const body = (await ok.json()) as { message: string };
    expect(body.message).toMatch(/^Se encontraron [\d.,\s]+ hoteles$/);
  });
});

describe('sandbox conventions: bodies', () => {
  it('answers 415 to a POST that is not JSON', async () => {
    const answer = await h.failed(
      await h.post('/hotels/search', 'destination=paris', { 'content-type': 'text/plain' }),
    );
    expect(answer.status).toBe(415);
    expect(answer.envelope.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 413 to a body over 64 KiB, with or without Content-Length', async () => {
    const big = JSON.stringify({ ...search, hotel_name: 'x'.repeat(70_000) });
    const declared = await h.failed(await h.post('/hotels/search', big));
    expect(declared.status).toBe(413);
    expect(declared.envelope.error.code).toBe('PAYLOAD_TOO_LARGE');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    // A streamed body has no Content-Length: the limit is enforced while reading.
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: { 'x-api-key': SANDBOX_DEMO_KEY, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    };
    const chunked = await h.sandbox.app.request('/hotels/search', init);
    expect(chunked.status).toBe(413);
  });

  it('answers 400 INVALID_JSON to malformed or empty JSON, never 500', async () => {
    for (const body of ['{"destination":', '', '\u0000', '{"a":1}}']) {
      const answer = await h.failed(await h.post('/hotels/search', body));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.envelope.error.code).toBe('INVALID_JSON');
    }
  });

  it('answers 400 VALIDATION_FAILED naming the body for JSON that is not an object', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const answer = await h.failed(await h.post('/hotels/search', body));
      expect(answer.status).toBe(400);
      expect(answer.envelope.error.code).toBe('VALIDATION_FAILED');
      expect(answer.envelope.error.details.map((d) => d.field)).toEqual(['(body)']);
    }
  });
});

describe('sandbox conventions: faults on demand', () => {
  it('answers 429 with Retry-After, or 500, when the X-Sandbox-Fault header asks', async () => {
    const limited = await h.failed(
      await h.get('/master-data/nationalities', { 'x-sandbox-fault': '429' }),
    );
    expect(limited.status).toBe(429);
    expect(limited.envelope.error.code).toBe('RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toBe('1');
    const broken = await h.failed(
      await h.post('/hotels/search', search, { 'x-sandbox-fault': '500' }),
    );
    expect(broken.status).toBe(500);
    expect(broken.envelope.error.code).toBe('INTERNAL');
  });

  it('delays a slow fault by slow_ms and still answers', async () => {
    const slow = createHarness({ faults: { rate429: 0, rate500: 0, rateSlow: 0, slowMs: 2500 } });
    const before = slow.clock.now;
    const response = await slow.get('/master-data/nationalities', { 'x-sandbox-fault': 'slow' });
    expect(response.status).toBe(200);
    expect(slow.clock.now - before).toBe(2500);
  });

  it('refuses an unknown fault name with 400 naming the header', async () => {
    const answer = await h.failed(await h.get('/hotels/filters', { 'x-sandbox-fault': 'teapot' }));
    expect(answer.status).toBe(400);
    expect(answer.envelope.error.details[0]?.field).toBe('X-Sandbox-Fault');
  });

  it('draws SANDBOX_FAULTS rates from the seed: the same requests fail the same way', async () => {
    const statuses = async () => {
      const faulty = createHarness({
        faults: { rate429: 0.2, rate500: 0.1, rateSlow: 0, slowMs: 0 },
      });
      const result: number[] = [];
      for (let i = 0; i < 200; i++) result.push((await faulty.get('/hotels/filters')).status);
      return result;
    };
    const first = await statuses();
    expect(await statuses()).toEqual(first);
    const share = (status: number) => first.filter((s) => s === status).length / first.length;
    expect(share(429)).toBeGreaterThan(0.12);
    expect(share(429)).toBeLessThan(0.28);
    expect(share(500)).toBeGreaterThan(0.04);
    expect(share(500)).toBeLessThan(0.17);
    expect(share(200)).toBeGreaterThan(0.6);
  });

  it('never fails image requests with faults (browsers load them without headers)', async () => {
    const faulty = createHarness({ faults: { rate429: 1, rate500: 0, rateSlow: 0, slowMs: 0 } });
    const hotel = faulty.inventory.hotels.find((x) => x.supplierMask !== 0)!;
    const url = faulty.sandbox.context.images.hotel(hotel, 0).replace('http://sandbox.test', '');
    expect((await faulty.sandbox.app.request(url)).status).toBe(200);
    expect((await faulty.get('/hotels/filters')).status).toBe(429);
  });
});
