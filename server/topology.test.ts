// The production topology, for real: a standalone sandbox (the hotel API), a real
// redis-server, and two app servers in upstream mode in front of them, as separate
// processes, behind a "load balancer" (this test, which alternates between them and
// says who the client is in X-Forwarded-For, trusted from 127.0.0.1 only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_KEY } from './sandbox/options.ts';
import {
  freePort,
  missingRedis,
  startRedis,
  type RedisServer,
} from './test-support/redis-server.ts';
import { findSecrets, secretsOfEnv } from './test-support/secret-scan.ts';
import { startProcess, type ServerProcess } from './test-support/server-process.ts';

const PASSWORD = 'topology-redis-pass-5521';

/** A stay a month from today, so the sandbox (real clock) takes it. */
function stay() {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { check_in: day(30), check_out: day(32), rooms: [{ adults: 2 }] };
}

describe.skipIf(missingRedis())('two app servers, one Redis, one hotel API', () => {
  let redis: RedisServer;
  let sandbox: ServerProcess;
  const apps: ServerProcess[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    redis = await startRedis({ password: PASSWORD });
    sandbox = startProcess('sandbox', { SANDBOX_PORT: String(await freePort()) });
    const upstream = await sandbox.url;
    for (let i = 0; i < 2; i++) {
      const app = startProcess('app', {
        PORT: '0',
        HOST: '127.0.0.1',
        STATIC_DIR: '/nonexistent',
        HOTEL_API_BASE_URL: upstream,
        HOTEL_API_KEY: SANDBOX_DEMO_KEY,
        // One secret for all: a token one instance handed out opens the booking on the others.
        BOOKING_TOKEN_SECRET: 'a-booking-token-secret-for-this-test-only',
        REDIS_URL: redis.url,
        TRUST_PROXY: '127.0.0.1/32',
        DRAIN_DELAY_MS: '0',
        LOG_LEVEL: 'info',
      });
      apps.push(app);
      urls.push(await app.url);
    }
    await untilRedis('up');
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...apps, sandbox].map((process) => process.kill9()));
    await redis.stop();
  });

  async function health(i: number): Promise<{ redis: string; upstream: string }> {
    const response = await fetch(`${urls[i]}/api/health`);
    return ((await response.json()) as { data: { redis: string; upstream: string } }).data;
  }

  async function untilRedis(state: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const states = await Promise.all([0, 1].map(async (i) => (await health(i)).redis));
      if (states.every((s) => s === state)) return;
      if (Date.now() > deadline) throw new Error(`redis never ${state}: ${states.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const lookUp = async (i: number, client: string) =>
    (
      await fetch(`${urls[i % 2]}/api/bookings/lookup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
        body: JSON.stringify({
          reference: 'ZZZ999',
          last_name: 'Probe',
          email: 'probe@example.com',
        }),
      })
    ).status;

  async function alternating(client: string, count: number): Promise<number[]> {
    const statuses = [];
    for (let i = 0; i < count; i++) statuses.push(await lookUp(i, client));
    return statuses;
  }

  it('a client alternating between the instances is refused at the 6th look-up in total', async () => {
    expect(await alternating('198.51.100.30', 8)).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
  }, 30_000);

  it('one IPv6 /48 spread over its /64s gets 50 look-ups in all, counted once for both instances', async () => {
    // Sixty /64s in twelve /56s of one /48, each trying once, alternating instances.
    const clients = Array.from(
      { length: 60 },
      (_, n) => `2001:db8:77:${((Math.floor(n / 5) << 8) | (n % 5)).toString(16)}::1`,
    );
    const statuses: number[] = [];
    for (let batch = 0; batch < clients.length; batch += 10) {
      statuses.push(
        ...(await Promise.all(
          clients.slice(batch, batch + 10).map((client, i) => lookUp(batch + i, client)),
        )),
      );
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  }, 60_000);

  it('a search made on instance 1 is polled on instance 2 through COMPLETE', async () => {
    const searched = await fetch(`${urls[0]}/api/hotels/search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.31' },
      body: JSON.stringify({
        destination: { type: 'city', id: 2_988_507 },
        nationality: 'IN',
        ...stay(),
      }),
    });
    expect(searched.status).toBe(200);
    const { search_id: searchId } = ((await searched.json()) as { data: { search_id: string } })
      .data;
    const statuses: string[] = [];
    const deadline = Date.now() + 30_000;
    while (statuses.at(-1) !== 'COMPLETE' && Date.now() < deadline) {
      const polled = await fetch(`${urls[1]}/api/hotels/search/${searchId}/prices`, {
        headers: { 'X-Forwarded-For': '198.51.100.31' },
      });
      expect(polled.status).toBe(200);
      statuses.push(
        ((await polled.json()) as { data: { refresh_status: string } }).data.refresh_status,
      );
      // The browser polls every 2 s; a test may be quicker without changing what it sees.
      if (statuses.at(-1) !== 'COMPLETE') await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(statuses.at(-1)).toBe('COMPLETE');
    expect((await health(1)).upstream).toBe('ok');
  }, 60_000);

  it('Redis killed mid-run: both answer with no server error; restarted: limits shared again', async () => {
    const during: number[] = [];
    const load = (async () => {
      for (let i = 0; i < 16; i++) {
        during.push(await lookUp(i, `198.51.100.${100 + i}`));
        const nationalities = await fetch(`${urls[i % 2]}/api/master-data/nationalities`, {
          headers: { 'X-Forwarded-For': '198.51.100.32' },
        });
        during.push(nationalities.status);
      }
    })();
    await redis.kill9();
    await load;
    await untilRedis('down');
    expect(during.filter((status) => status >= 500)).toEqual([]);
    // Counted per instance meanwhile: a new client gets 5 look-ups on each.
    expect((await alternating('198.51.100.33', 12)).filter((s) => s === 404)).toHaveLength(10);

    await redis.restart();
    await untilRedis('up');
    expect(await alternating('198.51.100.34', 7)).toEqual([404, 404, 404, 404, 404, 429, 429]);
    for (const app of apps) {
      expect(app.output().match(/redis unreachable/g)).toHaveLength(1);
      const output = [{ where: 'app server output', text: app.output() }];
      expect(findSecrets(output, secretsOfEnv({ REDIS_URL: redis.url }))).toEqual([]);
    }
  }, 60_000);
});
