// The app server wired to a REAL embedded sandbox in-process, as sandbox mode wires it
// (server/start.ts), but with the knobs the integration and reliability suites need: a
// manual or real sandbox clock, faults, several organizations (one app server per key on
// one shared sandbox), rate limits off or on, trusted proxies, an in-memory log, and a
// record of every request the app server sent upstream.
import type { BookingAccess } from '../booking-access.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { Hono } from 'hono';
import { afterAll, beforeAll } from 'vitest';
import { TEST_NOW } from '../../src/contract/testing/clock.ts';
import { createApp } from '../app.ts';
import type { TrustProxy } from '../http/client-address.ts';
import type { AppEnv } from '../http/env.ts';
import type { Metrics } from '../metrics.ts';
import { NO_RATE_LIMITS, type ClassLimits, type RateLimitClass } from '../http/rate-limit.ts';
import {
  createSandbox,
  NO_FAULTS,
  SANDBOX_DEMO_KEY,
  type Sandbox,
  type SandboxOptions,
} from '../sandbox/app.ts';
import { createUpstreamClient, type UpstreamClient } from '../upstream/client.ts';
import type { RetrySettings, UpstreamClock } from '../upstream/retry.ts';
import { inProcessTransport, type FetchHandler, type Transport } from '../upstream/transport.ts';
import { memoryLogger } from './silent-logger.ts';

/** A second organization of the sandbox (its own key). */
export const SECOND_ORG_KEY = 'reliability-org-two-key';

export { NO_RATE_LIMITS };

export interface SandboxClock {
  now(): number;
  /** Manual clocks only: moves time on (real clocks ignore it). */
  set(ms: number): void;
  advance(ms: number): void;
  readonly manual: boolean;
}

/**
 * A manual clock stands still until a test moves it; the sandbox's waits (the supplier's
 * booking confirmation, live searches, slow faults) advance it instead of sleeping.
 * A real clock starts at `start` and runs at real speed, with real waits.
 */
export function sandboxClock(kind: 'manual' | 'real', start = TEST_NOW): SandboxClock {
  if (kind === 'manual') {
    let now = start;
    return {
      manual: true,
      now: () => now,
      set: (ms) => {
        now = ms;
      },
      advance: (ms) => {
        now += ms;
      },
    };
  }
  const offset = start - Date.now();
  return {
    manual: false,
    now: () => Date.now() + offset,
    set: () => undefined,
    advance: () => undefined,
  };
}

export function createStackSandbox(
  clock: SandboxClock,
  overrides: Partial<SandboxOptions> = {},
): Sandbox {
  return createSandbox({
    seed: 'staylane',
    now: () => clock.now(),
    apiKeys: [SANDBOX_DEMO_KEY, SECOND_ORG_KEY],
    dbPath: ':memory:',
    faults: NO_FAULTS,
    publicBaseUrl: '/sandbox',
    prebookSurprises: false,
    sleep: clock.manual
      ? (ms) => {
          clock.advance(ms);
          return Promise.resolve();
        }
      : undefined,
    ...overrides,
  });
}

/**
 * One real-clock sandbox for all the tests of a file: made before them, closed after
 * them (its inventory takes a while to load, so the tests share it).
 */
export function sandboxForFile(overrides: Partial<SandboxOptions> = {}): {
  clock: SandboxClock;
  readonly sandbox: Sandbox;
} {
  const clock = sandboxClock('real');
  let sandbox: Sandbox | undefined;
  beforeAll(() => {
    sandbox = createStackSandbox(clock, overrides);
  });
  afterAll(() => {
    sandbox?.close();
  });
  return {
    clock,
    get sandbox() {
      if (!sandbox) throw new Error('the sandbox is made before the tests run');
      return sandbox;
    },
  };
}

export interface UpstreamCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The sandbox's answer status, once it answered. */
  status?: number;
}

export interface AppOnSandboxOptions {
  /** The key this app server holds (its organization). */
  apiKey?: string;
  rateLimits?: Partial<Record<RateLimitClass, ClassLimits>>;
  trustProxy?: TrustProxy;
  lookupMinDurationMs?: number;
  /** Signs bookings' access tokens (default: a random secret per app). */
  bookingAccess?: BookingAccess;
  /** The booking e-mails' outbox, made with this app's upstream client (default: none). */
  outbox?: (upstream: UpstreamClient) => Outbox;
  logLevel?: string;
  /** This app's metrics; the upstream client reports to it too. */
  metrics?: Metrics;
  /** Sent as X-Sandbox-Fault with every hotel API request: the sandbox answers with it. */
  fault?: string;
  /** The upstream client's clock (default: the real one). */
  upstreamClock?: UpstreamClock;
  /** The upstream client's retries (default: no real waits between them). */
  retry?: Partial<RetrySettings>;
}

export interface AppOnSandbox {
  app: Hono<AppEnv>;
  /** Every log line the app server wrote. */
  lines: string[];
  /** Every request the app server sent to the sandbox, in order. */
  upstreamCalls: UpstreamCall[];
}

