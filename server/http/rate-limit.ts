// Per-client rate limits through rate-limiter-flexible: points in fixed windows per
// client and class. With Redis (REDIS_URL) every instance counts in the same place, a
// busy client's points a few at a time (point-leases.ts); without it, or while Redis is
// unreachable or slow, each instance counts in memory (the library's insurance limiter).
// Answers 429 RATE_LIMITED with Retry-After.
import type { Context, MiddlewareHandler } from 'hono';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { createHmac, randomBytes } from 'node:crypto';
import type { SharedStore } from '../shared-store.ts';
import { NETWORK_SCOPES, type ClientKeys, type NetworkScope } from './client-address.ts';
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';
import { batchLimit, PointLeases } from './point-leases.ts';

export type RateLimitClass = 'read' | 'search' | 'booking' | 'lookup' | 'page';
export const RATE_LIMIT_CLASSES: readonly RateLimitClass[] = [
  'read',
  'search',
  'booking',
  'lookup',
  'page',
];

export interface LimitSpec {
  /** Requests allowed per window. */
  points: number;
  durationS: number;
  /** Once over, refused for this long instead of until the window ends. */
  blockS?: number;
}

/** A class's budget per client, and the budgets of the IPv6 networks around a client. */
export interface ClassLimits extends LimitSpec {
  networks?: Partial<Record<NetworkScope, LimitSpec>>;
}

/**
 * The budgets (docs/configuration.md, "Rate limits"):
 * - read (autocomplete, nationalities, filters, content, price polls): a shopper polls
 *   every 2 s and autocompletes while typing; 240 a minute is ~8× the polling rate.
 * - search (search, room options): each costs supplier calls upstream; one a second.
 * - booking (prebook, book): a traveller needs a handful.
 * - lookup (booking look-up and cancel): references must not be probed; 5 tries, then
 *   a 15-minute pause.
 * - page (pages the server renders): a shopper loads a page now and then and the app
 *   moves within itself; 120 a minute is far beyond any shopper, and still bounds the
 *   CPU one client's renders can take.
 * An IPv6 /56 (one subscriber's allocation) and /48 (one site's) have budgets of their
 * own, so hopping between /64s buys little: four and sixteen shoppers' worth for the busy
 * classes (a household, an office), five and ten for booking and look-up.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitClass, ClassLimits>> = {
  read: {
    points: 240,
    durationS: 60,
    networks: { '/56': { points: 960, durationS: 60 }, '/48': { points: 3_840, durationS: 60 } },
  },
  search: {
    points: 60,
    durationS: 60,
    networks: { '/56': { points: 240, durationS: 60 }, '/48': { points: 960, durationS: 60 } },
  },
  booking: {
    points: 10,
    durationS: 300,
    networks: { '/56': { points: 50, durationS: 300 }, '/48': { points: 100, durationS: 300 } },
  },
  lookup: {
    points: 5,
    durationS: 300,
    blockS: 900,
    networks: {
      '/56': { points: 25, durationS: 300, blockS: 900 },
      '/48': { points: 50, durationS: 300, blockS: 900 },
    },
  },
  page: {
    points: 120,
    durationS: 60,
    networks: { '/56': { points: 480, durationS: 60 }, '/48': { points: 1_920, durationS: 60 } },
  },
};

/** Limits lifted: benchmarks (one client, far more requests than a shopper) and tests. */
const UNLIMITED: LimitSpec = { points: 1e9, durationS: 1 };
export const NO_RATE_LIMITS: Readonly<Record<RateLimitClass, ClassLimits>> = {
  read: UNLIMITED,
  search: UNLIMITED,
  booking: UNLIMITED,
  lookup: UNLIMITED,
  page: UNLIMITED,
};

/** How many clients each class tracks per instance before newcomers share overflow budgets. */
export const DEFAULT_MAX_CLIENTS = 20_000;

/** Overflow budgets per class: newcomers at the cap share them by network. */
export const OVERFLOW_BUCKETS = 256;
const OVERFLOW_PREFIX = 'overflow:';

/**
 * The overflow key of a network: one of OVERFLOW_BUCKETS, by a keyed hash (a secret of
 * the process), so that nobody can choose addresses that land in another network's bucket.
 */
export function overflowKeys(secret: Uint8Array = randomBytes(16)): (network: string) => string {
  return (network) => {
    const bucket = createHmac('sha256', secret).update(network).digest().readUInt16BE(0);
    return `${OVERFLOW_PREFIX}${bucket % OVERFLOW_BUCKETS}`;
  };
}

/**
 * Bounds the clients a class tracks in memory without ever forgetting one early: an
 * evicted client would come back with a fresh budget, which is exactly what a prober
 * cycling through addresses wants. At the cap, clients not yet tracked share overflow
 * budgets by network (their /48, or their IPv4 /16), until tracked ones expire: a network
 * that filled the table spends its own overflow budget, not every newcomer's.
 */
