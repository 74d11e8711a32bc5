// Rate limits shared through a REAL redis-server by two app instances, and what happens
// when Redis dies and comes back: answers go on (counted per instance meanwhile), one
// warning per outage, and sharing resumes by itself. The password never shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSharedStore, type SharedStore } from './shared-store.ts';
import { missingRedis, startRedis, type RedisServer } from './test-support/redis-server.ts';
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

  beforeAll(async () => {
    redis = await startRedis({ password: PASSWORD });
    for (let i = 0; i < 2; i++) {
      const { logger, lines } = memoryLogger();
      const store = connectSharedStore({ url: redis.url, commandTimeoutMs: 250, logger });
      stores.push(store);
      storeLines.push(lines);
      instances.push(createTestApp({ sharedStore: store }));
    }
    await until(() => stores.every((store) => store.state() === 'up'), 'redis up');
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await redis.stop();
  });

  const lookUp = (instance: number, address: string) =>
    instances[instance % 2]!.app.request(
      '/api/bookings/lookup',
      postJson({ reference: 'ZZZ999', last_name: 'Probe' }),
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
    await until(() => stores.every((store) => store.state() === 'down'), 'redis down');
    // Counted per instance meanwhile: never a 5xx, and each instance still limits.
    const during = await statusesAlternating('198.51.100.21', 14);
    expect(during.every((status) => status === 404 || status === 429)).toBe(true);
    expect(during.filter((status) => status === 404)).toHaveLength(10);
    const health = await instances[1]!.app.request('/api/health');
    expect(((await health.json()) as { data: { redis: string } }).data.redis).toBe('down');

    await redis.restart();
    await until(() => stores.every((store) => store.state() === 'up'), 'redis back');
    expect(await statusesAlternating('198.51.100.22', 7)).toEqual([
      404, 404, 404, 404, 404, 429, 429,
    ]);
  });

  it('logs one warning per outage and one line when back, and never the password', () => {
    for (const lines of storeLines) {
      expect(lines.filter((line) => line.includes('redis unreachable'))).toHaveLength(1);
      expect(lines.filter((line) => line.includes('redis is back'))).toHaveLength(1);
    }
    const everything = [...storeLines.flat(), ...instances.flatMap((i) => i.lines)].join('\n');
    expect(everything).not.toContain(PASSWORD);
  });
});
