// Builds and starts the app server from a validated configuration: the embedded
// sandbox or the remote hotel API behind the one upstream client, the app, the
// listening socket. main.ts adds the process concerns (signals, exit codes); the
// benchmarks start it the same way.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { ConfigError, type ServerConfig } from './config.ts';
import type { BucketSpec, RateLimitClass } from './http/rate-limit.ts';
import type { Logger } from './logger.ts';
import { apiKeyFromFile, fixedApiKey, type ApiKeySource } from './upstream/api-key.ts';
import { createUpstreamClient, type UpstreamClient } from './upstream/client.ts';
import { createHttpTransport, inProcessTransport, type Transport } from './upstream/transport.ts';

export interface StartOptions {
  config: ServerConfig;
  /** Where the sandbox's settings are read from (sandbox mode). */
  env: NodeJS.ProcessEnv;
  logger: Logger;
  version: string;
  staticDir: string | null;
  /** Benchmarks lift the limits; production uses the defaults. */
  rateLimits?: Partial<Record<RateLimitClass, BucketSpec>>;
}

export interface RunningServer {
  port: number;
  keySource: ApiKeySource;
  /** Stops accepting, lets in-flight requests finish (up to graceMs), closes the upstream. */
  close(graceMs?: number): Promise<void>;
}

interface Wiring {
  upstream: UpstreamClient;
  today?: () => Date;
  sandboxImages?: Transport;
  close(): void;
}

/** The key for upstream mode; a file that holds none stops the start. */
export function apiKeySourceOf(config: ServerConfig): ApiKeySource {
  const upstream = config.upstream;
  if (!upstream) return fixedApiKey('');
  if (!upstream.apiKeyFile) return fixedApiKey(upstream.apiKey ?? '');
  try {
    return apiKeyFromFile(upstream.apiKeyFile);
  } catch (error) {
    throw new ConfigError([
      `HOTEL_API_KEY_FILE: ${error instanceof Error ? error.message : 'cannot be read'}`,
    ]);
  }
}

/** Image URLs of the embedded sandbox: the app server serves them at /sandbox/images/*. */
export const SANDBOX_PUBLIC_BASE_URL = '/sandbox';

/** The embedded sandbox, loaded only in sandbox mode (upstream mode never builds its inventory). */
async function embeddedSandbox(env: NodeJS.ProcessEnv, logger: Logger): Promise<Wiring> {
  const [{ createSandbox, SANDBOX_DEMO_KEY }, { sandboxOptionsFromEnv, SandboxConfigError }] =
    await Promise.all([import('./sandbox/app.ts'), import('./sandbox/config.ts')]);
  let options;
  try {
    options = sandboxOptionsFromEnv(env, { publicBaseUrl: SANDBOX_PUBLIC_BASE_URL });
  } catch (error) {
    if (error instanceof SandboxConfigError) throw new ConfigError(error.problems);
    throw error;
  }
  const sandbox = createSandbox(options);
  const key = options.apiKeys.includes(SANDBOX_DEMO_KEY)
    ? SANDBOX_DEMO_KEY
    : (options.apiKeys[0] ?? SANDBOX_DEMO_KEY);
  const transport = inProcessTransport(sandbox.app);
  const now = options.now;
  return {
    upstream: createUpstreamClient({
      baseUrl: 'http://sandbox.internal',
      transport,
      apiKey: () => key,
      logger,
    }),
    today: () => new Date(now()),
    sandboxImages: transport,
    close: () => {
      sandbox.close();
    },
  };
}

function remoteUpstream(baseUrl: string, keySource: ApiKeySource, logger: Logger): Wiring {
  const http = createHttpTransport();
  return {
    upstream: createUpstreamClient({
      baseUrl,
      transport: http.transport,
      apiKey: () => keySource.current(),
      logger,
    }),
    close: () => {
      http.close();
    },
  };
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config, logger } = options;
  const keySource = apiKeySourceOf(config);
  const wiring = config.upstream
    ? remoteUpstream(config.upstream.baseUrl, keySource, logger)
    : await embeddedSandbox(options.env, logger);

  const app = createApp({
    mode: config.mode,
    logger,
    staticDir: options.staticDir,
    version: options.version,
    upstream: wiring.upstream,
    today: wiring.today,
    sandboxImages: wiring.sandboxImages,
    imageOrigins: config.imageOrigins,
    trustProxy: config.trustProxy,
    rateLimits: options.rateLimits,
  });

  return new Promise((resolve) => {
    const server = serve(
      { fetch: app.fetch, port: config.port, hostname: config.host },
      (info: AddressInfo) => {
        resolve({
          port: info.port,
          keySource,
          close: (graceMs = 10_000) =>
            new Promise<void>((done) => {
              let finished = false;
              const finish = () => {
                if (finished) return;
                finished = true;
                wiring.close();
                done();
              };
              server.close(finish);
              // Idle keep-alive sockets would hold close() open; in-flight requests get graceMs.
              (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
              setTimeout(finish, graceMs).unref();
            }),
        });
      },
    );
  });
}
