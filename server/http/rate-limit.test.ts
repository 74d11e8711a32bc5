import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_NOW } from '../../src/contract/testing/clock.ts';
import { clientKeysOf, type ClientKeys } from './client-address.ts';
import {
  ClientCap,
  createRateLimiter,
  DEFAULT_RATE_LIMITS,
  OVERFLOW_BUCKETS,
  overflowKeys,
} from './rate-limit.ts';

// The library counts in windows of wall-clock time: tests move Date on by hand.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

const limiter = (options: Partial<Parameters<typeof createRateLimiter>[0]> = {}) =>
  createRateLimiter({ clientOf: () => ({ client: 'unused', network: 'unused' }), ...options });

/** A client known only by a name (one network of its own). */
const named = (client: string): ClientKeys => ({ client, network: client });

/** The /64 number `n` of the /48 2001:db8:aa::/48, as an address in it. */
const inSite = (n: number) => `2001:db8:aa:${n.toString(16)}::1`;

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
    const take = () => limits.check('lookup', clientKeysOf('198.51.100.1'));
    expect((await statuses(take, 5)).every((wait) => wait === null)).toBe(true);
    expect(await take()).toBe(900_000);
    vi.advanceTimersByTime(600_000); // past the 5-minute window, still inside the block
    expect(await take()).toBeGreaterThan(0);
    vi.advanceTimersByTime(300_001);
    expect(await take()).toBeNull();
  });

  it('search: 60 a minute; the refusal says when the window ends', async () => {
    const limits = limiter();
    const take = () => limits.check('search', clientKeysOf('198.51.100.1'));
    expect((await statuses(take, 60)).filter((wait) => wait === null)).toHaveLength(60);
    vi.advanceTimersByTime(20_000);
    expect(await take()).toBe(40_000);
    vi.advanceTimersByTime(40_000);
    expect(await take()).toBeNull();
  });

  it('an IPv6 /56 has a budget of its own for the tight classes: hopping /64s buys little', async () => {
    const limits = limiter();
    const lookups: (number | null)[] = [];
    // 6 subnets of one /56, 5 look-ups each: the /56's 25 run out first.
    for (let subnet = 0; subnet < 6; subnet++) {
      for (let i = 0; i < 5; i++) {
        lookups.push(await limits.check('lookup', clientKeysOf(`2001:db8:0:${subnet}::1`)));
      }
    }
    expect(lookups.filter((wait) => wait === null)).toHaveLength(25);
    expect(lookups.slice(25).every((wait) => wait !== null)).toBe(true);
  });

  it('one IPv6 /48 gets at most 50 look-ups per 5 minutes, not 256 /56s × 25', async () => {
    const limits = limiter();
    let allowed = 0;
    // Every /56 of the /48 (the third group's high byte), five /64s each, five tries each.
    for (let net56 = 0; net56 < 256; net56++) {
      for (let subnet = 0; subnet < 5; subnet++) {
        const keys = clientKeysOf(inSite((net56 << 8) | subnet));
        for (let i = 0; i < 5; i++) if ((await limits.check('lookup', keys)) === null) allowed++;
      }
    }
    expect(allowed).toBe(DEFAULT_RATE_LIMITS.lookup.networks?.['/48']?.points);
    expect(allowed).toBe(50);
    // Another /48 is not touched.
    expect(await limits.check('lookup', clientKeysOf('2001:db8:bb::1'))).toBeNull();
  });

  it('search and read: a /56 and a /48 have budgets of their own too (300 /64s of one /56 no longer get 300 searches)', async () => {
    const limits = limiter();
    let searches = 0;
    for (let subnet = 0; subnet < 300; subnet++) {
      const keys = clientKeysOf(`2001:db8:cc:${(subnet & 0xff).toString(16)}::${subnet}`);
      if ((await limits.check('search', keys)) === null) searches++;
    }
    expect(searches).toBe(DEFAULT_RATE_LIMITS.search.networks?.['/56']?.points);
    let reads = 0;
    for (let subnet = 0; subnet < 5_000; subnet++) {
      if ((await limits.check('read', clientKeysOf(inSite(subnet)))) === null) reads++;
    }
    expect(reads).toBe(DEFAULT_RATE_LIMITS.read.networks?.['/48']?.points);
    // A household's four shoppers polling every 2 s are far inside their /56's budget.
    const household = [1, 2, 3, 4].map((n) => clientKeysOf(`2001:db8:dd:${n}::1`));
    const polls = await statuses(() => limits.check('read', household[0] ?? named('x')), 30);
    expect(polls.every((wait) => wait === null)).toBe(true);
  });

  it('a client over its own budget spends nothing of its neighbours’', async () => {
    const limits = limiter();
    const greedy = clientKeysOf('2001:db8:ee:1::1');
    await statuses(() => limits.check('lookup', greedy), 100);
    // The rest of its /56 still has its 25 - 5 look-ups.
    let allowed = 0;
    for (let subnet = 2; subnet < 10; subnet++) {
      for (let i = 0; i < 5; i++) {
        if ((await limits.check('lookup', clientKeysOf(`2001:db8:ee:${subnet}::1`))) === null)
          allowed++;
      }
    }
    expect(allowed).toBe(20);
  });

  it('classes and clients count apart', async () => {
    const limits = limiter({ limits: { booking: { points: 1, durationS: 60 } } });
    expect(await limits.check('booking', named('a'))).toBeNull();
    expect(await limits.check('booking', named('a'))).not.toBeNull();
    expect(await limits.check('booking', named('b'))).toBeNull();
    expect(await limits.check('search', named('a'))).toBeNull();
  });
});

