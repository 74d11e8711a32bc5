// Per-client rate limits through rate-limiter-flexible: points in fixed windows per
// client and class. With Redis (REDIS_URL) every instance counts in the same place;
// without it, or while Redis is unreachable or slow, each instance counts in memory
// (the library's insurance limiter). Answers 429 RATE_LIMITED with Retry-After.
import type { Context, MiddlewareHandler } from 'hono';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { ClientKeys } from './client-address.ts';
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';

export type RateLimitClass = 'read' | 'search' | 'booking' | 'lookup';
export const RATE_LIMIT_CLASSES: readonly RateLimitClass[] = [
  'read',
  'search',
  'booking',
  'lookup',
];

export interface LimitSpec {
  /** Requests allowed per window. */
  points: number;
  durationS: number;
  /** Once over, refused for this long instead of until the window ends. */
  blockS?: number;
}

/**
 * The budgets (docs/configuration.md, "Rate limits"):
 * - read (autocomplete, nationalities, filters, content, price polls): a shopper polls
 *   every 2 s and autocompletes while typing; 240 a minute is ~8× the polling rate.
 * - search (search, room options): each costs supplier calls upstream; one a second.
 * - booking (prebook, book): a traveller needs a handful.
 * - lookup (booking look-up and cancel): references must not be probed; 5 tries, then
 *   a 15-minute pause.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitClass, LimitSpec>> = {
  read: { points: 240, durationS: 60 },
  search: { points: 60, durationS: 60 },
  booking: { points: 10, durationS: 300 },
  lookup: { points: 5, durationS: 300, blockS: 900 },
};

/**
 * For the tight classes an IPv6 /56 (what one subscriber may be given) also has a
 * budget of its own, so hopping between its 256 /64s buys a prober little.
 */
export const AGGREGATE_RATE_LIMITS: Readonly<Partial<Record<RateLimitClass, LimitSpec>>> = {
  booking: { points: 50, durationS: 300 },
  lookup: { points: 25, durationS: 300, blockS: 900 },
};

/** Limits lifted: benchmarks (one client, far more requests than a shopper) and tests. */
const UNLIMITED: LimitSpec = { points: 1e9, durationS: 1 };
export const NO_RATE_LIMITS: Readonly<Record<RateLimitClass, LimitSpec>> = {
  read: UNLIMITED,
  search: UNLIMITED,
  booking: UNLIMITED,
  lookup: UNLIMITED,
};

/** How many clients each class tracks per instance before newcomers share one budget. */
export const DEFAULT_MAX_CLIENTS = 20_000;
const OVERFLOW_KEY = 'overflow';

/**
 * Bounds the clients a class tracks without ever forgetting one early: an evicted
 * client would come back with a fresh budget, which is exactly what a prober cycling
 * through addresses wants. At the cap, clients not yet tracked share one overflow
 * budget until tracked ones expire.
 */
export class ClientCap {
  // key → when its window (or block) ends. Insertion order is first-seen order, which
  // for fixed windows is nearly expiry order, so pruning looks at the front only.
  private readonly expiries = new Map<string, number>();

  constructor(private readonly maxClients: number) {}

  get size(): number {
    return this.expiries.size;
  }

  /** The key to count this client under: its own, or the shared overflow key. */
  admit(key: string, now = Date.now()): string {
    const expiresAt = this.expiries.get(key);
    if (expiresAt !== undefined) {
      if (expiresAt > now) return key;
      this.expiries.delete(key);
    }
    if (this.expiries.size >= this.maxClients) this.prune(now);
    return this.expiries.size < this.maxClients ? key : OVERFLOW_KEY;
  }

  remember(key: string, msBeforeNext: number, now = Date.now()): void {
    if (key === OVERFLOW_KEY) return;
    this.expiries.delete(key); // re-inserted at the back: its expiry moved later
    this.expiries.set(key, now + Math.max(0, msBeforeNext));
  }

  private prune(now: number): void {
    // Bounded work per admission; a long block near the front only delays pruning.
    let looked = 0;
    for (const [key, expiresAt] of this.expiries) {
      if (expiresAt > now || ++looked > 256) break;
      this.expiries.delete(key);
    }
  }
}

export interface RateLimiterOptions {
  clientOf: (c: Context<AppEnv>) => ClientKeys;
  limits?: Partial<Record<RateLimitClass, LimitSpec>>;
  aggregateLimits?: Partial<Record<RateLimitClass, LimitSpec>>;
  maxClients?: number;
  /** Shared counting; absent, each instance counts in memory. */
  redis?: Redis;
  onLimited?: (rateClass: RateLimitClass) => void;
}

export interface RateLimiter {
  limit(rateClass: RateLimitClass): MiddlewareHandler<AppEnv>;
  /** Counts one request of a client; the refusal's wait in ms, or null when allowed. */
  check(rateClass: RateLimitClass, keys: ClientKeys): Promise<number | null>;
}

interface Budget {
  limiter: RateLimiterAbstract;
  cap: ClientCap;
}

function budgetOf(
  name: string,
  spec: LimitSpec,
  maxClients: number,
  redis: Redis | undefined,
): Budget {
  const shape = {
    points: spec.points,
    duration: spec.durationS,
    blockDuration: spec.blockS ?? 0,
    keyPrefix: `staylane:rl:${name}`,
  };
  const memory = new RateLimiterMemory(shape);
  const limiter = redis
    ? new RateLimiterRedis({
        ...shape,
        storeClient: redis,
        // Not connected: count in memory at once rather than wait for a reconnect.
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory;
  return { limiter, cap: new ClientCap(maxClients) };
}

/** Counts one request; the refusal's wait in ms, or null when allowed. */
async function take(budget: Budget, key: string): Promise<number | null> {
  const counted = budget.cap.admit(key);
  try {
    const res = await budget.limiter.consume(counted);
    budget.cap.remember(counted, res.msBeforeNext);
    return null;
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) return null; // the store failed: let it through
    budget.cap.remember(counted, refusal.msBeforeNext);
    return refusal.msBeforeNext;
  }
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.limits };
  const aggregates = { ...AGGREGATE_RATE_LIMITS, ...options.aggregateLimits };
  const maxClients = options.maxClients ?? DEFAULT_MAX_CLIENTS;
  const perClient = new Map<RateLimitClass, Budget>();
  const perAggregate = new Map<RateLimitClass, Budget>();
  for (const name of RATE_LIMIT_CLASSES) {
    perClient.set(name, budgetOf(name, limits[name], maxClients, options.redis));
    const aggregate = aggregates[name];
    if (aggregate) {
      perAggregate.set(name, budgetOf(`${name}:56`, aggregate, maxClients, options.redis));
    }
  }

  async function check(rateClass: RateLimitClass, keys: ClientKeys): Promise<number | null> {
    const client = perClient.get(rateClass);
    if (!client) throw new Error(`unknown rate-limit class ${rateClass}`);
    const waitMs = await take(client, keys.client);
    const aggregate = perAggregate.get(rateClass);
    if (waitMs !== null || !aggregate || !keys.aggregate) return waitMs;
    return take(aggregate, keys.aggregate);
  }

  return {
    check,
    limit(rateClass) {
      return async (c, next) => {
        const waitMs = await check(rateClass, options.clientOf(c));
        if (waitMs !== null) {
          options.onLimited?.(rateClass);
          return errorResponse(c, 'RATE_LIMITED', undefined, [], {
            'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
          });
        }
        await next();
        return undefined;
      };
    },
  };
}
