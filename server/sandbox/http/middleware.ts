// The sandbox's cross-cutting behaviour: request ids and language on every response,
// the API key, and faults on demand for testing clients against a misbehaving upstream.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { isValidRequestId, resolveLanguage } from '../../../src/contract/index.ts';
import type { SandboxFaults } from '../app.ts';
import { hashString, Rng } from '../inventory/random.ts';
import type { SandboxEnv } from './env.ts';
import { errorResponse } from './errors.ts';

/** X-Request-Id (a caller's valid id is echoed) and Content-Language on every response. */
export function requestContext(): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const sent = c.req.header('x-request-id');
    const requestId = isValidRequestId(sent) ? sent : randomUUID();
    const language = resolveLanguage(c.req.header('language'));
    c.set('requestId', requestId);
    c.set('language', language);
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    c.res.headers.set('Content-Language', language);
  };
}

/** 401 without a known x-api-key. */
export function requireApiKey(apiKeys: readonly string[]): MiddlewareHandler<SandboxEnv> {
  const known = new Set(apiKeys);
  return async (c, next) => {
    const key = c.req.header('x-api-key');
    if (key === undefined || !known.has(key)) return errorResponse(c, 'UNAUTHORIZED');
    c.set('apiKey', key);
    await next();
  };
}

export const FAULT_HEADER = 'X-Sandbox-Fault';
const FAULT_KINDS = ['429', '500', 'slow'] as const;
type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * Faults on demand: the X-Sandbox-Fault header forces one (429, 500 or slow); the
 * configured rates draw them at random from a stream seeded by SANDBOX_SEED, so a run
 * with the same seed and the same requests fails the same way.
 */
export function injectFaults(
  faults: SandboxFaults,
  seed: string,
  sleep: (ms: number) => Promise<void>,
): MiddlewareHandler<SandboxEnv> {
  const rng = new Rng(hashString(`${seed}|faults`));
  return async (c, next) => {
    const header = c.req.header(FAULT_HEADER);
    let fault: FaultKind | null = null;
    if (header !== undefined) {
      const value = header.trim().toLowerCase();
      if (!(FAULT_KINDS as readonly string[]).includes(value)) {
        return errorResponse(c, 'VALIDATION_FAILED', {
          details: [{ field: FAULT_HEADER, message: 'must be one of 429, 500, slow' }],
        });
      }
      fault = value as FaultKind;
    } else if (faults.rate429 > 0 || faults.rate500 > 0 || faults.rateSlow > 0) {
      const roll = rng.next();
      if (roll < faults.rate429) fault = '429';
      else if (roll < faults.rate429 + faults.rate500) fault = '500';
      else if (rng.next() < faults.rateSlow) fault = 'slow';
    }
    if (fault === '429')
      return errorResponse(c, 'RATE_LIMITED', { headers: { 'Retry-After': '1' } });
    if (fault === '500') return errorResponse(c, 'INTERNAL');
    if (fault === 'slow') await sleep(faults.slowMs);
    await next();
  };
}
