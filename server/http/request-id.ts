// X-Request-Id on every response: a caller's valid id is kept, otherwise one is made.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { isValidRequestId, resolveLanguage } from '../../src/contract/index.ts';
import type { AppEnv } from './env.ts';

export function requestContext(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sent = c.req.header('x-request-id');
    const requestId = isValidRequestId(sent) ? sent : randomUUID();
    c.set('requestId', requestId);
    c.set('language', resolveLanguage(c.req.header('language')));
    c.set('upstreamAttempts', 0);
    await next();
    c.res.headers.set('X-Request-Id', requestId);
  };
}
