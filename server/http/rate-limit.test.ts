import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientCap, createRateLimiter, DEFAULT_RATE_LIMITS } from './rate-limit.ts';

// The library counts in windows of wall-clock time: tests move Date on by hand.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-22T10:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const limiter = (options: Partial<Parameters<typeof createRateLimiter>[0]> = {}) =>
  createRateLimiter({ clientOf: () => ({ client: 'unused' }), ...options });

async function statuses(
  take: () => Promise<number | null>,
  times: number,
): Promise<(number | null)[]> {
  const seen = [];
  for (let i = 0; i < times; i++) seen.push(await take());
  return seen;
}

describe('budgets', () => {
  it('look-ups: 5 per 5 minutes, then blocked for 15 minutes from the refusal', async () => {
    const limits = limiter();
    const take = () => limits.check('lookup', { client: '198.51.100.1' });
    expect((await statuses(take, 5)).every((wait) => wait === null)).toBe(true);
    expect(await take()).toBe(900_000);
    vi.advanceTimersByTime(600_000); // past the 5-minute window, still inside the block
    expect(await take()).toBeGreaterThan(0);
    vi.advanceTimersByTime(300_001);
    expect(await take()).toBeNull();
  });

  it('search: 60 a minute; the refusal says when the window ends', async () => {
    const limits = limiter();
    const take = () => limits.check('search', { client: '198.51.100.1' });
    expect((await statuses(take, 60)).filter((wait) => wait === null)).toHaveLength(60);
    vi.advanceTimersByTime(20_000);
    expect(await take()).toBe(40_000);
    vi.advanceTimersByTime(40_000);
    expect(await take()).toBeNull();
  });

  it('an IPv6 /56 has a budget of its own for the tight classes: hopping /64s buys little', async () => {
    const limits = limiter();
    const lookups: (number | null)[] = [];
    // 6 subnets of one /56, 5 look-ups each: the aggregate's 25 run out first.
    for (let subnet = 0; subnet < 6; subnet++) {
      for (let i = 0; i < 5; i++) {
        lookups.push(
          await limits.check('lookup', {
            client: `2001:db8:0:${subnet}::/64`,
            aggregate: '2001:db8:0:0::/56',
          }),
        );
      }
    }
    expect(lookups.filter((wait) => wait === null)).toHaveLength(25);
    expect(lookups.slice(25).every((wait) => wait !== null)).toBe(true);
    // Read-only classes have no aggregate: a household behind one /56 is not squeezed.
    const reads = await statuses(
      () => limits.check('read', { client: '2001:db8:0:7::/64', aggregate: '2001:db8:0:0::/56' }),
      DEFAULT_RATE_LIMITS.read.points,
    );
    expect(reads.every((wait) => wait === null)).toBe(true);
  });

  it('classes and clients count apart', async () => {
    const limits = limiter({ limits: { booking: { points: 1, durationS: 60 } } });
    expect(await limits.check('booking', { client: 'a' })).toBeNull();
    expect(await limits.check('booking', { client: 'a' })).not.toBeNull();
    expect(await limits.check('booking', { client: 'b' })).toBeNull();
    expect(await limits.check('search', { client: 'a' })).toBeNull();
  });
});

describe('bounded memory without fresh budgets', () => {
  it('at the cap, newcomers share one overflow budget; nobody tracked is forgotten early', async () => {
    const limits = limiter({ maxClients: 3, limits: { booking: { points: 2, durationS: 60 } } });
    const take = (client: string) => limits.check('booking', { client });
    for (const client of ['a', 'b', 'c']) expect(await take(client)).toBeNull();
    // d and e are not tracked: they share the overflow budget of 2.
    expect(await take('d')).toBeNull();
    expect(await take('e')).toBeNull();
    expect(await take('f')).not.toBeNull();
    // a, b and c still have their own budgets, half spent.
    for (const client of ['a', 'b', 'c']) expect(await take(client)).toBeNull();
    for (const client of ['a', 'b', 'c']) expect(await take(client)).not.toBeNull();
    // Once their windows end, the tracked clients make room for newcomers.
    vi.advanceTimersByTime(60_001);
    expect(await take('g')).toBeNull();
    expect(await take('g')).toBeNull();
    expect(await take('g')).not.toBeNull();
  });

  it('ClientCap keeps a key until its window ends, then frees its place', () => {
    const cap = new ClientCap(2);
    const now = 1_000_000;
    expect(cap.admit('a', now)).toBe('a');
    cap.remember('a', 60_000, now);
    cap.remember('b', 120_000, now);
    expect(cap.admit('c', now)).toBe('overflow');
    expect(cap.admit('a', now + 59_999)).toBe('a');
    expect(cap.admit('c', now + 60_000)).toBe('c');
    expect(cap.size).toBe(1);
  });

  it('ClientCap at the cap frees every ended window, even those behind a longer block', () => {
    const cap = new ClientCap(3);
    const now = 1_000_000;
    cap.remember('blocked', 900_000, now); // a prober's 15-minute block, seen first
    cap.remember('a', 300_000, now);
    cap.remember('b', 300_000, now);
    expect(cap.admit('c', now + 300_000)).toBe('c');
    expect(cap.size).toBe(1);
  });

  it('200,000 distinct clients: the prober stays limited, and the memory held stays small', async () => {
    vi.useRealTimers();
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'server/test-support/rate-limit-flood.ts', '200000'],
      { timeout: 120_000 },
    );
    const result = JSON.parse(stdout) as {
      rss_growth_mb: number;
      peak_growth_mb: number;
      prober_after_flood: number;
      newcomer_after_flood: number;
    };
    console.info(`rate-limit flood of 200,000 clients × 4 classes: ${stdout.trim()}`);
    expect(result.prober_after_flood).toBe(429);
    // A newcomer after the flood shares the spent overflow budget: no fresh one.
    expect(result.newcomer_after_flood).toBe(429);
    expect(result.rss_growth_mb).toBeLessThan(150);
  }, 150_000);
});
