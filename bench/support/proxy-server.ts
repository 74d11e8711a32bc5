// The app server in upstream mode in front of the standalone sandbox, started as
// production starts it (startServer) but with the per-client rate limits lifted:
// the load generator is one client. Prints `PORT <n>` on stderr when listening (stdout carries the access log).
import { readConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { startServer } from '../../server/start.ts';

const unlimited = { capacity: 1e9, refillPerSecond: 1e9 };
const config = readConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const running = await startServer({
  config,
  env: process.env,
  // The access log stays on (it is part of the proxy's cost); stdout goes nowhere.
  logger: createLogger({ level: config.logLevel }),
  version: 'bench',
  staticDir: null,
  rateLimits: { read: unlimited, search: unlimited, booking: unlimited, lookup: unlimited },
});
process.stderr.write(`PORT ${running.port}\n`);
process.on('SIGTERM', () => {
  void running.close(1_000).then(() => process.exit(0));
});