describe('bounded memory without fresh budgets', () => {
  it('at the cap, newcomers share their network’s overflow budget; nobody tracked is forgotten early', async () => {
    const limits = limiter({ maxClients: 3, limits: { booking: { points: 2, durationS: 60 } } });
    const take = (client: string) => limits.check('booking', { client, network: 'one' });
    for (const client of ['a', 'b', 'c']) expect(await take(client)).toBeNull();
    // d and e are not tracked: they share their network's overflow budget of 2.
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

  it('a network that filled the table spends its own overflow budget, not other networks’', async () => {
    const secret = new Uint8Array(16);
    const bucketOf = overflowKeys(secret);
    const flooding = '198.51.0.0/16';
    // Shoppers from networks whose buckets differ from the flooding network's.
    const others = ['203.0.113.9', '192.0.2.44', '100.64.7.1', '172.16.5.5', '10.9.8.7']
      .map((address) => clientKeysOf(address))
      .filter((keys) => bucketOf(keys.network) !== bucketOf(flooding))
      .slice(0, 3);
    expect(others).toHaveLength(3);
    const limits = limiter({ maxClients: 3, overflowSecret: secret });
    for (let i = 0; i < 3 + 11; i++) {
      await limits.check('booking', clientKeysOf(`198.51.${i >> 8}.${i & 255}`));
    }
    // The flood's next newcomer is refused: its network's overflow is spent...
    expect(await limits.check('booking', clientKeysOf('198.51.200.1'))).not.toBeNull();
    // ...and each shopper from another network gets the whole budget of the class.
    for (const keys of others) {
      const answers = await statuses(() => limits.check('booking', keys), 10);
      expect(answers.every((wait) => wait === null)).toBe(true);
    }
  });

  it('overflow keys are a bounded set, spread by a keyed hash', () => {
    const a = overflowKeys(new Uint8Array(16));
    const b = overflowKeys(new Uint8Array(16).fill(1));
    const keys = new Set<string>();
    for (let i = 0; i < 5_000; i++) keys.add(a(`10.${i >> 8}.0.0/16-${i}`));
    expect(keys.size).toBeLessThanOrEqual(OVERFLOW_BUCKETS);
    expect(keys.size).toBeGreaterThan(OVERFLOW_BUCKETS * 0.9);
    // Another secret, other buckets: nobody outside the process can aim at a bucket.
    const moved = [...Array(100).keys()].filter((i) => a(`n${i}`) !== b(`n${i}`)).length;
    expect(moved).toBeGreaterThan(90);
  });

  it('counting in memory, a spent /48 takes no more places in the table', async () => {
    const limits = limiter({ maxClients: 100 });
    const allowed: (number | null)[] = [];
    // 50 /64s of the /48, each in a /56 of its own, spend its 50 look-ups; the next 200 /64s
    // are refused without a place.
    for (let n = 0; n < 250; n++) {
      allowed.push(await limits.check('lookup', clientKeysOf(inSite(n << 8))));
    }
    expect(allowed.filter((wait) => wait === null)).toHaveLength(50);
    // The table still has room for 50 newcomers from elsewhere, each with its own budget.
    for (let n = 0; n < 50; n++) {
      const keys = clientKeysOf(`203.0.${n}.1`);
      expect(await statuses(() => limits.check('lookup', keys), 5)).toEqual([
        null,
        null,
        null,
        null,
        null,
      ]);
    }
  });

  it('ClientCap keeps a key until its window ends, then frees its place', () => {
    const cap = new ClientCap(2, () => 'overflow:0');
    const now = 1_000_000;
    expect(cap.admit('a', 'n', now)).toBe('a');
    cap.remember('a', 60_000, now);
    cap.remember('b', 120_000, now);
    expect(cap.admit('c', 'n', now)).toBe('overflow:0');
    expect(cap.admit('a', 'n', now + 59_999)).toBe('a');
    expect(cap.admit('c', 'n', now + 60_000)).toBe('c');
    expect(cap.size).toBe(1);
  });

  it('ClientCap at the cap frees every ended window, even those behind a longer block', () => {
    const cap = new ClientCap(3);
    const now = 1_000_000;
    cap.remember('blocked', 900_000, now); // a prober's 15-minute block, seen first
    cap.remember('a', 300_000, now);
    cap.remember('b', 300_000, now);
    expect(cap.admit('c', 'n', now + 300_000)).toBe('c');
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
      other_network_after_flood: number;
    };
    console.info(`rate-limit flood of 200,000 clients × 5 classes: ${stdout.trim()}`);
    expect(result.prober_after_flood).toBe(429);
    // A newcomer from the flood's own network shares its spent overflow budget: no fresh one.
    expect(result.newcomer_after_flood).toBe(429);
    // A shopper from another network has its own.
    expect(result.other_network_after_flood).toBe(200);
    expect(result.rss_growth_mb).toBeLessThan(150);
  }, 150_000);
});
