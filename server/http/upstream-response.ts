// Turns what the upstream client got into the answer to the browser: the same
// envelope, status and data (already parsed with the contract), the attempts for
// the access log, and our request id on errors.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorEnvelope, SuccessEnvelope } from '../../src/contract/index.ts';
import type { UpstreamResult } from '../upstream/client.ts';
import type { AppEnv } from './env.ts';

export function countAttempts(c: Context<AppEnv>, result: { attempts: number }): void {
  c.set('upstreamAttempts', c.get('upstreamAttempts') + result.attempts);
}

export function sendUpstreamResult<T>(c: Context<AppEnv>, result: UpstreamResult<T>): Response {
  countAttempts(c, result);
  if (result.ok) {
    c.header('Content-Language', result.contentLanguage ?? c.get('language'));
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    const body: SuccessEnvelope<T> = { success: true, message: result.message, data: result.data };
    return c.json(body, result.status as ContentfulStatusCode);
  }
  if (result.retryAfterS !== null) c.header('Retry-After', String(result.retryAfterS));
  // A book's recorded 409/410 replayed says so too: a replay is the first answer again,
  // header included.
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  const body: ErrorEnvelope = {
    success: false,
    message: result.message,
    error: { code: result.code, details: result.details, request_id: c.get('requestId') },
  };
  return c.json(body, result.status as ContentfulStatusCode);
}

/** The per-request part of every upstream call. */
export function forwarded(c: Context<AppEnv>) {
  return { requestId: c.get('requestId'), language: c.get('language'), shopper: c.get('shopper') };
}