export class ClientCap {
  // key → when its window (or block) ends.
  private readonly expiries = new Map<string, number>();
  private sweptAt = -Infinity;

  constructor(
    private readonly maxClients: number,
    private readonly overflowKeyOf: (network: string) => string = overflowKeys(),
  ) {}

  get size(): number {
    return this.expiries.size;
  }

  /** Whether this key is counted under its own name now. */
  tracks(key: string, now = Date.now()): boolean {
    return (this.expiries.get(key) ?? -Infinity) > now;
  }

  /** The key to count this client under: its own, or its network's overflow key. */
  admit(key: string, network: string, now = Date.now()): string {
    const expiresAt = this.expiries.get(key);
    if (expiresAt !== undefined) {
      if (expiresAt > now) return key;
      this.expiries.delete(key);
    }
    if (this.expiries.size >= this.maxClients) this.sweep(now);
    return this.expiries.size < this.maxClients ? key : this.overflowKeyOf(network);
  }

  remember(key: string, msBeforeNext: number, now = Date.now()): void {
    if (key.startsWith(OVERFLOW_PREFIX)) return;
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

/** What the memory limiter needs beside the key: the client's network, for the overflow. */
interface CountOptions extends Record<string, unknown> {
  network?: string;
}

/** Counts in this process's memory, for at most `maxClients` clients (ClientCap). */
class CappedMemoryLimiter extends RateLimiterMemory {
  readonly cap: ClientCap;

  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    maxClients: number,
    overflowKeyOf: (network: string) => string,
  ) {
    super(options);
    this.cap = new ClientCap(maxClients, overflowKeyOf);
  }

  // Also what the Redis limiter calls as its insurance, with the same options.
  override async consume(
    key: string | number,
    points?: number,
    options: CountOptions = {},
  ): Promise<RateLimiterRes> {
    const name = String(key);
    const counted = this.cap.admit(name, options.network ?? name);
    try {
      const res = await super.consume(counted, points, options);
      this.cap.remember(counted, res.msBeforeNext);
      return res;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) this.cap.remember(counted, refusal.msBeforeNext);
      throw refusal;
    }
  }

  /** The wait in ms if a key tracked here would be refused now; null otherwise. Counts nothing. */
  async refusalOf(key: string): Promise<number | null> {
    if (!this.cap.tracks(key)) return null;
    const res = await this.get(key);
    return res && res.consumedPoints >= this.points ? res.msBeforeNext : null;
  }
}

export interface RateLimiterOptions {
  clientOf: (c: Context<AppEnv>) => ClientKeys;
  /** Per class, replacing the default budgets (a class given without networks has none). */
  limits?: Partial<Record<RateLimitClass, ClassLimits>>;
  /** Clients each class tracks in memory (not in Redis, whose keys expire by themselves). */
  maxClients?: number;
  /** The secret of the overflow buckets' hash; a random one by default (tests fix it). */
  overflowSecret?: Uint8Array;
  /** Shared counting; absent, or while Redis is not answering, each instance counts in memory. */
  sharedStore?: Pick<SharedStore, 'redis' | 'state'>;
  onLimited?: (rateClass: RateLimitClass) => void;
}

export interface RateLimiter {
  /** Middleware for routes that read nothing from the request. */
  limit(rateClass: RateLimitClass): MiddlewareHandler<AppEnv>;
  /**
   * A handler counted once its input is valid (wrapped by `validated`): bad input is
   * answered 400 without spending a budget or taking a place in the table.
   */
  guard<A extends unknown[]>(
    rateClass: RateLimitClass,
    handle: (c: Context<AppEnv>, ...args: A) => Promise<Response>,
  ): (c: Context<AppEnv>, ...args: A) => Promise<Response>;
  /** Counts one request of a client; the refusal's wait in ms, or null when allowed. */
  check(rateClass: RateLimitClass, keys: ClientKeys): Promise<number | null>;
  /** Counts this request of its client; the refusal's wait in ms (counted as limited), or null. */
  admit(rateClass: RateLimitClass, c: Context<AppEnv>): Promise<number | null>;
}

/** Whole seconds to wait, at least one, as Retry-After says it. */
export function retryAfterSeconds(waitMs: number): string {
  return String(Math.max(1, Math.ceil(waitMs / 1000)));
}

interface Budget {
  local: CappedMemoryLimiter;
  /** Counting in Redis, with `local` as its insurance. */
  shared?: RateLimiterAbstract;
  /** Points counted in Redis ahead, handed out here; absent where counted one by one. */
  leases?: PointLeases;
}

