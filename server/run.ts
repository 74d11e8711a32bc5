// Starts the app server (loaded by main.ts once signals are held): validated
// configuration, one line saying where and in which mode it serves, key rotation on
// SIGHUP, graceful shutdown on SIGTERM (after a readiness drain) and SIGINT (closing the
// embedded sandbox's database too).
import { readFileSync } from 'node:fs';
import { receiveSignals } from './hold-signals.mjs';
import { ConfigError, loadDotEnv, readConfig } from './config.ts';
import { createAccessLog, createLogger, routeConsoleTo, type Logger } from './logger.ts';
import { startServer, type RunningServer } from './start.ts';
import { keyFingerprint } from './upstream/api-key.ts';

type StopSignal = 'SIGTERM' | 'SIGINT';

// Signals were held from the process's first moment (hold-signals.mjs); what arrives
// before the server is up (the sandbox's inventory takes seconds to load) is remembered
// here and applied once it is.
let running: RunningServer | null = null;
let logger: Logger | null = null;
let reloadPending = false;
let stopPending: StopSignal | null = null;
let stopping = false;
let drainDelayMs = 0;

function reloadKey(server: RunningServer, log: Logger): void {
  void server.keySource.reload().then((result) => {
    if (result.outcome === 'failed') {
      log.error({ reason: result.reason }, 'API key not reloaded; the current key stays');
    } else if (result.outcome === 'not-a-file') {
      log.info('SIGHUP: the API key does not come from HOTEL_API_KEY_FILE; nothing to reload');
    } else {
      log.info(
        { outcome: result.outcome, key_fingerprint: result.fingerprint },
        'API key reloaded',
      );
    }
  });
}

// SIGTERM is a load balancer's or orchestrator's: turn unready first and give it
// DRAIN_DELAY_MS to notice before closing. SIGINT is a person at a terminal: close now.
function stop(signal: StopSignal): void {
  if (!running || !logger) {
    stopPending ??= signal;
    return;
  }
  if (stopping) return;
  stopping = true;
  const drainMs = signal === 'SIGTERM' ? drainDelayMs : 0;
  logger.info({ signal, drain_ms: drainMs }, 'shutting down');
  void running.close({ drainMs }).then(() => process.exit(0));
}

receiveSignals((signal) => {
  if (signal !== 'SIGHUP') stop(signal);
  else if (running && logger) reloadKey(running, logger);
  else reloadPending = true;
});

async function main(): Promise<void> {
  loadDotEnv();
  const config = readConfig();
  const log = createLogger({ level: config.logLevel });
  routeConsoleTo(log);
  drainDelayMs = config.drainDelayMs;
  log.info({ mode: config.mode }, 'starting');
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const server = await startServer({
    config,
    env: process.env,
    logger: log,
    accessLog: createAccessLog(config.logLevel),
    version: pkg.version,
    staticDir: process.env.NODE_ENV === 'development' ? null : config.staticDir,
  });

  const where =
    config.mode === 'upstream'
      ? `upstream ${config.upstream?.baseUrl ?? ''}`
      : 'the embedded sandbox with its demo key';
  process.stdout.write(
    `Hotel app listening on http://localhost:${server.port} (mode: ${config.mode}, hotel API: ${where})\n`,
  );
  if (server.metricsPort !== null) {
    log.info({ port: server.metricsPort, host: config.metrics?.host }, 'metrics listening');
  }
  if (config.plainHttpUpstream) {
    log.warn(
      { hotel_api: config.upstream?.baseUrl },
      'HOTEL_API_ALLOW_HTTP=1: the API key travels unencrypted to the hotel API; keep that network private',
    );
  }
  if (config.mode === 'upstream' && config.imageOrigins.length === 0) {
    log.warn(
      'HOTEL_API_IMAGE_ORIGINS is not set: hotel pictures from the hotel API will not load (the CSP allows no remote image origin until it names one)',
    );
  }
  if (config.mode === 'upstream') {
    log.info({ key_fingerprint: keyFingerprint(server.keySource.current()) }, 'API key loaded');
  }

  running = server;
  logger = log;
  if (reloadPending) reloadKey(server, log);
  if (stopPending) stop(stopPending);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
});
