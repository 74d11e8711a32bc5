// A real redis-server (Debian's package) for tests: started on a free loopback port with
// no persistence and its directory in a temporary folder, never a system Redis. It can
// be killed -9 and started again on the same port, as an outage would go, or paused
// (SIGSTOP) to hang with its connections open, as an overloaded or swapping server does.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redisServerArgs } from '../shared/redis-server-args.mjs';

// Playwright's config starts its Redis with the same arguments.
export { redisServerArgs };

export interface RedisServer {
  port: number;
  /** redis://… with the password when one was asked for. */
  url: string;
  /** SIGKILL: the data is gone, clients see the connection drop. */
  kill9(): Promise<void>;
  /** Starts it again on the same port (after kill9). */
  restart(): Promise<void>;
  /** SIGSTOP: connections stay open, nothing is answered until resume(). */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

const CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'];

/** The redis-server binary, or null when it is not installed. */
export function redisServerBinary(): string | null {
  const fromEnv = process.env.REDIS_SERVER_BIN;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  const which = spawnSync('which', ['redis-server'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/**
 * For `describe.skipIf`: null when redis-server is there. Under CI a missing binary
 * throws (CI must run these tests); elsewhere it says which binary is missing.
 */
export function missingRedis(): string | null {
  if (redisServerBinary()) return null;
  const message =
    'redis-server is not installed (Debian: apt-get install redis-server; npm test installs it when run as root)';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`skipping the Redis tests: ${message}`);
  return message;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

function waitForReady(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`redis-server did not start:\n${output()}`));
    }, 10_000);
    const check = () => {
      if (output().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited:\n${output()}`));
    });
  });
}

export async function startRedis(options: { password?: string } = {}): Promise<RedisServer> {
  const binary = redisServerBinary();
  if (!binary) throw new Error('redis-server is not installed');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'staylane-redis-'));
  const args = redisServerArgs({ port, dir, password: options.password });
  let child: ChildProcess | null = null;
  const launch = async () => {
    let output = '';
    const started = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child = started;
    await waitForReady(started, () => output);
  };
  const kill = async (signal: NodeJS.Signals) => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };
  const signal = (name: NodeJS.Signals) => {
    child?.kill(name);
  };
  await launch();
  const auth = options.password ? `:${encodeURIComponent(options.password)}@` : '';
  return {
    port,
    url: `redis://${auth}127.0.0.1:${port}`,
    kill9: () => kill('SIGKILL'),
    restart: launch,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    stop: async () => {
      signal('SIGCONT'); // a paused server would not act on SIGTERM
      await kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
