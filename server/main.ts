// Starts the app server: validated configuration, one line saying where and in
// which mode it serves, key rotation on SIGHUP, graceful shutdown on SIGTERM (after a
// readiness drain) and SIGINT (closing the embedded sandbox's database too).
import { readFileSync } from 'node:fs';
import { ConfigError, loadDotEnv, readConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startServer } from './start.ts';
import { keyFingerprint } from './upstream/api-key.ts';

async function main(): Promise<void> {
  loadDotEnv();
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel });
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const running = await startServer({
    config,
    env: process.env,
    logger,
    version: pkg.version,
    staticDir: process.env.NODE_ENV === 'development' ? null : config.staticDir,
  });

  const where =
    config.mode === 'upstream'
      ? `upstream ${config.upstream?.baseUrl ?? ''}`
      : 'the embedded sandbox with its demo key';
  process.stdout.write(
    `Hotel app listening on http://localhost:${running.port} (mode: ${config.mode}, hotel API: ${where})\n`,
  );
  if (running.metricsPort !== null) {
    logger.info({ port: running.metricsPort, host: config.metrics?.host }, 'metrics listening');
  }
  if (config.mode === 'upstream') {
    logger.info({ key_fingerprint: keyFingerprint(running.keySource.current()) }, 'API key loaded');
  }

  process.on('SIGHUP', () => {
    void running.keySource.reload().then((result) => {
      if (result.outcome === 'failed') {
        logger.error({ reason: result.reason }, 'API key not reloaded; the current key stays');
      } else if (result.outcome === 'not-a-file') {
        logger.info('SIGHUP: the API key does not come from HOTEL_API_KEY_FILE; nothing to reload');
      } else {
        logger.info(
          { outcome: result.outcome, key_fingerprint: result.fingerprint },
          'API key reloaded',
        );
      }
    });
  });

  let stopping = false;
  // SIGTERM is a load balancer's or orchestrator's: turn unready first and give it
  // DRAIN_DELAY_MS to notice before closing. SIGINT is a person at a terminal: close now.
  const stop = (signal: 'SIGTERM' | 'SIGINT') => {
    if (stopping) return;
    stopping = true;
    const drainMs = signal === 'SIGTERM' ? config.drainDelayMs : 0;
    logger.info({ signal, drain_ms: drainMs }, 'shutting down');
    void running.close({ drainMs }).then(() => process.exit(0));
  };
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
  process.on('SIGINT', () => {
    stop('SIGINT');
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
});
