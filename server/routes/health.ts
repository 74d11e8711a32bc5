// /api/health is liveness: up, in which mode, which version, whether rate limits are
// shared through Redis and how the hotel API has been answering. Never the key.
// /api/health/ready is readiness: 503 while starting and while draining, so a load
// balancer stops sending before the instance closes. A failing hotel API does not make
// an instance unready: every instance shares that API, and taking them all out at once
// would turn a partial outage into a full one.
import { Hono } from 'hono';
import type * as z from 'zod/mini';
import {
  successEnvelope,
  type HealthDataSchema,
  type ReadyDataSchema,
  type ServerMode,
} from '../../src/contract/index.ts';
import type { AppEnv } from '../http/env.ts';
import { errorResponse } from '../http/errors.ts';
import type { Metrics } from '../metrics.ts';
import type { RedisState } from '../shared-store.ts';

export type Readiness = 'starting' | 'ready' | 'draining';

export function healthRoutes(options: {
  mode: ServerMode;
  version: string;
  now: () => number;
  redisState: () => RedisState;
  metrics: Metrics;
  readiness: () => Readiness;
}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const startedAt = options.now();
  app.get('/health', (c) =>
    c.json(
      successEnvelope('ok', {
        status: 'ok' as const,
        mode: options.mode,
        version: options.version,
        uptime_s: Math.round((options.now() - startedAt) / 1000),
        redis: options.redisState(),
        upstream: options.metrics.upstreamState(),
      } satisfies z.output<typeof HealthDataSchema>),
    ),
  );
  app.get('/health/ready', (c) => {
    const readiness = options.readiness();
    if (readiness !== 'ready') return errorResponse(c, 'NOT_READY');
    return c.json(
      successEnvelope('ready', { status: readiness } satisfies z.output<typeof ReadyDataSchema>),
    );
  });
  return app;
}
