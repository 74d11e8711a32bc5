// How long to wait before trying the hotel API again: exponential backoff with jitter,
// never shorter than the upstream's Retry-After (see docs/api.md, "Retries and time
// budgets"). Whether to try again at all is the contract's rule (isWorthRetrying).
import { equalJitterMs } from '../../src/contract/index.ts';

/** Time as the client sees it; injectable so tests assert delays without waiting. */
export interface UpstreamClock {
  /** Epoch milliseconds. */
  now(): number;
  /** Waits between attempts. */
  sleep(ms: number): Promise<void>;
  /** Jitter source in [0, 1). */
  random(): number;
  /** Calls `onFire` after `ms` unless the returned cancel function runs first (timeouts). */
  setTimer(ms: number, onFire: () => void): () => void;
}

export const systemClock: UpstreamClock = {
  now: Date.now,
  sleep: (ms) =>
    new Promise((resolve) => {
      setTimeout(resolve, ms);
    }),
  random: Math.random,
  setTimer(ms, onFire) {
    const timer = setTimeout(onFire, ms);
    return () => {
      clearTimeout(timer);
    };
  },
};

export interface RetrySettings {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Delay before the first retry; doubles for each next one. */
  baseDelayMs: number;
  /** Cap of the exponential part (Retry-After may ask for more, within the budget). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetrySettings = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 2_000 };

/**
 * Delay before retry number `retry` (1 for the first): the contract's equal jitter of
 * base·2^(retry−1) capped at maxDelayMs, never less than Retry-After.
 */
export function backoffDelayMs(
  retry: number,
  settings: RetrySettings,
  random: () => number,
  retryAfterMs: number | null,
): number {
  const jittered = equalJitterMs(retry - 1, settings.baseDelayMs, settings.maxDelayMs, random);
  return Math.max(jittered, retryAfterMs ?? 0);
}
