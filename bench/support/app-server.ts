// The app server as production starts it (startServer, access log batched on stdout), with the
// per-client rate limits lifted: the benchmark is one client that searches and pages far
// more than a shopper would. With BENCH_STATIC_DIR it serves that built client (the
// browser benchmarks, sandbox mode); without, the API only (the proxy benchmark, in
// front of the standalone sandbox through HOTEL_API_BASE_URL).
// Prints `PORT <n>` on stderr when listening (stdout carries the access log).
import { readConfig } from '../../server/config.ts';
import { NO_RATE_LIMITS } from '../../server/http/rate-limit.ts';
import { createAccessLog, createLogger } from '../../server/logger.ts';
import { startServer } from '../../server/start.ts';

const config = readConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const running = await startServer({
  config,
  env: process.env,
  logger: createLogger({ level: config.logLevel }),
  accessLog: createAccessLog(config.logLevel),
  version: 'bench',
  staticDir: process.env.BENCH_STATIC_DIR ?? null,
  rateLimits: NO_RATE_LIMITS,
});
process.stderr.write(`PORT ${running.port}\n`);
process.on('SIGTERM', () => {
  void running.close({ graceMs: 1_000 }).then(() => process.exit(0));
});
