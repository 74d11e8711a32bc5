import { describe, expect, it } from 'vitest';
import { backoffDelayMs, DEFAULT_RETRY } from './retry.ts';

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
