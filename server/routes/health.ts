// /api/health: up, in which mode (sandbox or upstream), which version. Never the key.
import { Hono } from 'hono';
import type { HealthData, ServerMode, SuccessEnvelope } from '../../src/contract/index.ts';
import type { AppEnv } from '../http/env.ts';

export function healthRoutes(options: {
  mode: ServerMode;
  version: string;
  now: () => number;
}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const startedAt = options.now();
  app.get('/health', (c) => {
    const body: SuccessEnvelope<HealthData> = {
      success: true,
      message: 'ok',
      data: {
        status: 'ok',
        mode: options.mode,
        version: options.version,
        uptime_s: Math.round((options.now() - startedAt) / 1000),
      },
    };
    return c.json(body);
  });
  return app;
}
