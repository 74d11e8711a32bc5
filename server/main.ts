// Starts the app server: validated configuration, one line saying where and in
// which mode it serves, graceful shutdown on SIGTERM/SIGINT.
import { serve } from '@hono/node-server';
import { readFileSync } from 'node:fs';
import { createApp } from './app.ts';
import { ConfigError, loadDotEnv, readConfig } from './config.ts';
import { createLogger } from './logger.ts';

function main(): void {
  loadDotEnv();
  let config;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const app = createApp({
    mode: config.mode,
    logger,
    staticDir: process.env.NODE_ENV === 'development' ? null : config.staticDir,
    version: pkg.version,
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where =
      config.mode === 'upstream' ? `upstream ${config.upstream?.baseUrl}` : 'the embedded sandbox';
    process.stdout.write(
      `Hotel app listening on http://localhost:${info.port} (mode: ${config.mode}, hotel API: ${where})\n`,
    );
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close(() => process.exit(0));
    // Idle keep-alive sockets would hold close() open; in-flight requests get 10 s.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main();
