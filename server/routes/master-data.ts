// /api/master-data/nationalities: the guest nationality list, in the request's language.
import { Hono } from 'hono';
import { ENDPOINTS } from '../../src/contract/index.ts';
import type { AppEnv } from '../http/env.ts';
import { forwarded, sendUpstreamResult } from '../http/upstream-response.ts';
import type { RouteDeps } from './deps.ts';

export function masterDataRoutes({ upstream, rateLimiter }: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(ENDPOINTS.nationalities.path, rateLimiter.limit('read'), async (c) => {
    const result = await upstream.call('nationalities', forwarded(c));
    return sendUpstreamResult(c, result);
  });
  return app;
}
