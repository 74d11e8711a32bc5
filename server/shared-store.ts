// The Redis connection through which instances share their rate limits (REDIS_URL).
// Redis is an aid, never a dependency of answering: commands fail at once while it is
// unreachable (no offline queue) or after a short timeout while it is slow, and the
// limiter then counts in memory. A Redis that stays connected but stops answering (a
// hung or swapping server) is noticed by a ping, so health, metrics and the limiter
// call it down too. One warning per outage, one line when it is back.
import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

export type RedisState = 'up' | 'down' | 'off';

export interface SharedStore {
  /** The client the rate limiter counts through; absent without REDIS_URL. */
  readonly redis: Redis | undefined;
  state(): RedisState;
  close(): Promise<void>;
}

export interface SharedStoreOptions {
  url: string | undefined;
  /** How long one command may take before the limiter counts in memory instead. */
  commandTimeoutMs: number;
  logger: Logger;
  onStateChange?: (state: RedisState) => void;
  /** How often a connected Redis is pinged to notice it hanging; tests shorten it. */
  probeIntervalMs?: number;
}

/**
 * Pings timed out in a row before a connected Redis counts as down: one slow answer
 * (a pause of this process, a busy moment on the box) is not an outage.
 */
const MISSED_PINGS_FOR_DOWN = 3;

export const NO_SHARED_STORE: SharedStore = {
  redis: undefined,
  state: () => 'off',
  close: () => Promise.resolve(),
};

/** Where Redis is, for logs: host and port only (the URL may carry a password). */
export function redisTarget(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.hostname}:${parsed.port || '6379'}${parsed.pathname}`;
}

export function connectSharedStore(options: SharedStoreOptions): SharedStore {
  if (!options.url) return NO_SHARED_STORE;
  const { logger } = options;
  const target = redisTarget(options.url);
  const redis = new Redis(options.url, {
    enableOfflineQueue: false,
    commandTimeout: options.commandTimeoutMs,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    // Keep trying for as long as the server runs, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  let state: RedisState = 'down';
  let warned = false;
  let missedPings = 0;
  const set = (next: RedisState) => {
    if (next === state) return;
    state = next;
    options.onStateChange?.(next);
  };
  const back = () => {
    if (warned) logger.info({ redis: target }, 'redis is back: rate limits are shared again');
    warned = false;
    missedPings = 0;
    set('up');
  };
  const lost = (error?: Error) => {
    set('down');
    if (warned) return;
    warned = true;
    logger.warn(
      { redis: target, err: error ? { name: error.name, message: error.message } : undefined },
      'redis unreachable: rate limits count per instance until it is back',
    );
  };
  redis.on('ready', back);
  redis.on('error', lost);
  redis.on('close', () => {
    lost();
  });
  // One ping at a time, so that one stall of this process (which times out every
  // command in flight at once) costs one missed ping, not several.
  let pinging = false;
  const probe = setInterval(() => {
    if (pinging || redis.status !== 'ready') return; // reconnecting: 'ready' tells
    pinging = true;
    redis
      .ping()
      .then(
        () => {
          if (state === 'down') back();
          missedPings = 0;
        },
        (error: unknown) => {
          if (++missedPings >= MISSED_PINGS_FOR_DOWN) {
            lost(error instanceof Error ? error : undefined);
          }
        },
      )
      .finally(() => {
        pinging = false;
      });
  }, options.probeIntervalMs ?? 1_000);
  probe.unref();
  return {
    redis,
    state: () => state,
    close: async () => {
      clearInterval(probe);
      redis.removeAllListeners();
      redis.on('error', () => undefined);
      redis.disconnect();
      return Promise.resolve();
    },
  };
}
