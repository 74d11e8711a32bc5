import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './rate-limit.ts';

describe('token buckets', () => {
  it('allows the capacity at once, then refills at the rate, and says when to come back', () => {
    let now = 0;
    const buckets = new TokenBuckets({ capacity: 3, refillPerSecond: 0.5 }, 100, () => now);
    expect([1, 2, 3].map(() => buckets.take('a').allowed)).toEqual([true, true, true]);
    expect(buckets.take('a')).toEqual({ allowed: false, retryAfterS: 2 });
    now += 1_000;
    expect(buckets.take('a')).toEqual({ allowed: false, retryAfterS: 1 });
    now += 1_000;
    expect(buckets.take('a').allowed).toBe(true);
    // Refill never exceeds the capacity.
    now += 3_600_000;
    expect([1, 2, 3, 4].map(() => buckets.take('a').allowed)).toEqual([true, true, true, false]);
  });

  it('stays bounded: the least recently seen client is forgotten first', () => {
    const buckets = new TokenBuckets({ capacity: 1, refillPerSecond: 0.001 }, 3, () => 0);
    buckets.take('a');
    buckets.take('b');
    buckets.take('c');
    expect(buckets.take('a').allowed).toBe(false); // a is now the most recent
    buckets.take('d'); // evicts b
    expect(buckets.size).toBe(3);
    expect(buckets.take('b').allowed).toBe(true); // b was forgotten; evicts c
    expect(buckets.take('a').allowed).toBe(false);
  });
});
