import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError, apiFetch, retryDelayMs, setApiLanguage } from './api-client.ts';

const Data = z.object({ n: z.number() });
const THINGS = { method: 'GET', path: '/things', data: Data } as const;
const THING = { method: 'POST', path: '/things/:thing_id/parts', data: Data } as const;
/** A route whose answer's schema cannot be fetched (a chunk lost to the network). */
const UNFETCHABLE = {
  method: 'GET',
  path: '/things',
  answer: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
} as const;

function stubFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: Request[] = [];
  vi.stubGlobal('fetch', (input: URL, init: RequestInit) => {
    calls.push(new Request(input, init));
    return Promise.resolve(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
      }),
    );
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('calls /api with language and a request id, and returns the parsed data', async () => {
    setApiLanguage('fr');
    const calls = stubFetch(200, { success: true, message: 'ok', data: { n: 3 } });
    await expect(apiFetch(THINGS, { query: { a: 'x', b: undefined } })).resolves.toEqual({
      n: 3,
    });
    const [call] = calls;
    expect(call!.method).toBe('GET');
    expect(new URL(call!.url).pathname).toBe('/api/things');
    expect(new URL(call!.url).search).toBe('?a=x');
    expect(call!.headers.get('language')).toBe('fr');
    expect(call!.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    setApiLanguage('en');
  });

  it('fills the route’s parameters, each one encoded, and sends with the route’s method', async () => {
    const calls = stubFetch(200, { success: true, message: 'ok', data: { n: 1 } });
    await apiFetch(THING, { params: { thing_id: 'a/b c' }, body: { x: 1 } });
    expect(calls[0]!.method).toBe('POST');
    expect(new URL(calls[0]!.url).pathname).toBe('/api/things/a%2Fb%20c/parts');
    await expect(apiFetch(THING, {})).rejects.toThrow(':thing_id');
  });

  it('sends a call at once and reads its answer with the schema that arrives meanwhile', async () => {
    const calls = stubFetch(200, { success: true, message: 'ok', data: { n: 2, extra: true } });
    let arrive: (schema: typeof Data) => void = () => undefined;
    const answered = apiFetch({
      method: 'GET',
      path: '/things',
      answer: () => new Promise<typeof Data>((resolve) => (arrive = resolve)),
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    arrive(Data);
    await expect(answered).resolves.toEqual({ n: 2 });
  });

  it('fails as a network error when the schema of the answer cannot be fetched', async () => {
    stubFetch(200, { success: true, message: 'ok', data: { n: 2 } });
    await expect(apiFetch(UNFETCHABLE)).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('reads an error answer without the schema of a successful one', async () => {
    stubFetch(429, {
      success: false,
      message: 'Too many requests',
      error: { code: 'RATE_LIMITED', details: [], request_id: 'r-2' },
    });
    await expect(apiFetch(UNFETCHABLE)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
    });
  });

  it('throws a typed error with status, code, details and the request id', async () => {
    stubFetch(400, {
      success: false,
      message: 'check_out must be after check_in',
      error: {
        code: 'VALIDATION_FAILED',
        details: [{ field: 'check_out', message: 'must be after check_in' }],
        request_id: 'r-1',
      },
    });
    const error = await apiFetch(THINGS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      requestId: 'r-1',
      retryable: false,
    });
    expect((error as ApiError).details).toEqual([
      { field: 'check_out', message: 'must be after check_in' },
    ]);
  });

  it('reads Retry-After on 429 and marks it retryable', async () => {
    stubFetch(
      429,
      { success: false, message: 'slow down', error: { code: 'RATE_LIMITED', details: [] } },
      { 'Retry-After': '2' },
    );
    const error = (await apiFetch(THINGS).catch((e: unknown) => e)) as ApiError;
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBe(2000);
    expect(retryDelayMs(0, error)).toBe(2000);
  });

  it('turns a success body that breaks the contract into BAD_RESPONSE, not undefined later', async () => {
    stubFetch(200, { success: true, message: 'ok', data: { n: 'three' } });
    await expect(apiFetch(THINGS)).rejects.toMatchObject({ code: 'BAD_RESPONSE', status: 200 });
    stubFetch(502, '<html>bad gateway</html>');
    await expect(apiFetch(THINGS)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      status: 502,
      retryable: true,
    });
  });

  it('reports a network failure as a retryable NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiFetch(THINGS)).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      status: 0,
      retryable: true,
    });
  });

  it('grows the retry delay with the attempt number, within a cap', () => {
    const delays = [0, 1, 2, 3, 10].map((attempt) => retryDelayMs(attempt, new Error('x')));
    expect(delays[0]).toBeGreaterThanOrEqual(250);
    expect(delays[0]).toBeLessThanOrEqual(500);
    expect(delays[3]).toBeGreaterThanOrEqual(2000);
    expect(delays[4]).toBeLessThanOrEqual(8000);
  });
});
