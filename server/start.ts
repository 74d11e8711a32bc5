// Builds and starts the app server from a validated configuration: the embedded
// sandbox or the remote hotel API behind the one upstream client, the app, the
// listening socket. main.ts adds the process concerns (signals, exit codes); the
// benchmarks start it the same way.
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app.ts';
import { createBookingAccess, sandboxSecret } from './booking-access.ts';
import { bookingMailer, smtpDelivery } from './mail/mailer.ts';
import { createMemoryOutbox, type Outbox } from './mail/outbox.ts';
import { createRedisOutbox } from './mail/redis-outbox.ts';
import { createRatesReader } from './exchange-rates.ts';
import { ConfigError, type ServerConfig } from './config.ts';
import { loadPageRenderer } from './http/pages.ts';
import type { ClassLimits, RateLimitClass } from './http/rate-limit.ts';
import type { Logger } from './logger.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { serveMetrics, type MetricsServer } from './metrics-server.ts';
import type { RouteDeps } from './routes/deps.ts';
import type { Readiness } from './routes/health.ts';
import { connectSharedStore } from './shared-store.ts';
import { apiKeyFromFile, fixedApiKey, type ApiKeySource } from './upstream/api-key.ts';
import { createUpstreamClient, type UpstreamClient } from './upstream/client.ts';
import type { UpstreamObserver } from './upstream/observer.ts';
import {
  createHttpTransport,
  inProcessTransport,
  type FetchHandler,
} from './upstream/transport.ts';

export interface StartOptions {
  config: ServerConfig;
  /** Where the sandbox's settings are read from (sandbox mode). */
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** The access log, batched on stdout (createAccessLog); absent, lines go through `logger`. */
  accessLog?: Logger;
  version: string;
  staticDir: string | null;
  /** Benchmarks lift the limits; production uses the defaults. */
  rateLimits?: Partial<Record<RateLimitClass, ClassLimits>>;
}

export interface RunningServer {
  port: number;
  /** The metrics listener's port; null when METRICS_PORT is unset. */
  metricsPort: number | null;
  keySource: ApiKeySource;
  metrics: Metrics;
  /**
   * Turns unready (/api/health/ready answers 503), waits `drainMs` so a load balancer
   * sees it, then stops accepting and lets in-flight requests finish (up to graceMs).
   */
  close(options?: { graceMs?: number; drainMs?: number }): Promise<void>;
}

interface Wiring {
  upstream: UpstreamClient;
  today?: () => Date;
  sandboxImages?: FetchHandler;
  /** Sandbox mode: its biggest cities, offered on the home page when the operator lists none. */
  popularDestinations?: RouteDeps['popularDestinations'];
  /** Sandbox mode: its places, named on the offline basemap. */
  mapLabels?: RouteDeps['mapLabels'];
  /** Sandbox mode: the database's folder, where the access-token secret is kept. */
  databasePath?: string;
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

/** The exchange rates the app converts with in sandbox mode (docs/sandbox.md). */
const SANDBOX_RATES_SNAPSHOT = 'server/reference/ecb-reference-rates.xml';

/** Image URLs of the embedded sandbox: the app server serves them at /sandbox/images/*. */
export const SANDBOX_PUBLIC_BASE_URL = '/sandbox';

/** The embedded sandbox, loaded only in sandbox mode (upstream mode never builds its inventory). */
async function embeddedSandbox(
  env: NodeJS.ProcessEnv,
  logger: Logger,
  observer: UpstreamObserver,
): Promise<Wiring> {
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
  const now = options.now;
  return {
    upstream: createUpstreamClient({
      baseUrl: 'http://sandbox.internal',
      transport: inProcessTransport(sandbox.app),
      apiKey: () => key,
      logger,
      observer,
    }),
    today: () => new Date(now()),
    sandboxImages: sandbox.fetchImage,
    popularDestinations: sandbox.popularDestinations,
    mapLabels: sandbox.mapLabels,
    databasePath: options.dbPath,
    close: () => {
      sandbox.close();
    },
  };
}

function remoteUpstream(
  baseUrl: string,
  keySource: ApiKeySource,
  logger: Logger,
  observer: UpstreamObserver,
): Wiring {
  const http = createHttpTransport();
  return {
    upstream: createUpstreamClient({
      baseUrl,
      transport: http.transport,
      apiKey: () => keySource.current(),
      logger,
      observer,
    }),
    close: () => {
      http.close();
    },
  };
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config, logger } = options;
  const keySource = apiKeySourceOf(config);
  const metrics = createMetrics();
  let readiness: Readiness = 'starting';
  const wiring = config.upstream
    ? remoteUpstream(config.upstream.baseUrl, keySource, logger, metrics.upstream)
    : await embeddedSandbox(options.env, logger, metrics.upstream);
  const sharedStore = connectSharedStore({
    url: config.redisUrl,
    commandTimeoutMs: config.redisCommandTimeoutMs,
    logger,
    onStateChange: (state) => {
      metrics.setRedisState(state);
    },
  });
  metrics.setRedisState(sharedStore.state());

