// The app server as a Hono app: the only thing the browser talks to. /api is an
// allowlist (the contract's browser endpoints, the traveller look-ups and health);
// one sub-app per resource; every upstream call goes through the one client.
import { Hono, type Context } from 'hono';
import { createHmac, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { accessLogger } from './logger.ts';
import {
  systemNow,
  type MapTiles,
  type Now,
  type RenderPage,
  type ServerMode,
} from '../src/contract/index.ts';
import { clientKeys, viaTrustedProxy, type TrustProxy } from './http/client-address.ts';
import type { AppEnv } from './http/env.ts';
import { errorResponse } from './http/errors.ts';
import { routePath } from 'hono/route';
import { createRateLimiter, type ClassLimits, type RateLimitClass } from './http/rate-limit.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { healthRoutes, type Readiness } from './routes/health.ts';
import { NO_SHARED_STORE, type SharedStore } from './shared-store.ts';
import { requestContext } from './http/request-id.ts';
import { reachedOverTls, securityHeaders } from './http/security-headers.ts';
import {
  DEFAULT_PAGE_DATA_DEADLINE_MS,
  DEFAULT_PAGE_RENDERS_IN_FLIGHT,
  type PageRenderOutcome,
} from './http/pages.ts';
import { serveSpa } from './http/static.ts';
import { createBookingAccess, type BookingAccess } from './booking-access.ts';
import { NO_OUTBOX, type Outbox } from './mail/outbox.ts';
import { bookingRoutes, DEFAULT_LOOKUP_MIN_DURATION_MS } from './routes/bookings.ts';
import type { RouteDeps } from './routes/deps.ts';
import { destinationRoutes } from './routes/destinations.ts';
import { hotelRoutes } from './routes/hotels.ts';
import { exchangeRateRoutes } from './routes/exchange-rates.ts';
import { masterDataRoutes } from './routes/master-data.ts';
import { sandboxImageRoutes } from './routes/sandbox-images.ts';
import { sandboxOutboxRoutes } from './routes/sandbox-outbox.ts';
import { preferenceRoutes } from './routes/preferences.ts';
import { OPENAPI_PATH, openApiRoutes } from './routes/openapi.ts';
import type { MailCatcher } from './mail/catcher.ts';
import type { UpstreamClient } from './upstream/client.ts';
import type { FetchHandler } from './upstream/transport.ts';

export interface AppOptions {
  mode: ServerMode;
  logger: Logger;
  /** The one line per request; absent, a child of `logger` (tests read both from one stream). */
  accessLog?: Logger;
  /** Directory of the built SPA; null serves no static files (tests, `npm run dev`). */
  staticDir: string | null;
  version: string;
  /** The one client of the hotel API (embedded sandbox or remote). */
  upstream: UpstreamClient;
  /** Origins the browser may load images from besides 'self'. */
  imageOrigins?: readonly string[];
  /** Clock of health's uptime and of the rate limits. */
  now?: () => number;
  /** Clock of "today" for check_in rules; the sandbox's clock in sandbox mode. */
  today?: Now;
  /** Sandbox mode: the sandbox app, for its images at /sandbox/images/*. */
  sandboxImages?: FetchHandler;
  /** Sandbox mode: the mail catcher its e-mails go to, shown at /sandbox/outbox. */
  mailCatcher?: MailCatcher;
  /** Reached over TLS through a terminating proxy: send HSTS (HSTS_BEHIND_TLS). */
  behindTls?: boolean;
  /** Proxies in front whose X-Forwarded-For is trusted (TRUST_PROXY). */
  trustProxy?: TrustProxy;
  rateLimits?: Partial<Record<RateLimitClass, ClassLimits>>;
  /** Clients tracked per rate-limit class before newcomers share one budget. */
  rateLimitMaxClients?: number;
  /** The secret of the rate limits' overflow buckets (tests fix it; random otherwise). */
  rateLimitOverflowSecret?: Uint8Array;
  /** Redis for rate limits shared between instances; absent, per instance. */
  sharedStore?: SharedStore;
  /** This instance's metrics (the upstream client reports to the same object). */
  metrics?: Metrics;
  /** Readiness for /api/health/ready; always ready when absent (tests). */
  readiness?: () => Readiness;
  /** The home page's popular destinations: the operator's list, or the sandbox's biggest cities. */
  popularDestinations?: RouteDeps['popularDestinations'];
  /** Booking e-mails (SMTP_URL); none when absent. */
  outbox?: Outbox;
  /** Signs and checks bookings' access tokens (BOOKING_TOKEN_SECRET); a random secret when absent. */
  bookingAccess?: BookingAccess;
  /** Floor of a booking look-up's duration (see routes/bookings.ts). */
  lookupMinDurationMs?: number;
  /** A street map's tiles for the results map (MAP_TILE_URL); absent, the offline basemap. */
  mapTiles?: MapTiles | null;
  /** Names for the offline basemap: the sandbox's places in sandbox mode. */
  mapLabels?: RouteDeps['mapLabels'];
  /** The exchange rates to convert prices with (none: USD only). */
  exchangeRates?: RouteDeps['exchangeRates'];
  /** The app's server entry: results and hotel pages rendered here with their first data. */
  renderPage?: RenderPage | null;
  /** How long a rendered page waits for its data (PAGE_DATA_DEADLINE_MS). */
  pageDataDeadlineMs?: number;
  /** Renders in flight at once; beyond it, the plain shell (PAGE_RENDERS_IN_FLIGHT). */
  pageRendersInFlight?: number;
}

/** The metrics label of a request: its route template, never the raw path. */
function routeLabel(path: string): string {
  if (path === '/api' || path === '/api/*') return 'unmatched';
  if (path.startsWith('/api/') || path.startsWith('/sandbox/')) return path;
  return 'static';
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  const now = options.now ?? Date.now;
  const app = new Hono<AppEnv>();

  const metrics = options.metrics ?? createMetrics({ processMetrics: false });
  const sharedStore = options.sharedStore ?? NO_SHARED_STORE;

  app.use(requestContext());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    metrics.request(
      routeLabel(routePath(c)),
      c.req.method,
      c.res.status,
      (performance.now() - started) / 1000,
    );
  });
  const tls = {
    behindTls: options.behindTls ?? false,
    viaTrustedProxy: (c: Context<AppEnv>) => viaTrustedProxy(c, options.trustProxy ?? 0),
  };
  app.use(
    securityHeaders({
      imageOrigins: [
        ...(options.imageOrigins ?? []),
        // The street map's tiles are pictures from the one host the operator named.
        ...(options.mapTiles ? [new URL(options.mapTiles.url_template).origin] : []),
      ],
      ...tls,
    }),
  );
  const access = options.accessLog ?? accessLogger(options.logger);
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // Method, path (never the query), status, timing, ids: no bodies, no headers.
    access.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        request_id: c.get('requestId'),
        upstream_attempts: c.get('upstreamAttempts'),
      },
      'request',
    );
  });
  // Prices, bookings and personal data: nothing under /api is stored by caches.
  app.use('/api/*', async (c, next) => {
    await next();
    // The one exception: the API's own document, the same for everyone until a release.
    if (c.req.path === `/api${OPENAPI_PATH}` && [200, 304].includes(c.res.status)) return;
    c.res.headers.set('Cache-Control', 'no-store');
  });

  if (options.mode === 'sandbox') {
    // The sandbox cannot tell shoppers apart (one key, no address): it gets an opaque id
    // per client, an HMAC under a secret of this process, never the address itself.
    const secret = randomBytes(32);
    app.use(async (c, next) => {
      const { client } = clientKeys(c, options.trustProxy ?? 0);
      c.set(
        'shopper',
        createHmac('sha256', secret).update(client).digest('base64url').slice(0, 22),
      );
      await next();
    });
  }

  const rateLimiter = createRateLimiter({
    limits: options.rateLimits,
    clientOf: (c) => clientKeys(c, options.trustProxy ?? 0),
    maxClients: options.rateLimitMaxClients,
    overflowSecret: options.rateLimitOverflowSecret,
    sharedStore,
    onLimited: (rateClass) => {
      metrics.rateLimited(rateClass);
    },
  });
  const deps: RouteDeps = {
    upstream: options.upstream,
    today: options.today ?? systemNow,
    popularDestinations: options.popularDestinations ?? (() => []),
    mapTiles: options.mapTiles ?? null,
    mapLabels: options.mapLabels ?? (() => []),
    exchangeRates: options.exchangeRates ?? (() => null),
    outbox: options.outbox ?? NO_OUTBOX,
    bookingAccess:
      options.bookingAccess ?? createBookingAccess([randomBytes(32).toString('base64url')]),
    rateLimiter,
    metrics,
  };
  app.route(
    '/api',
    healthRoutes({
      mode: options.mode,
      version: options.version,
      now,
      redisState: () => sharedStore.state(),
      metrics,
      readiness: options.readiness ?? (() => 'ready'),
    }),
  );
  app.route('/api', hotelRoutes(deps));
  app.route('/api', destinationRoutes(deps));
  app.route('/api', masterDataRoutes(deps));
  app.route('/api', exchangeRateRoutes(deps));
  app.route('/api', openApiRoutes(deps, options.version));
  app.route(
    '/api',
    bookingRoutes(deps, {
      minDurationMs: options.lookupMinDurationMs ?? DEFAULT_LOOKUP_MIN_DURATION_MS,
    }),
  );

  // Everything else under /api is a JSON 404, registered before the SPA fallback.
  app.all('/api', (c) => errorResponse(c, 'NOT_FOUND'));
  app.all('/api/*', (c) => errorResponse(c, 'NOT_FOUND'));

  if (options.sandboxImages) {
    app.route('/sandbox', sandboxImageRoutes(options.sandboxImages, '/sandbox'));
  }
  if (options.mailCatcher) app.route('/sandbox', sandboxOutboxRoutes(options.mailCatcher));
  app.route(
    '/',
    preferenceRoutes((c) => reachedOverTls(c, tls)),
  );
  if (options.staticDir) {
    const rendering = options.renderPage
      ? {
          render: options.renderPage,
          // The page's calls go through every middleware above, as the shopper's own would.
          api: async (request: Request, c: Context<AppEnv>) => app.fetch(request, c.env),
          dataDeadlineMs: options.pageDataDeadlineMs ?? DEFAULT_PAGE_DATA_DEADLINE_MS,
          logger: options.logger,
          limit: (c: Context<AppEnv>) => rateLimiter.admit('page', c),
          maxInFlight: options.pageRendersInFlight ?? DEFAULT_PAGE_RENDERS_IN_FLIGHT,
          onOutcome: (outcome: PageRenderOutcome) => {
            metrics.pageRender(outcome);
          },
        }
      : null;
    app.use(serveSpa(options.staticDir, rendering));
  }

  app.notFound((c) => c.text('Not found', 404));
  app.onError((error, c) => {
    // A client that hangs up mid-request is a client event, not our error: anyone could
    // fill the error log that way. Nobody reads the answer (499, as proxies log it).
    if (c.req.raw.signal.aborted || error.message === 'aborted') {
      options.logger.info({ request_id: c.get('requestId') }, 'client went away');
      return new Response(null, { status: 499 });
    }
    options.logger.error(
      { err: { name: error.name, message: error.message }, request_id: c.get('requestId') },
      'unhandled error',
    );
    return errorResponse(c, 'INTERNAL');
  });
  return app;
}
