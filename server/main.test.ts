// The server as a process: start-up refusal, health in both modes, key rotation
// by SIGHUP, graceful shutdown. Spawned with tsx from the sources, and as the build runs
// (`node dist/server/server/main.js`, and `npm start`'s scripts/start.mjs).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeUpstream, listen } from './test-support/fake-upstream.ts';

interface Running {
  child: ChildProcess;
  output: () => string;
  url: Promise<string>;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** How the server is started: from the sources, or built, directly or through `npm start`. */
const ENTRIES = {
  sources: ['--import', 'tsx', 'server/main.ts'],
  built: ['dist/server/server/main.js'],
  'npm start': ['scripts/start.mjs'],
} as const;

function startServer(
  env: Record<string, string>,
  entry: keyof typeof ENTRIES = 'sources',
): Running {
  const child = spawn(process.execPath, ENTRIES[entry], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match?.[1]) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => {
      reject(new Error(`server exited before listening:\n${output}`));
    });
  });
  url.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      resolve(code);
    });
  });
  return { child, output: () => output, url, exited };
}

/** The server in sandbox mode, on a database of its own, draining for `drainMs`. */
function startSandboxServer(
  drainMs: number,
  env: Record<string, string> = {},
  entry: keyof typeof ENTRIES = 'sources',
): Running {
  const dir = mkdtempSync(join(tmpdir(), 'staylane-sandbox-'));
  return startServer(
    { SANDBOX_DB: join(dir, 'sandbox.db'), DRAIN_DELAY_MS: String(drainMs), ...env },
    entry,
  );
}

