// Per-client rate limits: one token bucket per client and class, in memory and
// bounded (least recently seen clients are forgotten first). Answers 429
// RATE_LIMITED with Retry-After.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';

export interface BucketSpec {
  /** Requests allowed at once. */
  capacity: number;
  /** Tokens regained per second. */
  refillPerSecond: number;
}

export type RateLimitClass = 'read' | 'search' | 'booking' | 'lookup';

/**
 * - read (autocomplete, nationalities, filters, content, price polling): a shopper
 *   polls prices every 2 s and autocompletes while typing; 4/s sustained is ~8×
 *   the polling rate, with room for a burst of page loads.
 * - search (search, room options): each one costs supplier calls upstream; a burst
 *   of 30 covers rapid filter changes, then one every 2 s.
 * - booking (prebook, book): a traveller needs a handful; one every 30 s after 10.
 * - lookup (booking look-up and cancel): references must not be probed; 5 at once,
 *   then one a minute.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitClass, BucketSpec>> = {
  read: { capacity: 120, refillPerSecond: 4 },
  search: { capacity: 30, refillPerSecond: 0.5 },
  booking: { capacity: 10, refillPerSecond: 1 / 30 },
  lookup: { capacity: 5, refillPerSecond: 1 / 60 },
};

interface Bucket {
  tokens: number;
  updatedMs: number;
}

export type TakeResult = { allowed: true } | { allowed: false; retryAfterS: number };

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly spec: BucketSpec,
    private readonly maxClients: number,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.buckets.size;
  }

  take(client: string): TakeResult {
    const now = this.now();
    const bucket = this.buckets.get(client);
    let tokens = this.spec.capacity;
    if (bucket) {
      const elapsedS = Math.max(0, now - bucket.updatedMs) / 1000;
      tokens = Math.min(this.spec.capacity, bucket.tokens + elapsedS * this.spec.refillPerSecond);
      // Re-inserted below, so Map order is least recently seen first.
      this.buckets.delete(client);
    } else if (this.buckets.size >= this.maxClients) {
      const oldest = this.buckets.keys().next();
      if (!oldest.done) this.buckets.delete(oldest.value);
    }
    if (tokens >= 1) {
      this.buckets.set(client, { tokens: tokens - 1, updatedMs: now });
      return { allowed: true };
    }
    this.buckets.set(client, { tokens, updatedMs: now });
    return {
      allowed: false,
      retryAfterS: Math.max(1, Math.ceil((1 - tokens) / this.spec.refillPerSecond)),
    };
  }
}

export interface RateLimiter {
  limit(rateClass: RateLimitClass): MiddlewareHandler<AppEnv>;
}

export function createRateLimiter(options: {
  limits?: Partial<Record<RateLimitClass, BucketSpec>>;
  clientOf: (c: Context<AppEnv>) => string;
  now?: () => number;
  maxClients?: number;
}): RateLimiter {
  const now = options.now ?? Date.now;
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.limits };
  const buckets = Object.fromEntries(
    (Object.keys(limits) as RateLimitClass[]).map((name) => [
      name,
      new TokenBuckets(limits[name], options.maxClients ?? 20_000, now),
    ]),
  ) as Record<RateLimitClass, TokenBuckets>;

  return {
    limit(rateClass) {
      return async (c, next) => {
        const taken = buckets[rateClass].take(options.clientOf(c));
        if (!taken.allowed) {
          return errorResponse(c, 'RATE_LIMITED', undefined, [], {
            'Retry-After': String(taken.retryAfterS),
          });
        }
        await next();
        return undefined;
      };
    },
  };
}
