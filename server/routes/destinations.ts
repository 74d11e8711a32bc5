// /api/destinations/autocomplete: what the search box suggests while the traveller types.
import { Hono } from 'hono';
import { AutocompleteQuerySchema, ENDPOINTS } from '../../src/contract/index.ts';
import type { AppEnv } from '../http/env.ts';
import { forwarded, sendUpstreamResult } from '../http/upstream-response.ts';
import { validated } from '../http/validation.ts';
import type { RouteDeps } from './deps.ts';

export function destinationRoutes({ upstream, rateLimiter }: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(
    ENDPOINTS.autocomplete.path,
    rateLimiter.limit('read'),
    validated({ query: AutocompleteQuerySchema }, async (c, { query }) =>
      sendUpstreamResult(c, await upstream.call('autocomplete', { ...forwarded(c), query })),
    ),
  );
  return app;
}
