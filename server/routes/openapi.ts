// GET /api/openapi.json: the OpenAPI document of /api (server/openapi/document.ts), for
// teams building on it. The one /api answer a cache may keep: it changes only with a
// release, so it carries an ETag and is revalidated (no-cache) rather than never stored.
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { OPENAPI_PATH, servedOpenApi } from '../openapi/document.ts';
import type { RouteDeps } from './deps.ts';

export { OPENAPI_PATH };

export function openApiRoutes({ rateLimiter }: RouteDeps, version: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let served: ReturnType<typeof servedOpenApi> | null = null;
  app.get(OPENAPI_PATH, rateLimiter.limit('read'), (c) => {
    served ??= servedOpenApi(version);
    const headers = { ETag: served.etag, 'Cache-Control': 'no-cache' };
    const known = c.req
      .header('if-none-match')
      ?.split(',')
      .map((tag) => tag.trim());
    if (known?.includes(served.etag) || known?.includes('*')) return c.body(null, 304, headers);
    return c.body(served.body, 200, {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
    });
  });
  return app;
}
