// `npm run cluster [-- --instances N --port P]`: the production topology on one machine
// (docs/deploy.md): Redis (when redis-server is installed), the standalone sandbox as
// the hotel API, and N app servers on consecutive ports sharing their rate limits
// through Redis, each with its metrics listener. Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { redisServerArgs } from '../server/shared/redis-server-args.mjs';
import { ensureBuild } from './ensure-build.mjs';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
  },
});
const instances = Number(values.instances);
const basePort = Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error('--instances must be a whole number from 1 to 16');
  process.exit(1);
}
if (!Number.isInteger(basePort) || basePort < 1024 || basePort + instances + 200 > 65535) {
  console.error('--port must be a port number from 1024 (the first app server’s)');
  process.exit(1);
}

ensureBuild();

const SANDBOX_DEMO_KEY = 'sandbox-demo-key-0001';
const sandboxPort = basePort + 100;
const tokenSecret = randomBytes(32).toString('base64url');
const redisPort = basePort + 101;
const redisBinary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find(existsSync);
const dataDir = mkdtempSync(join(tmpdir(), 'staylane-cluster-'));
const children = [];
const appServers = new Set();

function start(name, command, args, env = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  const relay = (stream) => (chunk) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      stream.write(`${prefix}${line}\n`);
    }
  };
  child.stdout.on('data', relay(process.stdout));
  child.stderr.on('data', relay(process.stderr));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${prefix}exited (${signal ?? code}); stopping the cluster`);
      void stop();
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
/** Sends the signal to these processes and waits until they have exited. */
async function stopAll(processes, signal) {
  const running = processes.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill(signal);
  const force = setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
  }, 30_000);
  await Promise.all(exited);
  clearTimeout(force);
}

/**
 * SIGINT (a person at the terminal) closes the app servers at once; SIGTERM lets them
 * drain first, as in production (DRAIN_DELAY_MS). Redis and the hotel API stop last:
 * a draining app server still answers.
 */
async function stop(signal = 'SIGINT') {
  if (stopping) return;
  stopping = true;
  await stopAll(
    children.filter((child) => appServers.has(child)),
    signal,
  );
  await stopAll(children, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

let redisUrl;
if (redisBinary) {
  const password = randomBytes(12).toString('hex');
  start('redis', redisBinary, redisServerArgs({ port: redisPort, dir: dataDir, password }));
  redisUrl = `redis://:${password}@127.0.0.1:${redisPort}`;
} else {
  console.warn('redis-server is not installed: each instance counts its rate limits alone');
}

start('sandbox', process.execPath, ['dist/server/server/sandbox/main.js'], {
  SANDBOX_PORT: String(sandboxPort),
  SANDBOX_DB: join(dataDir, 'sandbox.db'),
});

const lines = [];
for (let i = 0; i < instances; i++) {
  const port = basePort + i;
  const metricsPort = basePort + 200 + i;
  const app = start(`app ${i + 1}`, process.execPath, ['dist/server/server/main.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    HOTEL_API_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
    HOTEL_API_KEY: SANDBOX_DEMO_KEY,
    // One secret for every instance: a token one handed out opens the booking on all.
    BOOKING_TOKEN_SECRET: tokenSecret,
    // The sandbox's pictures are served by the sandbox itself.
    HOTEL_API_IMAGE_ORIGINS: `http://127.0.0.1:${sandboxPort}`,
    METRICS_PORT: String(metricsPort),
    LOG_LEVEL: 'warn',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  appServers.add(app);
  lines.push(
    `  app ${i + 1}: http://127.0.0.1:${port}  (metrics http://127.0.0.1:${metricsPort}/metrics)`,
  );
}
console.log(
  [
    `Staylane cluster: ${instances} app server(s), hotel API http://127.0.0.1:${sandboxPort}` +
      (redisUrl ? `, Redis 127.0.0.1:${redisPort}` : ', no Redis'),
    ...lines,
    'Ctrl-C stops everything.',
  ].join('\n'),
);
