// /api/destinations/autocomplete: what the search box suggests while the traveller types.
// /api/destinations/popular: what the home page offers before anything is typed; the app
// server's own list (docs/api.md, "Popular destinations"), not a call of the hotel API.
// /api/map/settings: the basemap the results map draws (docs/api.md, "Map settings"), and
// /api/map/labels: the names written on the offline one.
import { Hono } from 'hono';
import {
  AutocompleteQuerySchema,
  ENDPOINTS,
  MAP_LABELS_PATH,
  MAP_SETTINGS_PATH,
  MapLabelsQuerySchema,
  POPULAR_DESTINATIONS_PATH,
  successEnvelope,
} from '../../src/contract/index.ts';
import type { AppEnv } from '../http/env.ts';
import { forwarded, sendUpstreamResult } from '../http/upstream-response.ts';
import { validated } from '../http/validation.ts';
import type { RouteDeps } from './deps.ts';

export function destinationRoutes({
  upstream,
  rateLimiter,
  popularDestinations,
  mapTiles,
  mapLabels,
}: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(
    ENDPOINTS.autocomplete.path,
    validated(
      { query: AutocompleteQuerySchema },
      rateLimiter.guard('read', async (c, { query }) =>
        sendUpstreamResult(c, await upstream.call('autocomplete', { ...forwarded(c), query })),
      ),
    ),
  );
  app.get(POPULAR_DESTINATIONS_PATH, rateLimiter.limit('read'), (c) => {
    const destinations = popularDestinations(c.get('language'));
    return c.json(successEnvelope(`${destinations.length} popular destinations`, { destinations }));
  });
  app.get(
    MAP_LABELS_PATH,
    validated(
      { query: MapLabelsQuerySchema },
      rateLimiter.guard('read', (c, { query }) => {
        const labels = mapLabels(query);
        return Promise.resolve(c.json(successEnvelope(`${labels.length} labels`, { labels })));
      }),
    ),
  );
  app.get(MAP_SETTINGS_PATH, rateLimiter.limit('read'), (c) =>
    c.json(
      successEnvelope(mapTiles ? 'street map tiles' : 'the offline basemap', { tiles: mapTiles }),
    ),
  );
  return app;
}
