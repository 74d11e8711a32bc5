// The app server as a Hono app: the only thing the browser talks to.
import { Hono } from 'hono';
import type { Logger } from 'pino';
import type { HealthData, ServerMode, SuccessEnvelope } from '../src/contract/index.ts';
import type { AppEnv } from './http/env.ts';
import { errorResponse } from './http/errors.ts';
import { requestContext } from './http/request-id.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveSpa } from './http/static.ts';

export interface AppOptions {
  mode: ServerMode;
  logger: Logger;
  /** Directory of the built SPA; null serves no static files (tests, `npm run dev`). */
  staticDir: string | null;
  version: string;
  /** Origins the browser may load images from besides 'self'. */
  imageOrigins?: readonly string[];
  now?: () => number;
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const app = new Hono<AppEnv>();

  app.use(requestContext());
  app.use(securityHeaders({ imageOrigins: options.imageOrigins ?? [] }));
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    options.logger.info(
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

  app.get('/api/health', (c) => {
    const body: SuccessEnvelope<HealthData> = {
      success: true,
      message: 'ok',
      data: {
        status: 'ok',
        mode: options.mode,
        version: options.version,
        uptime_s: Math.round((now() - startedAt) / 1000),
      },
    };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });

  // Everything else under /api is a JSON 404, registered before the SPA fallback.
  app.all('/api', (c) => errorResponse(c, 'NOT_FOUND'));
  app.all('/api/*', (c) => errorResponse(c, 'NOT_FOUND'));

  if (options.staticDir) app.use(serveSpa(options.staticDir));

  app.notFound((c) => c.text('Not found', 404));
  app.onError((error, c) => {
    options.logger.error(
      { err: { name: error.name, message: error.message }, request_id: c.get('requestId') },
      'unhandled error',
    );
    return errorResponse(c, 'INTERNAL');
  });
  return app;
}
