// Starts the app server: validated configuration, one line saying where and in
// which mode it serves, key rotation on SIGHUP, graceful shutdown on SIGTERM/SIGINT
// (closing the embedded sandbox's database too).
import { serve } from '@hono/node-server';
import { readFileSync } from 'node:fs';
import { createApp } from './app.ts';
import { ConfigError, loadDotEnv, readConfig, type ServerConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { embeddedSandboxOptions } from './sandbox-options.ts';
import {
  apiKeyFromFile,
  fixedApiKey,
  keyFingerprint,
  type ApiKeySource,
} from './upstream/api-key.ts';
import { createUpstreamClient } from './upstream/client.ts';
import { createHttpTransport, inProcessTransport } from './upstream/transport.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readConfigOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** The embedded sandbox, loaded only in sandbox mode (its inventory is not needed upstream). */
async function embeddedUpstream(logger: Logger) {
  const { createSandbox, SANDBOX_DEMO_KEY } = await import('./sandbox/app.ts');
  const options = embeddedSandboxOptions(process.env);
  const sandbox = createSandbox(options);
  const key = options.apiKeys.includes(SANDBOX_DEMO_KEY) ? SANDBOX_DEMO_KEY : options.apiKeys[0];
  const transport = inProcessTransport(sandbox.app);
  return {
    upstream: createUpstreamClient({
      baseUrl: 'http://sandbox.internal',
      transport,
      apiKey: () => key ?? SANDBOX_DEMO_KEY,
      logger,
    }),
    today: () => new Date(options.now()),
    sandboxImages: transport,
    close: () => {
      sandbox.close();
    },
  };
}

function remoteUpstream(config: ServerConfig, logger: Logger, keySource: ApiKeySource) {
  const http = createHttpTransport();
  return {
    upstream: createUpstreamClient({
      baseUrl: config.upstream?.baseUrl ?? '',
      transport: http.transport,
      apiKey: () => keySource.current(),
      logger,
    }),
    today: undefined,
    sandboxImages: undefined,
    close: () => {
      http.close();
    },
  };
}

function keySourceOf(config: ServerConfig): ApiKeySource {
  const upstream = config.upstream;
  if (!upstream) return fixedApiKey('');
  if (upstream.apiKeyFile) {
    try {
      return apiKeyFromFile(upstream.apiKeyFile);
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unreadable';
      fail(`Invalid configuration:\n  - HOTEL_API_KEY_FILE: ${reason}`);
    }
  }
  return fixedApiKey(upstream.apiKey ?? '');
}

async function main(): Promise<void> {
  loadDotEnv();
  const config = readConfigOrExit();
  const logger = createLogger({ level: config.logLevel });
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const keySource = keySourceOf(config);
  const wiring =
    config.mode === 'sandbox'
      ? await embeddedUpstream(logger)
      : remoteUpstream(config, logger, keySource);

  const app = createApp({
    mode: config.mode,
    logger,
    staticDir: process.env.NODE_ENV === 'development' ? null : config.staticDir,
    version: pkg.version,
    upstream: wiring.upstream,
    today: wiring.today,
    sandboxImages: wiring.sandboxImages,
    imageOrigins: config.imageOrigins,
    trustProxy: config.trustProxy,
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where =
      config.mode === 'upstream'
        ? `upstream ${config.upstream?.baseUrl ?? ''}`
        : 'the embedded sandbox with its demo key';
    process.stdout.write(
      `Hotel app listening on http://localhost:${info.port} (mode: ${config.mode}, hotel API: ${where})\n`,
    );
  });

  process.on('SIGHUP', () => {
    void keySource.reload().then((result) => {
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
  if (config.mode === 'upstream') {
    logger.info({ key_fingerprint: keyFingerprint(keySource.current()) }, 'API key loaded');
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const exit = () => {
      wiring.close();
      process.exit(0);
    };
    server.close(exit);
    // Idle keep-alive sockets would hold close() open; in-flight requests get 10 s.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    setTimeout(exit, 10_000).unref();
  };
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
  process.on('SIGINT', () => {
    stop('SIGINT');
  });
}

void main();
