// Per-client rate limits through rate-limiter-flexible: points in fixed windows per
// client and class. With Redis (REDIS_URL) every instance counts in the same place;
// without it, or while Redis is unreachable or slow, each instance counts in memory
// (the library's insurance limiter). Answers 429 RATE_LIMITED with Retry-After.
import type { Context, MiddlewareHandler } from 'hono';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { SharedStore } from '../shared-store.ts';
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
 * Bounds the clients a class tracks in memory without ever forgetting one early: an
 * evicted client would come back with a fresh budget, which is exactly what a prober
 * cycling through addresses wants. At the cap, clients not yet tracked share one
 * overflow budget until tracked ones expire.
 */
export class ClientCap {
  // key → when its window (or block) ends.
  private readonly expiries = new Map<string, number>();
  private sweptAt = -Infinity;

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
    if (this.expiries.size >= this.maxClients) this.sweep(now);
    return this.expiries.size < this.maxClients ? key : OVERFLOW_KEY;
  }

  remember(key: string, msBeforeNext: number, now = Date.now()): void {
    if (key === OVERFLOW_KEY) return;
    this.expiries.set(key, now + Math.max(0, msBeforeNext));
  }

  private sweep(now: number): void {
    // Only at the cap, and at most once a second: one pass over the map costs about a
    // millisecond, and it frees every expired place wherever it sits (expiries are not
    // in insertion order: a 15-minute block may sit before a thousand ended windows).
    if (now - this.sweptAt < 1_000) return;
    this.sweptAt = now;
    for (const [key, expiresAt] of this.expiries) {
      if (expiresAt <= now) this.expiries.delete(key);
    }
  }
}

/** Counts in this process's memory, for at most `maxClients` clients (ClientCap). */
class CappedMemoryLimiter extends RateLimiterMemory {
  private readonly cap: ClientCap;

  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0], maxClients: number) {
    super(options);
    this.cap = new ClientCap(maxClients);
  }

  override async consume(
    key: string | number,
    points?: number,
    options?: Record<string, unknown>,
  ): Promise<RateLimiterRes> {
    const counted = this.cap.admit(String(key));
    try {
      const res = await super.consume(counted, points, options);
      this.cap.remember(counted, res.msBeforeNext);
      return res;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) this.cap.remember(counted, refusal.msBeforeNext);
      throw refusal;
    }
  }
}

export interface RateLimiterOptions {
  clientOf: (c: Context<AppEnv>) => ClientKeys;
  limits?: Partial<Record<RateLimitClass, LimitSpec>>;
  aggregateLimits?: Partial<Record<RateLimitClass, LimitSpec>>;
  /** Clients each class tracks in memory (not in Redis, whose keys expire by themselves). */
  maxClients?: number;
  /** Shared counting; absent, or while Redis is not answering, each instance counts in memory. */
  sharedStore?: Pick<SharedStore, 'redis' | 'state'>;
  onLimited?: (rateClass: RateLimitClass) => void;
}

export interface RateLimiter {
  limit(rateClass: RateLimitClass): MiddlewareHandler<AppEnv>;
  /** Counts one request of a client; the refusal's wait in ms, or null when allowed. */
  check(rateClass: RateLimitClass, keys: ClientKeys): Promise<number | null>;
}

interface Budget {
  local: RateLimiterAbstract;
  /** Counting in Redis, with `local` as its insurance. */
  shared?: RateLimiterAbstract;
}

function budgetOf(
  name: string,
  spec: LimitSpec,
  maxClients: number,
  sharedStore: RateLimiterOptions['sharedStore'],
): Budget {
  const shape = {
    points: spec.points,
    duration: spec.durationS,
    blockDuration: spec.blockS ?? 0,
    keyPrefix: `staylane:rl:${name}`,
  };
  // Redis keys expire by themselves, so only memory needs the cap: in Redis a flood of
  // new addresses cannot push everyone else into the overflow budget.
  const local = new CappedMemoryLimiter(shape, maxClients);
  if (!sharedStore?.redis) return { local };
  const shared = new RateLimiterRedis({
    ...shape,
    storeClient: sharedStore.redis,
    // Not connected: count in memory at once rather than wait for a reconnect.
    rejectIfRedisNotReady: true,
    insuranceLimiter: local,
  });
  return { local, shared };
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.limits };
  const aggregates = { ...AGGREGATE_RATE_LIMITS, ...options.aggregateLimits };
  const maxClients = options.maxClients ?? DEFAULT_MAX_CLIENTS;
  const { sharedStore } = options;
  const perClient = new Map<RateLimitClass, Budget>();
  const perAggregate = new Map<RateLimitClass, Budget>();
  for (const name of RATE_LIMIT_CLASSES) {
    perClient.set(name, budgetOf(name, limits[name], maxClients, sharedStore));
    const aggregate = aggregates[name];
    if (aggregate) {
      perAggregate.set(name, budgetOf(`${name}:56`, aggregate, maxClients, sharedStore));
    }
  }

  /** Counts one request; the refusal's wait in ms, or null when allowed. */
  async function take(budget: Budget, key: string): Promise<number | null> {
    // A Redis known to be down or hanging is not asked: each request would wait for
    // the command timeout before counting in memory anyway.
    const limiter = budget.shared && sharedStore?.state() === 'up' ? budget.shared : budget.local;
    try {
      await limiter.consume(key);
      return null;
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) return null; // the store failed: let it through
      return refusal.msBeforeNext;
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
