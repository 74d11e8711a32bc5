// How a client of the API waits before trying again: the browser before it retries
// /api, the app server before it retries the hotel API. One rule for both
// (docs/api.md, "Retries and time budgets").

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
