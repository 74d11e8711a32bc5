// The app server and a fake upstream on real loopback sockets, with the
// production transport (keep-alive node:http) in between.
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeUpstream, listen } from './test-support/fake-upstream.ts';
import { searchData, searchRequest } from './test-support/fixtures.ts';
import { memoryLogger } from './test-support/silent-logger.ts';
import { postJson, postStreamed, TEST_KEY, testAppOver } from './test-support/test-app.ts';
import { createUpstreamClient } from './upstream/client.ts';
import { createHttpTransport } from './upstream/transport.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function stack(options: { timeouts?: { defaultMs: number } } = {}) {
  const fake = createFakeUpstream({ keys: [TEST_KEY] });
  const upstreamServer = await listen(fake.app);
  const http = createHttpTransport();
  const { logger, lines } = memoryLogger('debug');
  const upstream = createUpstreamClient({
    baseUrl: `${upstreamServer.url}/v1`,
    transport: http.transport,
    apiKey: () => TEST_KEY,
    logger,
    timeouts: options.timeouts,
    retry: { baseDelayMs: 1, maxDelayMs: 2 },
  });
  const app = testAppOver({ upstream, logger });
  const appServer = await listen(app);
  cleanups.push(
    () => upstreamServer.close(),
    () => appServer.close(),
    () => http.close(),
  );
  return { fake, upstreamServer, appServer, lines };
}

describe('over real sockets', () => {
  it('proxies a search and reuses one upstream connection (keep-alive)', async () => {
    const { appServer, upstreamServer, fake } = await stack();
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${appServer.url}/api/hotels/search`, postJson(searchRequest));
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: unknown }).data).toEqual(searchData);
    }
    expect(fake.requests).toHaveLength(20);
    expect(upstreamServer.connections()).toBe(1);
  });

  it('retries a dropped upstream connection and succeeds', async () => {
    const { appServer, fake, lines } = await stack();
    fake.reply('nationalities', { drop: true });
    const response = await fetch(`${appServer.url}/api/master-data/nationalities`);
    expect(response.status).toBe(200);
    expect(fake.callsTo('nationalities')).toHaveLength(2);
    expect(lines.some((line) => line.includes('"upstream_attempts":2'))).toBe(true);
  });

  it('answers 504 when the upstream does not answer in time, and lets go of it', async () => {
    const { appServer, fake } = await stack({ timeouts: { defaultMs: 100 } });
    fake.reply('filters', { hang: true });
    const started = performance.now();
    const response = await fetch(`${appServer.url}/api/hotels/filters`);
    expect(response.status).toBe(504);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'UPSTREAM_TIMEOUT',
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses a body over 64 KiB with 413, declared or chunked, without an upstream call', async () => {
    const { appServer, fake } = await stack();
    const big = JSON.stringify({ ...searchRequest, hotel_name: 'x'.repeat(100_000) });
    const declared = await fetch(`${appServer.url}/api/hotels/search`, postJson(big));
    expect(declared.status).toBe(413);
    const chunked = await fetch(
      `${appServer.url}/api/hotels/search`,
      postStreamed('x'.repeat(160_000)),
    );
    expect(chunked.status).toBe(413);
    expect(fake.requests).toHaveLength(0);
  });

  it('limits by the socket address', async () => {
    const { appServer } = await stack();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(
        `${appServer.url}/api/bookings/lookup`,
        postJson(
          { reference: 'ABC123', last_name: 'Nobody', email: 'nobody@example.com' },
          { 'X-Forwarded-For': `10.0.0.${i}` },
        ),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('never lets the key out, nor forwards the browser’s credentials', async () => {
    const { appServer, fake, lines } = await stack();
    fake.reply('content', { status: 401, error: { code: 'UNAUTHORIZED', message: TEST_KEY } });
    const texts: string[] = [];
    for (const path of ['/api/hotels/1044/content', '/api/hotels/1044/content', '/api/health']) {
      const response = await fetch(`${appServer.url}${path}`, {
        headers: { 'x-api-key': 'mine', Authorization: 'Basic x', Cookie: 'a=b' },
      });
      texts.push(await response.text());
      response.headers.forEach((value, name) => texts.push(`${name}: ${value}`));
    }
    expect([...texts, ...lines].filter((text) => text.includes(TEST_KEY))).toEqual([]);
    for (const request of fake.requests) {
      expect(request.headers['x-api-key']).toBe(TEST_KEY);
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers.cookie).toBeUndefined();
    }
  });
});
