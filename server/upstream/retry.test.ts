import { describe, expect, it } from 'vitest';
import { backoffDelayMs, DEFAULT_RETRY, isRetryable } from './retry.ts';

describe('backoff', () => {
  const settings = { maxAttempts: 5, baseDelayMs: 200, maxDelayMs: 2_000 };

  it('counts retries from 1: the first waits the base, jittered (the curve: src/contract/retry.test.ts)', () => {
    expect([1, 2, 5].map((n) => backoffDelayMs(n, settings, () => 0, null))).toEqual([
      100, 200, 1_000,
    ]);
  });

  it('never waits less than Retry-After', () => {
    expect(backoffDelayMs(1, settings, () => 0.5, 3_000)).toBe(3_000);
    expect(backoffDelayMs(3, settings, () => 1, 100)).toBe(800);
  });

  it('has sensible defaults: 3 attempts, 200 ms first', () => {
    expect(DEFAULT_RETRY).toEqual({ maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 2_000 });
  });
});

describe('what is retried', () => {
  const response = (status: number, code: string | null = null) =>
    ({ kind: 'response', status, code }) as const;

  it('retries 429, 500, 502, 503, 504 and network errors for safe and idempotent calls', () => {
    for (const policy of ['safe', 'idempotent'] as const) {
      for (const status of [429, 500, 502, 503, 504]) {
        expect(isRetryable(policy, response(status))).toBe(true);
      }
      expect(isRetryable(policy, { kind: 'network' })).toBe(true);
      for (const status of [400, 401, 404, 409, 410, 413, 422, 501]) {
        expect(isRetryable(policy, response(status)), `${policy} ${status}`).toBe(false);
      }
    }
  });

  it('retries 409 IDEMPOTENCY_IN_PROGRESS only for the idempotent book', () => {
    expect(isRetryable('idempotent', response(409, 'IDEMPOTENCY_IN_PROGRESS'))).toBe(true);
    expect(isRetryable('idempotent', response(409, 'RATE_UNAVAILABLE'))).toBe(false);
    expect(isRetryable('safe', response(409, 'IDEMPOTENCY_IN_PROGRESS'))).toBe(false);
  });

  it('never retries prebook on its own', () => {
    for (const status of [429, 500, 502, 503, 504]) {
      expect(isRetryable('never', response(status))).toBe(false);
    }
    expect(isRetryable('never', { kind: 'network' })).toBe(false);
  });
});