  const exchangeRates = createRatesReader({
    // Sandbox mode without a URL of its own converts with the snapshot shipped beside it.
    url: config.exchangeRatesUrl,
    snapshotFile: config.exchangeRatesUrl || config.upstream ? undefined : SANDBOX_RATES_SNAPSHOT,
    now: () => (wiring.today ?? (() => new Date()))().getTime(),
    logger,
    sharedStore,
  });
  await exchangeRates.refresh();
  if (config.mode === 'upstream' && !config.exchangeRatesUrl) {
    logger.info('EXCHANGE_RATES_URL is not set: prices show in USD only');
  }

  const bookingAccess = createBookingAccess(
    config.bookingTokenSecrets ?? [sandboxSecret(wiring.databasePath ?? ':memory:')],
  );

  // Sandbox mode without SMTP_URL: a catcher of its own takes the e-mails, and
  // /sandbox/outbox shows them. Loaded only then, like the sandbox itself.
  const mailCatcher =
    config.mail && !config.mail.smtpUrl
      ? await (await import('./mail/catcher.ts')).startMailCatcher()
      : undefined;
  const smtpUrl = config.mail?.smtpUrl ?? mailCatcher?.url;
  const mail = smtpUrl ? smtpDelivery(smtpUrl) : null;
  // The port asked for, until the socket says which one it got (PORT=0).
  let listeningPort = config.port;
  let outbox: Outbox | undefined;
  if (config.mail && mail) {
    const { publicUrl } = config.mail;
    const send = bookingMailer({
      upstream: wiring.upstream,
      access: bookingAccess,
      deliver: mail.deliver,
      from: config.mail.from,
      publicUrl: () => publicUrl ?? `http://localhost:${listeningPort}`,
    });
    const retryScheduleMs = config.mail.retryScheduleMs;
    const memory = createMemoryOutbox({ send, logger, metrics, retryScheduleMs });
    // With Redis, pending e-mails outlive this instance and are sent once across all.
    outbox = sharedStore.redis
      ? createRedisOutbox({
          redis: sharedStore.redis,
          send,
          fallback: memory,
          logger,
          metrics,
          retryScheduleMs,
        })
      : memory;
  }

  const operatorList = config.popularDestinations;
  // No built server entry (tests, `npm run dev`): every page renders in the browser.
  const renderPage = options.staticDir ? await loadPageRenderer(resolve(config.ssrEntry)) : null;
  const app = createApp({
    mode: config.mode,
    logger,
    accessLog: options.accessLog,
    staticDir: options.staticDir,
    version: options.version,
    upstream: wiring.upstream,
    today: wiring.today,
    sandboxImages: wiring.sandboxImages,
    mailCatcher,
    popularDestinations: operatorList ? () => operatorList : wiring.popularDestinations,
    imageOrigins: config.imageOrigins,
    behindTls: config.behindTls,
    trustProxy: config.trustProxy,
    rateLimits: options.rateLimits,
    rateLimitMaxClients: config.rateLimitMaxClients,
    sharedStore,
    metrics,
    readiness: () => readiness,
    renderPage,
    pageDataDeadlineMs: config.pageDataDeadlineMs,
    pageRendersInFlight: config.pageRendersInFlight,
    mapTiles: config.mapTiles,
    mapLabels: wiring.mapLabels,
    exchangeRates: () => exchangeRates.current(),
    bookingAccess,
    outbox,
  });
  // While draining, answers ask clients to open their next connection elsewhere.
  const fetch: typeof app.fetch = async (request, env, ctx) => {
    const response = await app.fetch(request, env, ctx);
    if (readiness === 'draining') response.headers.set('Connection', 'close');
    return response;
  };

  const { http } = config;
  const server = await new Promise<Server>((resolve) => {
    const listening = serve(
      {
        fetch,
        port: config.port,
        hostname: config.host,
        serverOptions: {
          headersTimeout: http.headersTimeoutMs,
          requestTimeout: http.requestTimeoutMs,
          keepAliveTimeout: http.keepAliveTimeoutMs,
          // Node checks the two timeouts above only this often (30 s by default).
          connectionsCheckingInterval: Math.min(1_000, http.headersTimeoutMs),
        },
      },
      () => {
        resolve(listening);
      },
    ) as Server;
  });
  server.maxConnections = http.maxConnections;
  listeningPort = (server.address() as AddressInfo).port;
  let metricsServer: MetricsServer | null = null;
  if (config.metrics) metricsServer = await serveMetrics(metrics.registry, config.metrics);
  readiness = 'ready';

  return {
    port: listeningPort,
    metricsPort: metricsServer?.port ?? null,
    keySource,
    metrics,
    close: async ({ graceMs = 10_000, drainMs = 0 } = {}) => {
      readiness = 'draining';
      if (drainMs > 0) await new Promise((wait) => setTimeout(wait, drainMs));
      await new Promise<void>((done) => {
        let finished = false;
        const finish = () => {
          if (finished) return;
          finished = true;
          done();
        };
        server.close(finish);
        // Idle keep-alive sockets would hold close() open; in-flight requests get graceMs.
        server.closeIdleConnections();
        setTimeout(() => {
          server.closeAllConnections();
          finish();
        }, graceMs).unref();
      });
      outbox?.close();
      mail?.close();
      await mailCatcher?.close();
      wiring.close();
      exchangeRates.close();
      await Promise.all([metricsServer?.close(), sharedStore.close()]);
    },
  };
}
