import { describe, expect, it } from 'vitest';
import { ANSWERED_AFTER_SERVER_RETRIES } from './testing/book-answers.ts';
import { TEST_NOW } from './testing/clock.ts';
import {
  equalJitterMs,
  isWorthResendingBook,
  isWorthRetrying,
  parseRetryAfterMs,
} from './retry.ts';

describe('equal jitter', () => {
  it('doubles per retry, jittered between half and all of it, capped', () => {
    expect([0, 1, 2, 3, 4].map((n) => equalJitterMs(n, 200, 2_000, () => 0))).toEqual([
      100, 200, 400, 800, 1_000,
    ]);
    expect([0, 1, 2, 3, 4].map((n) => equalJitterMs(n, 200, 2_000, () => 0.999_999))).toEqual([
      200, 400, 800, 1_600, 2_000,
    ]);
  });
});

describe('Retry-After', () => {
  const now = TEST_NOW;
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfterMs('2', now)).toBe(2_000);
    expect(parseRetryAfterMs(' 2 ', now)).toBe(2_000);
    expect(parseRetryAfterMs('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfterMs('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfterMs(null, now)).toBeNull();
    expect(parseRetryAfterMs('soon', now)).toBeNull();
    expect(parseRetryAfterMs('-1', now)).toBeNull();
    expect(parseRetryAfterMs('1.5', now)).toBeNull();
  });
});

describe('what is retried', () => {
  const response = (status: number, code: string | null = null) =>
    ({ kind: 'response', status, code }) as const;

  it('retries 429, 500, 502, 503, 504 and network errors for safe and idempotent calls', () => {
    for (const policy of ['safe', 'idempotent'] as const) {
      for (const status of [429, 500, 502, 503, 504]) {
        expect(isWorthRetrying(policy, response(status))).toBe(true);
      }
      expect(isWorthRetrying(policy, { kind: 'network' })).toBe(true);
      for (const status of [400, 401, 404, 409, 410, 413, 422, 501]) {
        expect(isWorthRetrying(policy, response(status)), `${policy} ${status}`).toBe(false);
      }
    }
  });

  it('retries 409 IDEMPOTENCY_IN_PROGRESS only for the idempotent book', () => {
    expect(isWorthRetrying('idempotent', response(409, 'IDEMPOTENCY_IN_PROGRESS'))).toBe(true);
    expect(isWorthRetrying('idempotent', response(409, 'RATE_UNAVAILABLE'))).toBe(false);
    expect(isWorthRetrying('safe', response(409, 'IDEMPOTENCY_IN_PROGRESS'))).toBe(false);
  });

  it('never retries prebook on its own', () => {
    for (const status of [429, 500, 502, 503, 504]) {
      expect(isWorthRetrying('never', response(status))).toBe(false);
    }
    expect(isWorthRetrying('never', { kind: 'network' })).toBe(false);
  });

  it('has the browser resend a booking only when the server did not take it in', () => {
    expect(isWorthResendingBook({ kind: 'network' })).toBe(true);
    expect(isWorthResendingBook(response(429, 'RATE_LIMITED'))).toBe(true);
    expect(isWorthResendingBook(response(503, 'NOT_READY'))).toBe(true);
    for (const [status, code] of [
      ...ANSWERED_AFTER_SERVER_RETRIES,
      [400, 'VALIDATION_FAILED'],
    ] as const) {
      expect(isWorthResendingBook(response(status, code)), code).toBe(false);
    }
  });
});
