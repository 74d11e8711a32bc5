// The embedded sandbox of the hotel API: a Hono app of its own that implements the
// hotel API's surface (docs/api.md) at its root. The app server reaches it through
// the same upstream client code as a remote {base_url} (an in-process transport).
//
// INTERFACE (agreed between the sandbox and the app server; everything behind it is
// the sandbox's own business):
//   createSandbox(options) → { app, close, fetchImage, popularDestinations, mapLabels }
//   - app.fetch(request) answers every upstream endpoint at the root (/hotels/search, …)
//     and GET /images/* (public, no key) for the hotel images it generates.
//   - image URLs in responses are `${publicBaseUrl}/images/…`; the app server mounts
//     fetchImage at /sandbox/images/* and passes publicBaseUrl '/sandbox'.
//   - popularDestinations and mapLabels are not endpoints of the hotel API: the app
//     server offers them in sandbox mode where an operator would configure its own.
//   - options.now(): the sandbox clock in ms; SANDBOX_NOW starts it at a fixed instant
//     and it then runs at real speed, so refresh simulation and expiries still progress.
//
// Route modules are registered in ROUTE_MODULES below, after the key check and the
// fault injection; a new endpoint's module is added there.
import { Hono } from 'hono';
import type {
  Language,
  MapLabel,
  MapLabelsQuery,
  PopularDestination,
} from '../../src/contract/index.ts';
import { registerBookRoutes } from './booking/book.ts';
import { registerBookingRoutes } from './booking/bookings.ts';
import { registerPrebookRoutes } from './booking/prebook.ts';
import { mapLabelsOf } from './catalog/labels.ts';
import { popularDestinationsOf } from './catalog/popular.ts';
import { registerCatalogRoutes } from './catalog/routes.ts';
import type { SandboxContext } from './context.ts';
import { openSandboxDatabase } from './db/database.ts';
import { BookingStore } from './db/store.ts';
import { registerContentRoutes } from './hotel/content.ts';
import { registerRoomRoutes } from './hotel/rooms.ts';
import { BookingTokenStore } from './hotel/tokens.ts';
import type { SandboxEnv } from './http/env.ts';
import { errorResponse } from './http/errors.ts';
import { injectFaults, requestContext, requireApiKey } from './http/middleware.ts';
import { registerImageRoutes } from './images/routes.ts';
import { imageUrls } from './images/urls.ts';
import { loadInventory } from './inventory/generate.ts';
import type { SandboxOptions } from './options.ts';
import { QuoteCache } from './pricing/cache.ts';
import { registerScenarioRoutes } from './scenarios/routes.ts';
import { withScenarioHotels } from './scenarios/scenarios.ts';
import { MedianCache } from './search/medians.ts';
import { registerSearchRoutes } from './search/routes.ts';
import { DEFAULT_SESSION_LIMITS, SessionStore } from './search/session.ts';

export { NO_FAULTS, SANDBOX_DEMO_KEY } from './options.ts';
export type { SandboxFaults, SandboxOptions } from './options.ts';
export type { SandboxContext } from './context.ts';
export type { SandboxEnv } from './http/env.ts';

export interface Sandbox {
  app: Hono<SandboxEnv>;
  /** Closes the database and stops timers. */
  close(): void;
  /** The shared state, for the route modules and for tests. */
  context: SandboxContext;
  /** GET /images/* (public, no key), for the app server to serve at /sandbox/images/*. */
  fetchImage: (request: Request) => Response | Promise<Response>;
  /** Its biggest cities, each pictured, for a home page (ranked on first use). */
  popularDestinations: (language: Language) => PopularDestination[];
  /** Its places in a map view, for an offline basemap (indexed on first use). */
  mapLabels: (view: MapLabelsQuery) => MapLabel[];
}

/** A route module: registers its endpoints on the sandbox app. */
export type RouteModule = (app: Hono<SandboxEnv>, ctx: SandboxContext) => void;

/** The API's endpoints (behind x-api-key), in registration order. */
const ROUTE_MODULES: readonly RouteModule[] = [
  registerSearchRoutes,
  registerCatalogRoutes,
  registerRoomRoutes,
  registerContentRoutes,
  registerPrebookRoutes,
  registerBookRoutes,
  registerBookingRoutes,
  registerScenarioRoutes,
];

function realSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const sleep = options.sleep ?? realSleep;
  // Opened (and migrated) first: a bad SANDBOX_DB stops the start before anything else.
  const database = openSandboxDatabase(options.dbPath);
  const context: SandboxContext = {
    options,
    // The scenario hotels (scenarios/scenarios.ts) replace four Lisbon hotels in a copy.
    inventory: withScenarioHotels(loadInventory(options.seed, options.inventoryScale)),
    now: options.now,
    sleep,
    sessions: new SessionStore(options.sessionLimits ?? DEFAULT_SESSION_LIMITS),
    quotes: new QuoteCache(),
    medians: new MedianCache(),
    images: imageUrls(options.publicBaseUrl, options.seed),
    store: new BookingStore(database),
    tokens: new BookingTokenStore(),
  };

  const app = new Hono<SandboxEnv>();
  app.use(requestContext());
  // Pictures are public: browsers load them from <img> tags, without a key.
  registerImageRoutes(app, context);
  app.use(requireApiKey(options.apiKeys));
  app.use(injectFaults(options.faults, options.seed, sleep));
  for (const register of ROUTE_MODULES) register(app, context);

  app.notFound((c) => errorResponse(c, 'NOT_FOUND'));
  app.onError((_error, c) => errorResponse(c, 'INTERNAL'));
  const close = () => {
    if (database.open) database.close();
  };
  // Ranked and indexed when first asked: a sandbox for tests or `npm run sandbox` never is.
  let popular: ((language: Language) => PopularDestination[]) | null = null;
  let labels: ((view: MapLabelsQuery) => MapLabel[]) | null = null;
  return {
    app,
    close,
    context,
    fetchImage: (request) => app.fetch(request),
    popularDestinations: (language) => (popular ??= popularDestinationsOf(context))(language),
    mapLabels: (view) => (labels ??= mapLabelsOf(context))(view),
  };
}