interface ClassBudgets {
  client: Budget;
  /** Narrowest first: a /56 runs out before the /48 around it. */
  networks: { scope: NetworkScope; budget: Budget }[];
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.limits };
  const maxClients = options.maxClients ?? DEFAULT_MAX_CLIENTS;
  const overflowKeyOf = overflowKeys(options.overflowSecret);
  const { sharedStore } = options;

  function budgetOf(name: string, spec: LimitSpec): Budget {
    const shape = {
      points: spec.points,
      duration: spec.durationS,
      blockDuration: spec.blockS ?? 0,
      keyPrefix: `staylane:rl:${name}`,
    };
    // Redis keys expire by themselves, so only memory needs the cap: in Redis a flood of
    // new addresses cannot push anyone into an overflow budget.
    const local = new CappedMemoryLimiter(shape, maxClients, overflowKeyOf);
    if (!sharedStore?.redis) return { local };
    const shared = new RateLimiterRedis({
      ...shape,
      storeClient: sharedStore.redis,
      // Not connected: count in memory at once rather than wait for a reconnect.
      rejectIfRedisNotReady: true,
      insuranceLimiter: local,
    });
    const most = batchLimit(spec.points, (spec.blockS ?? 0) > 0);
    const leases = most > 1 ? new PointLeases(most, maxClients) : undefined;
    return { local, shared, leases };
  }

  const classes = new Map<RateLimitClass, ClassBudgets>();
  for (const name of RATE_LIMIT_CLASSES) {
    const spec = limits[name];
    classes.set(name, {
      client: budgetOf(name, spec),
      networks: NETWORK_SCOPES.flatMap((scope) => {
        const network = spec.networks?.[scope];
        return network ? [{ scope, budget: budgetOf(`${name}:${scope.slice(1)}`, network) }] : [];
      }),
    });
  }

  // A Redis known to be down or hanging is not asked: each request would wait for the
  // command timeout before counting in memory anyway.
  const sharedUp = () => sharedStore?.state() === 'up';

  /** Counts one request; the refusal's wait in ms, or null when allowed. */
  async function take(budget: Budget, key: string, network: string): Promise<number | null> {
    const shared = budget.shared && sharedUp() ? budget.shared : null;
    const leases = shared ? budget.leases : undefined;
    if (leases?.take(key)) return null;
    const points = leases?.batchFor(key) ?? 1;
    try {
      const answer = await (shared ?? budget.local).consume(key, points, { network });
      leases?.counted(key, points, answer);
      return null;
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) return null; // the store failed: let it through
      leases?.refused(key);
      // A batch refused because the budget had less left than the batch: this request
      // alone still fitted.
      if (refusal.consumedPoints - points < budget.local.points) return null;
      return refusal.msBeforeNext;
    }
  }

  async function check(rateClass: RateLimitClass, keys: ClientKeys): Promise<number | null> {
    const budgets = classes.get(rateClass);
    if (!budgets) throw new Error(`unknown rate-limit class ${rateClass}`);
    const networks = keys.networks
      ? budgets.networks.map(({ scope, budget }) => ({ budget, key: keys.networks?.[scope] ?? '' }))
      : [];
    // Counting in memory, a network already spent keeps its newcomers out of the table:
    // one /48 takes at most its own budget's worth of places, not one per /64 it holds.
    if (!sharedUp()) {
      for (const { budget, key } of networks) {
        const waitMs = await budget.local.refusalOf(key);
        if (waitMs !== null) return waitMs;
      }
    }
    // The client first: one that is over its own budget spends nothing of its neighbours'.
    const waitMs = await take(budgets.client, keys.client, keys.network);
    if (waitMs !== null) return waitMs;
    for (const { budget, key } of networks) {
      const networkWaitMs = await take(budget, key, keys.network);
      if (networkWaitMs !== null) return networkWaitMs;
    }
    return null;
  }

  async function admit(rateClass: RateLimitClass, c: Context<AppEnv>): Promise<number | null> {
    const waitMs = await check(rateClass, options.clientOf(c));
    if (waitMs !== null) options.onLimited?.(rateClass);
    return waitMs;
  }

  function refused(c: Context<AppEnv>, waitMs: number): Response {
    return errorResponse(c, 'RATE_LIMITED', {
      headers: { 'Retry-After': retryAfterSeconds(waitMs) },
    });
  }

  return {
    check,
    admit,
    limit(rateClass) {
      return async (c, next) => {
        const waitMs = await admit(rateClass, c);
        if (waitMs !== null) return refused(c, waitMs);
        await next();
        return undefined;
      };
    },
    guard(rateClass, handle) {
      return async (c, ...args) => {
        const waitMs = await admit(rateClass, c);
        return waitMs === null ? handle(c, ...args) : refused(c, waitMs);
      };
    },
  };
}
