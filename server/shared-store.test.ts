// Rate limits shared through a REAL redis-server by two app instances, and what happens
// when Redis dies or hangs and comes back: answers go on (counted per instance
// meanwhile), one warning per outage, and sharing resumes by itself. The password never
// shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from './http/rate-limit.ts';
import { connectSharedStore, type SharedStore } from './shared-store.ts';
import { missingRedis, startRedis, type RedisServer } from './test-support/redis-server.ts';
import { findSecrets } from './test-support/secret-scan.ts';
import { memoryLogger } from './test-support/silent-logger.ts';
import { createTestApp, postJson } from './test-support/test-app.ts';

const PASSWORD = 'redis-secret-pass-7731';

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(missingRedis())('rate limits shared through Redis', () => {
  let redis: RedisServer;
  const stores: SharedStore[] = [];
  const storeLines: string[][] = [];
  const instances: ReturnType<typeof createTestApp>[] = [];

  const untilAll = (state: string) =>
    until(() => stores.every((store) => store.state() === state), `redis ${state} on both`);

  beforeAll(async () => {
    redis = await startRedis({ password: PASSWORD });
    for (let i = 0; i < 2; i++) {
      const { logger, lines } = memoryLogger();
      const store = connectSharedStore({
        url: redis.url,
        commandTimeoutMs: 250,
        logger,
        probeIntervalMs: 100,
      });
      stores.push(store);
      storeLines.push(lines);
      instances.push(createTestApp({ sharedStore: store }));
    }
    await untilAll('up');
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await redis.stop();
  });

  const lookUp = (instance: number, address: string) =>
    instances[instance % 2]!.app.request(
      '/api/bookings/lookup',
      postJson({ reference: 'ZZZ999', last_name: 'Probe', email: 'probe@example.com' }),
      { incoming: { socket: { remoteAddress: address, remotePort: 5000 } } },
    );

  async function statusesAlternating(address: string, count: number): Promise<number[]> {
    const statuses = [];
    for (let i = 0; i < count; i++) statuses.push((await lookUp(i, address)).status);
    return statuses;
  }

  it('two instances share one budget: the 6th look-up in total is refused, not the 11th', async () => {
    expect(await statusesAlternating('198.51.100.20', 8)).toEqual([
      404, 404, 404, 404, 404, 429, 429, 429,
    ]);
    const health = await instances[0]!.app.request('/api/health');
    expect(((await health.json()) as { data: { redis: string } }).data.redis).toBe('up');
  });

  it('Redis killed: both keep answering (per-instance counts), one warning each; back: shared again', async () => {
    await redis.kill9();
    await untilAll('down');
    // Counted per instance meanwhile: never a 5xx, and each instance still limits.
    const during = await statusesAlternating('198.51.100.21', 14);
    expect(during.every((status) => status === 404 || status === 429)).toBe(true);
    expect(during.filter((status) => status === 404)).toHaveLength(10);
    const health = await instances[1]!.app.request('/api/health');
    expect(((await health.json()) as { data: { redis: string } }).data.redis).toBe('down');

    await redis.restart();
    await untilAll('up');
    expect(await statusesAlternating('198.51.100.22', 7)).toEqual([
      404, 404, 404, 404, 404, 429, 429,
    ]);
  });

  it('Redis hanging with its connections open: down after a few unanswered pings, memory counting meanwhile; answering again: shared again', async () => {
    redis.pause();
    await untilAll('down');
    // Counted per instance, without asking the hung Redis: 5 look-ups on each.
    const during = await statusesAlternating('198.51.100.23', 12);
    expect(during.filter((status) => status === 404)).toHaveLength(10);
    expect(during.filter((status) => status === 429)).toHaveLength(2);
    const health = await instances[0]!.app.request('/api/health');
    expect(((await health.json()) as { data: { redis: string } }).data.redis).toBe('down');

    redis.resume();
    await untilAll('up');
    expect(await statusesAlternating('198.51.100.24', 7)).toEqual([
      404, 404, 404, 404, 404, 429, 429,
    ]);
  });

  it('caps the clients counted in memory, never those counted in Redis', async () => {
    const limiter = createRateLimiter({
      clientOf: () => ({ client: 'unused', network: 'unused' }),
      limits: { booking: { points: 1, durationS: 60 } },
      maxClients: 2,
      sharedStore: stores[0],
    });
    const first = (prefix: string) =>
      Promise.all(
        [1, 2, 3, 4].map((n) =>
          limiter.check('booking', { client: `${prefix}-${n}`, network: prefix }),
        ),
      );
    // In Redis, every newcomer has a budget of its own.
    expect(await first('shared')).toEqual([null, null, null, null]);
    // In memory (Redis away), two are tracked and the others share their network's overflow budget.
    redis.pause();
    await untilAll('down');
    const local = [];
    for (const n of [1, 2, 3, 4])
      local.push(await limiter.check('booking', { client: `local-${n}`, network: 'local' }));
    redis.resume();
    await untilAll('up');
    expect(local.slice(0, 3)).toEqual([null, null, null]);
    expect(local[3]).toBeGreaterThan(0);
  });

  /** Scripts Redis has run: each is one count of a budget. */
  async function countsInRedis(): Promise<number> {
    const stats = await stores[0]!.redis!.info('commandstats');
    return [...stats.matchAll(/^cmdstat_(?:eval|evalsha):calls=(\d+)/gm)].reduce(
      (sum, [, calls]) => sum + Number(calls),
      0,
    );
  }

  it('a busy client is counted in Redis a batch at a time: its whole budget on one instance, never more over two', async () => {
    const limiters = stores.map((store) =>
      createRateLimiter({
        clientOf: () => ({ client: 'unused', network: 'unused' }),
        limits: { read: { points: 200, durationS: 60 } },
        sharedStore: store,
      }),
    );
    /** Each request's refusal (its wait in ms) or null, sent in turn to `spread` instances. */
    async function polls(client: string, count: number, spread: number) {
      const answers: (number | null)[] = [];
      for (let i = 0; i < count; i++) {
        answers.push(await limiters[i % spread]!.check('read', { client, network: client }));
      }
      return answers;
    }

    const before = await countsInRedis();
    const alone = await polls('198.51.100.40', 210, 1);
    expect(alone.slice(0, 200)).toEqual(Array(200).fill(null));
    expect(alone.slice(200).every((wait) => wait !== null && wait > 0)).toBe(true);
    // Batches of up to ten: a quarter of the counts or fewer (210 without batches).
    expect((await countsInRedis()) - before).toBeLessThanOrEqual(210 / 4);

    const spread = await polls('198.51.100.41', 260, 2);
    const granted = spread.filter((wait) => wait === null).length;
    expect(granted).toBeLessThanOrEqual(200);
    // What the other instance's batch held when the client came back here: at most nine.
    expect(granted).toBeGreaterThanOrEqual(200 - 9);
  });

  it('logs one warning per outage and one line when back, and never the password', () => {
    for (const lines of storeLines) {
      // Three outages: killed, hung, hung again.
      expect(lines.filter((line) => line.includes('redis unreachable'))).toHaveLength(3);
      expect(lines.filter((line) => line.includes('redis is back'))).toHaveLength(3);
    }
    const everything = [...storeLines.flat(), ...instances.flatMap((i) => i.lines)].join('\n');
    expect(findSecrets([{ where: 'logs', text: everything }], [PASSWORD])).toEqual([]);
  });
});
