// A sandbox on a manual clock for tests: requests through app.request() (no socket),
// waits that advance the clock instead of sleeping, and helpers that parse every answer
// with the contract's schemas (so each test also checks the contract's shapes).
import * as z from 'zod/mini';
import {
  ErrorEnvelopeSchema,
  PricesResponseDataSchema,
  SearchResponseDataSchema,
  SparseSearchResponseDataSchema,
  successEnvelopeSchema,
  type ErrorEnvelope,
  type PricesResponseData,
  type SearchResponseData,
  type SparseSearchResponseData,
} from '../../../src/contract/index.ts';
import { TEST_NOW } from '../../../src/contract/testing/clock.ts';
import {
  createSandbox,
  NO_FAULTS,
  SANDBOX_DEMO_KEY,
  type Sandbox,
  type SandboxOptions,
} from '../app.ts';

export const OTHER_KEY = 'sandbox-test-org-two';
export const JSON_HEADERS = { 'x-api-key': SANDBOX_DEMO_KEY, 'content-type': 'application/json' };

export interface ErrorAnswer {
  status: number;
  envelope: ErrorEnvelope;
  headers: Headers;
}

/**
 * The sandbox the tests and benches start from: the usual seed, one organization, in
 * memory, no faults, standing at TEST_NOW; `overrides` replace any of it.
 */
export function createTestSandbox(overrides: Partial<SandboxOptions> = {}): Sandbox {
  return createSandbox({
    seed: 'staylane',
    now: () => TEST_NOW,
    apiKeys: [SANDBOX_DEMO_KEY],
    dbPath: ':memory:',
    faults: NO_FAULTS,
    publicBaseUrl: '',
    ...overrides,
  });
}

/** A sandbox whose clock moves only when it sleeps: its waits cost nothing and runs repeat. */
export function createSteppedSandbox(
  clock: { now: number },
  overrides: Partial<SandboxOptions> = {},
): Sandbox {
  return createTestSandbox({
    now: () => clock.now,
    sleep: (ms) => {
      clock.now += ms;
      return Promise.resolve();
    },
    ...overrides,
  });
}

export function createHarness(overrides: Partial<SandboxOptions> = {}) {
  const clock = { now: TEST_NOW };
  const sandbox = createSteppedSandbox(clock, {
    apiKeys: [SANDBOX_DEMO_KEY, OTHER_KEY],
    publicBaseUrl: 'http://sandbox.test',
    ...overrides,
  });

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
    sandbox.app.request(path, {
      method: 'POST',
      headers: { ...JSON_HEADERS, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const get = async (path: string, headers: Record<string, string> = {}) =>
    sandbox.app.request(path, { headers: { 'x-api-key': SANDBOX_DEMO_KEY, ...headers } });

  async function ok<T extends z.ZodMiniType>(response: Response, data: T): Promise<z.output<T>> {
    const json: unknown = await response.json();
    if (response.status !== 200) {
      throw new Error(`expected 200, got ${response.status}: ${JSON.stringify(json)}`);
    }
    const envelope = successEnvelopeSchema(z.unknown()).parse(json);
    return data.parse(envelope.data);
  }

  async function failed(response: Response): Promise<ErrorAnswer> {
    const json: unknown = await response.json();
    return {
      status: response.status,
      envelope: ErrorEnvelopeSchema.parse(json),
      headers: response.headers,
    };
  }

  return {
    sandbox,
    inventory: sandbox.context.inventory,
    clock,
    advance(ms: number) {
      clock.now += ms;
    },
    post,
    get,
    ok,
    failed,
    async search(body: unknown, headers?: Record<string, string>): Promise<SearchResponseData> {
      return ok(await post('/hotels/search', body, headers), SearchResponseDataSchema);
    },
    async searchSparse(body: unknown): Promise<SparseSearchResponseData> {
      return ok(await post('/hotels/search', body), SparseSearchResponseDataSchema);
    },
    async searchError(body: unknown, headers?: Record<string, string>): Promise<ErrorAnswer> {
      return failed(await post('/hotels/search', body, headers));
    },
    async prices(
      searchId: string,
      query = '',
      headers?: Record<string, string>,
    ): Promise<PricesResponseData> {
      const path = `/hotels/search/${searchId}/prices${query ? `?${query}` : ''}`;
      return ok(await get(path, headers), PricesResponseDataSchema);
    },
  };
}

/** A date `days` after 2026-12-01 (YYYY-MM-DD). */
export function december(days: number): string {
  return new Date(Date.parse('2026-12-01T00:00:00Z') + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
}
