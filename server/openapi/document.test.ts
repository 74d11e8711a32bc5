// The OpenAPI document against the app it describes: the same routes both ways, valid
// examples, the headers and answers a client must know of, and how it is served.
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/contract/index.ts';
import { SANDBOX_DEMO_KEY } from '../sandbox/app.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { openApiDocument, openApiPath } from './document.ts';
import { API_OPERATIONS } from './operations.ts';

type Operation = {
  operationId: string;
  parameters: ({ name: string; in: string; required: boolean } | { $ref: string })[];
  requestBody?: { content: { 'application/json': { schema: unknown } } };
  responses: Record<string, { headers?: Record<string, unknown> }>;
};

const document = openApiDocument('1.2.3');
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    key: `${method.toUpperCase()} ${path}`,
    operation: operation as Operation,
  })),
);

/** The routes the app answers under /api: method and path, as the document writes them. */
function appRoutes(): string[] {
  const { app } = createTestApp({ mode: 'sandbox' });
  return [
    ...new Set(
      app.routes
        .filter(
          ({ method, path }) =>
            ['GET', 'POST'].includes(method) && path.startsWith('/api/') && !path.includes('*'),
        )
        .map(({ method, path }) => `${method} ${openApiPath(path.slice('/api'.length))}`),
    ),
  ].sort();
}

describe('the OpenAPI document of /api', () => {
  it('names every route the app has, and no route it does not have', () => {
    const documented = operations.map(({ key }) => key).sort();
    // The document itself is a route of the app, and not an operation of the API.
    expect(documented).toEqual(appRoutes().filter((route) => route !== 'GET /openapi.json'));
    expect(appRoutes()).toContain('GET /openapi.json');
  });

  it('is OpenAPI 3.1 with one unique id per operation', () => {
    expect(document.openapi).toBe('3.1.0');
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carries only valid examples: each request example parses with its schema', () => {
    const withExamples = API_OPERATIONS.filter((operation) => operation.body);
    expect(withExamples.length).toBeGreaterThan(5);
    for (const operation of withExamples) {
      const parsed = operation.body!.safeParse(operation.bodyExample);
      expect(parsed.success, `${operation.operationId}: ${JSON.stringify(parsed.error)}`).toBe(
        true,
      );
    }
  });

  it('says what a client must send and what it gets back', () => {
    const byKey = new Map(operations.map(({ key, operation }) => [key, operation]));
    const book = byKey.get('POST /hotels/book')!;
    expect(book.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
    );
    expect(Object.keys(book.responses)).toEqual(
      expect.arrayContaining(['201', '400', '409', '410', '422', '429', '500', '502']),
    );
    const held = byKey.get('GET /bookings/{reference}')!;
    expect(held.parameters).toContainEqual(
      expect.objectContaining({ name: 'Booking-Access-Token', in: 'header', required: true }),
    );
    expect(held.parameters).toContainEqual(
      expect.objectContaining({ name: 'reference', in: 'path', required: true }),
    );
    const prices = byKey.get('GET /hotels/search/{search_id}/prices')!;
    expect(prices.parameters).toContainEqual(
      expect.objectContaining({ name: 'since', in: 'query' }),
    );
    for (const { key, operation } of operations) {
      // Every answer names its request id; every rate-limited route its 429 and Retry-After.
      for (const response of Object.values(operation.responses)) {
        expect(response.headers, key).toHaveProperty('X-Request-Id');
      }
      expect(operation.parameters, key).toContainEqual({
        $ref: '#/components/parameters/Language',
      });
      const limited = API_OPERATIONS.find(
        (candidate) => `${candidate.method} ${openApiPath(candidate.path)}` === key,
      )!.rateLimit;
      if (limited) expect(operation.responses['429']?.headers, key).toHaveProperty('Retry-After');
      else expect(operation.responses, key).not.toHaveProperty('429');
    }
  });

  it('answers each error code at the status the code goes with', () => {
    for (const operation of API_OPERATIONS) {
      const responses = document.paths[openApiPath(operation.path)]![
        operation.method.toLowerCase()
      ] as Operation;
      for (const code of operation.errors) {
        expect(responses.responses, `${operation.operationId} ${code}`).toHaveProperty(
          String(ERROR_STATUS[code]),
        );
      }
    }
  });
});

describe('GET /api/openapi.json', () => {
  it('serves the document with an ETag, revalidated rather than never stored', async () => {
    const { app } = createTestApp({ mode: 'sandbox', version: '1.2.3' });
    const response = await app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(openApiDocument('1.2.3'));
    expect(text).not.toContain(SANDBOX_DEMO_KEY);

    const again = await app.request('/api/openapi.json', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(await again.text()).toBe('');

    // Every other answer of /api stays out of caches.
    const health = await app.request('/api/health');
    expect(health.headers.get('cache-control')).toBe('no-store');
  });
});