/** One app server (one organization) in front of a sandbox, in-process. */
export function appOnSandbox(
  sandbox: Sandbox,
  clock: SandboxClock,
  options: AppOnSandboxOptions = {},
): AppOnSandbox {
  const upstreamCalls: UpstreamCall[] = [];
  const recorded: FetchHandler = async (request) => {
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const entry: UpstreamCall = { method: request.method, url: request.url, headers };
    upstreamCalls.push(entry);
    const response = await sandbox.app.fetch(request);
    entry.status = response.status;
    return response;
  };
  const toSandbox = inProcessTransport({ fetch: recorded });
  const { fault } = options;
  const transport: Transport =
    fault === undefined
      ? toSandbox
      : (exchange) =>
          toSandbox({ ...exchange, headers: { ...exchange.headers, 'x-sandbox-fault': fault } });
  const { logger, lines } = memoryLogger(options.logLevel ?? 'info');
  const apiKey = options.apiKey ?? SANDBOX_DEMO_KEY;
  const upstream = createUpstreamClient({
    baseUrl: 'http://sandbox.internal',
    transport,
    apiKey: () => apiKey,
    logger,
    clock: options.upstreamClock,
    // No real waits between retries: the budget and attempt counts still apply.
    retry: options.retry ?? { baseDelayMs: 1, maxDelayMs: 5 },
    observer: options.metrics?.upstream,
  });
  const app = createApp({
    mode: 'sandbox',
    logger,
    staticDir: null,
    version: 'reliability',
    upstream,
    today: () => new Date(clock.now()),
    // Image requests are recorded too: nothing may reach the sandbox unseen.
    sandboxImages: recorded,
    popularDestinations: sandbox.popularDestinations,
    mapLabels: sandbox.mapLabels,
    rateLimits: options.rateLimits ?? NO_RATE_LIMITS,
    trustProxy: options.trustProxy,
    lookupMinDurationMs: options.lookupMinDurationMs ?? 0,
    bookingAccess: options.bookingAccess,
    outbox: options.outbox?.(upstream),
    metrics: options.metrics,
  });
  return { app, lines, upstreamCalls };
}

export const jsonPost = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

/** The app server's answer envelope, as a test reads it. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
  error?: { code: string; details: { field: string; message: string }[]; request_id: string };
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  json: Envelope<T>;
}

/** Calls an app (or the sandbox) and reads the whole answer once. */
export async function call<T = unknown>(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  path: string,
  init: RequestInit = {},
): Promise<Answer<T>> {
  const response = await app.request(path, init);
  const text = await response.text();
  let json: Answer<T>['json'];
  try {
    json = JSON.parse(text) as Answer<T>['json'];
  } catch {
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status}, not JSON: ${text}`);
  }
  return { status: response.status, headers: response.headers, text, json };
}

/* ------------------------------------------------------------------ booking steps through /api */

export const PARIS = 2_988_507;
export const HOLDER = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
};

export interface StayRequest {
  check_in: string;
  check_out: string;
  rooms: { adults: number; child_ages?: number[] }[];
}

export const DECEMBER_STAY: StayRequest = {
  check_in: '2026-12-10',
  check_out: '2026-12-13',
  rooms: [{ adults: 2 }],
};

/** Retries a step the way a shopper would when the hotel API is busy (429, 5xx). */
export async function untilAnswered<T>(
  attempt: () => Promise<Answer<T>>,
  tries = 20,
): Promise<Answer<T>> {
  let last: Answer<T> | undefined;
  for (let i = 0; i < tries; i++) {
    last = await attempt();
    if (last.status !== 429 && last.status < 500) return last;
  }
  if (!last) throw new Error('no attempt made');
  return last;
}

/** A booking token of the first hotel of a city with a rate for the stay, via /api/hotels/rooms. */
export async function bookableToken(
  app: AppOnSandbox['app'],
  sandbox: Sandbox,
  stay: StayRequest = DECEMBER_STAY,
  cityId = PARIS,
  headers: Record<string, string> = {},
): Promise<{ hotelId: number; token: string }> {
  const { inventory } = sandbox.context;
  const city = inventory.geography.cities.find((c) => c.id === cityId);
  for (const index of inventory.cityHotels[city?.index ?? -1] ?? []) {
    const hotelId = inventory.hotels[index]?.id ?? 0;
    const rooms = await untilAnswered(() =>
      call<{ rooms: { rates: { booking_token: string }[] }[] }>(
        app,
        '/api/hotels/rooms',
        jsonPost({ hotel_id: hotelId, ...stay }, headers),
      ),
    );
    const token = rooms.json.data.rooms[0]?.rates[0]?.booking_token;
    if (token) return { hotelId, token };
  }
  throw new Error(`no bookable hotel in city ${cityId}`);
}

export function bookBody(prebookId: string, holder = HOLDER, rooms = 1) {
  return {
    prebook_id: prebookId,
    holder,
    guests: Array.from({ length: rooms }, (_, i) => ({
      room: i + 1,
      first_name: holder.first_name,
      last_name: holder.last_name,
    })),
  };
}

/** Rows of the sandbox's database, for checks no API answer could fake. */
export function databaseCounts(sandbox: Sandbox, prebookId?: string) {
  const db = sandbox.context.store.db;
  const count = (sql: string, ...args: unknown[]) =>
    db
      .prepare(sql)
      .pluck()
      .get(...args) as number;
  return {
    prebooks: count('SELECT COUNT(*) FROM prebooks'),
    bookings: count('SELECT COUNT(*) FROM bookings'),
    records: count('SELECT COUNT(*) FROM idempotency_records'),
    recordsWithBooking: count(
      'SELECT COUNT(*) FROM idempotency_records WHERE booking_id IS NOT NULL',
    ),
    bookingsOfPrebook:
      prebookId === undefined
        ? 0
        : count('SELECT COUNT(*) FROM bookings WHERE prebook_id = ?', prebookId),
  };
}
