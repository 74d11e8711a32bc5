// When a client of the API tries again, and how long it waits first: the browser before it
// retries /api, the app server before it retries the hotel API. One rule for both
// (docs/api.md, "Error codes" and "Retries and time budgets").
import type { RetryPolicy } from './endpoints.ts';

/** Answers worth another attempt: rate limiting and the server failures that pass. */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/** How a call failed, as the retry rule reads it: no answer at all, or a status and code. */
export type CallFailure =
  { kind: 'network' } | { kind: 'response'; status: number; code: string | null };

/**
 * Whether sending the same request again may succeed: after no answer, a 429 or a
 * transient 5xx; for a call sent with an Idempotency-Key (`idempotent`: book) also after
 * 409 IDEMPOTENCY_IN_PROGRESS, the same key still being booked. A `never` call (prebook)
 * is not retried on its caller's behalf.
 */
export function isWorthRetrying(policy: RetryPolicy, failure: CallFailure): boolean {
  if (policy === 'never') return false;
  if (failure.kind === 'network') return true;
  if (TRANSIENT_STATUSES.has(failure.status)) return true;
  return (
    policy === 'idempotent' && failure.status === 409 && failure.code === 'IDEMPOTENCY_IN_PROGRESS'
  );
}

/**
 * Whether the browser should send a booking again itself, with the same key and bytes: only
 * when our server did not take the request in — no answer at all, a 429 (its own limits, or
 * the hotel API's passed on, with Retry-After), or 503 NOT_READY (an instance draining:
 * another takes the next connection). Whatever the server answered after calling the hotel
 * API (500, 502, 504, 409 IDEMPOTENCY_IN_PROGRESS) it has already retried there, up to three
 * times: sending again at once would multiply those attempts, so the outcome stays unknown
 * and the shopper's "Try again" sends the same request (docs/decisions/047-booking-sends.md).
 */
export function isWorthResendingBook(failure: CallFailure): boolean {
  if (failure.kind === 'network') return true;
  return failure.status === 429 || (failure.status === 503 && failure.code === 'NOT_READY');
}

/**
 * "Equal jitter": between half and all of base·2^exponent, capped, so delays grow but
 * callers that failed together do not retry together. `exponent` is 0 for the first retry.
 */
export function equalJitterMs(
  exponent: number,
  baseMs: number,
  capMs: number,
  random: () => number,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** exponent);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d{1,9}$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at) || !/[a-z]/i.test(value)) return null;
  return Math.max(0, at - nowMs);
}
