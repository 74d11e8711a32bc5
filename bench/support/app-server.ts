// The app server as production wires it in sandbox mode (startServer: embedded sandbox,
// access log on, SPA served from memory with its precompressed files) for the browser
// benchmarks, serving BENCH_STATIC_DIR, with the per-client rate limits lifted: the
// benchmark is one client that searches and pages far more than a shopper would.
// Prints `PORT <n>` on stderr when listening (stdout carries the access log).
import { readConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { startServer } from '../../server/start.ts';

const staticDir = process.env.BENCH_STATIC_DIR;
if (!staticDir) throw new Error('BENCH_STATIC_DIR: the built client to serve');
const unlimited = { capacity: 1e9, refillPerSecond: 1e9 };
const config = readConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const running = await startServer({
  config,
  env: process.env,
  logger: createLogger({ level: config.logLevel }),
  version: 'bench',
  staticDir,
  rateLimits: { read: unlimited, search: unlimited, booking: unlimited, lookup: unlimited },
});
process.stderr.write(`PORT ${running.port}\n`);
process.on('SIGTERM', () => {
  void running.close(1_000).then(() => process.exit(0));
});
