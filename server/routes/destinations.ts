// /api/destinations/autocomplete: what the search box suggests while the traveller types.
import { Hono } from 'hono';
import { AutocompleteQuerySchema, ENDPOINTS } from '../../src/contract/index.ts';
import type { AppEnv } from '../http/env.ts';
import { forwarded, sendUpstreamResult } from '../http/upstream-response.ts';
import { parseWith, validationFailed } from '../http/validation.ts';
import type { RouteDeps } from './deps.ts';

export function destinationRoutes({ upstream, rateLimiter }: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(ENDPOINTS.autocomplete.path, rateLimiter.limit('read'), async (c) => {
    const query = parseWith(AutocompleteQuerySchema, c.req.query());
    if (!query.ok) return validationFailed(c, query.details);
    const result = await upstream.call('autocomplete', { ...forwarded(c), query: query.value });
    return sendUpstreamResult(c, result);
  });
  return app;
}