/** Once start-up has begun, before the server listens. */
async function duringStartUp(server: Running): Promise<void> {
  // Sandbox mode loads its inventory for a second or more between these two steps.
  await waitFor(() => server.output().includes('"msg":"starting"'), 'the start of start-up');
  expect(server.output()).not.toContain('listening on');
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the server process', () => {
  it('refuses to start with a base URL and no key, saying which variable', async () => {
    const server = startServer({ HOTEL_API_BASE_URL: 'https://api.example.com' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('HOTEL_API_KEY: is required when HOTEL_API_BASE_URL is set');
  });

  it('refuses a key file without a key', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'staylane-key-')), 'key');
    writeFileSync(file, '\n');
    const server = startServer({
      HOTEL_API_BASE_URL: 'https://api.example.com',
      HOTEL_API_KEY_FILE: file,
      BOOKING_TOKEN_SECRET: 'a-booking-token-secret-for-this-test-only',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('HOTEL_API_KEY_FILE');
  });

  it('in sandbox mode says so at start and in /api/health; on SIGTERM turns unready, drains, and exits', async () => {
    const server = startSandboxServer(1_500);
    const url = await server.url;
    expect(server.output()).toContain('mode: sandbox, hotel API: the embedded sandbox');
    const health = (await (await fetch(`${url}/api/health`)).json()) as {
      data: { mode: string; redis: string; upstream: string };
    };
    expect(health.data).toMatchObject({ mode: 'sandbox', redis: 'off', upstream: 'unknown' });
    expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);

    server.child.kill('SIGTERM');
    // A load balancer polling readiness sees 503 while the instance still answers.
    await waitFor(() => server.output().includes('shutting down'), 'the shutdown log line');
    const ready = await fetch(`${url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { error: { code: string } }).error.code).toBe('NOT_READY');
    expect(ready.headers.get('connection')).toBe('close');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('a SIGHUP during start-up does not kill it: the reload is applied once it is up', async () => {
    const server = startSandboxServer(0);
    await duringStartUp(server);
    server.child.kill('SIGHUP');
    const url = await server.url;
    await waitFor(() => server.output().includes('nothing to reload'), 'the deferred reload');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  // Node itself takes about 90 ms to start: 150 ms is among the server's first imports.
  describe.each(['built', 'npm start'] as const)('started as %s', (entry) => {
    it.each([150, 300, 500])(
      'a SIGHUP %i ms after the spawn is not fatal: it starts and serves',
      async (delayMs) => {
        expect(existsSync('dist/server/server/main.js'), 'run `npm run build` first').toBe(true);
        const server = startSandboxServer(0, { STATIC_DIR: 'dist/client' }, entry);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        expect(server.child.exitCode).toBeNull();
        server.child.kill('SIGHUP');
        const url = await server.url;
        expect((await fetch(`${url}/api/health`)).status).toBe(200);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      },
      60_000,
    );
  });

  it('writes nothing but JSON lines after its human start-up line, whatever path is asked for', async () => {
    expect(existsSync('dist/ssr/entry-server.js'), 'run `npm run build` first').toBe(true);
    const server = startSandboxServer(0, { STATIC_DIR: 'dist/client' }, 'built');
    const url = await server.url;
    const statuses: Record<string, number> = {};
    for (const path of [
      '/hotels/%ff%fe',
      '/hotels/%E0%A4%A',
      '/search/%c0%af?dest=%ff',
      '/%ff',
      '/api/hotels/%ff%fe/content',
      '/hotels/1?checkin=%ff',
      '/no/such/page',
    ]) {
      statuses[path] = (await fetch(`${url}${path}`)).status;
    }
    // Paths that do not decode are no page; none is an error of ours.
    expect(statuses['/hotels/%ff%fe']).toBe(404);
    expect(Object.values(statuses).every((status) => status < 500)).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = server.output().split('\n').filter(Boolean);
    const human = lines.filter((line) => line.startsWith('Hotel app listening on '));
    expect(human).toHaveLength(1);
    const others = lines.filter((line) => !line.startsWith('Hotel app listening on '));
    expect(others.length).toBeGreaterThan(7);
    for (const line of others) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
  }, 60_000);

  it('a SIGTERM during start-up stops it cleanly once it is up (exit 0, not killed)', async () => {
    const server = startSandboxServer(0);
    await duringStartUp(server);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('on SIGINT closes at once, without the drain', async () => {
    const server = startSandboxServer(60_000);
    await server.url;
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"drain_ms":0');
  }, 60_000);

  it('rotates the key on SIGHUP without a restart; the old key works until then', async () => {
    const oldKey = 'rotation-old-key-1111';
    const newKey = 'rotation-new-key-2222';
    const fake = createFakeUpstream({ keys: [oldKey, newKey] });
    const upstream = await listen(fake.app);
    try {
      const file = join(mkdtempSync(join(tmpdir(), 'staylane-key-')), 'key');
      writeFileSync(file, `${oldKey}\n`);
      const server = startServer({
        HOTEL_API_BASE_URL: upstream.url,
        HOTEL_API_KEY_FILE: file,
        BOOKING_TOKEN_SECRET: 'a-booking-token-secret-for-this-test-only',
        DRAIN_DELAY_MS: '0',
      });
      const url = await server.url;
      expect(server.output()).toContain(`mode: upstream, hotel API: upstream ${upstream.url}`);
      const health = (await (await fetch(`${url}/api/health`)).json()) as {
        data: { mode: string };
      };
      expect(health.data.mode).toBe('upstream');

      const nationalities = () => fetch(`${url}/api/master-data/nationalities`);
      expect((await nationalities()).status).toBe(200);
      writeFileSync(file, `${newKey}\n`);
      expect((await nationalities()).status).toBe(200); // not re-read until SIGHUP
      server.child.kill('SIGHUP');
      await waitFor(() => server.output().includes('API key reloaded'), 'the reload log line');
      expect((await nationalities()).status).toBe(200);
      expect(fake.requests.map((request) => request.headers['x-api-key'])).toEqual([
        oldKey,
        oldKey,
        newKey,
      ]);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toContain(oldKey);
      expect(server.output()).not.toContain(newKey);
    } finally {
      await upstream.close();
    }
  }, 60_000);
});
