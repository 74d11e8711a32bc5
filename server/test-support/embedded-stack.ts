// The app server wired to a REAL embedded sandbox in-process, as sandbox mode wires it
// (server/start.ts), but with the knobs the reliability suite needs: a manual or real
// sandbox clock, faults, several organizations (one app server per key on one shared
// sandbox), rate limits off or on, trusted proxies, an in-memory log, and a record of
// every request the app server sent upstream.
import type { Hono } from 'hono';
import { createApp } from '../app.ts';
import type { AppEnv } from '../http/env.ts';
import type { BucketSpec, RateLimitClass } from '../http/rate-limit.ts';
import {
  createSandbox,
  NO_FAULTS,
  SANDBOX_DEMO_KEY,
  type Sandbox,
  type SandboxOptions,
} from '../sandbox/app.ts';
import { createUpstreamClient } from '../upstream/client.ts';
import { inProcessTransport, type Transport } from '../upstream/transport.ts';
import { memoryLogger } from './silent-logger.ts';

/** 2026-11-22T10:00Z, as the sandbox's own tests use: check_in from 2026-11-21 (UTC−12). */
export const STACK_NOW = Date.parse('2026-11-22T10:00:00Z');
/** A second organization of the sandbox (its own key). */
export const SECOND_ORG_KEY = 'reliability-org-two-key';

const UNLIMITED: BucketSpec = { capacity: 1e9, refillPerSecond: 1e9 };
export const NO_RATE_LIMITS: Record<RateLimitClass, BucketSpec> = {
  read: UNLIMITED,
  search: UNLIMITED,
  booking: UNLIMITED,
  lookup: UNLIMITED,
};

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
export function sandboxClock(kind: 'manual' | 'real', start = STACK_NOW): SandboxClock {
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

export interface UpstreamCall {
  method: string;
  url: string;
  headers: Record<string, string>;
}

export interface AppOnSandboxOptions {
  /** The key this app server holds (its organization). */
  apiKey?: string;
  rateLimits?: Partial<Record<RateLimitClass, BucketSpec>>;
  trustProxy?: number;
  lookupMinDurationMs?: number;
  logLevel?: string;
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
  const inner = inProcessTransport(sandbox.app);
  const upstreamCalls: UpstreamCall[] = [];
  const transport: Transport = (request) => {
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    upstreamCalls.push({ method: request.method, url: request.url, headers });
    return inner(request);
  };
  const { logger, lines } = memoryLogger(options.logLevel ?? 'info');
  const apiKey = options.apiKey ?? SANDBOX_DEMO_KEY;
  const app = createApp({
    mode: 'sandbox',
    logger,
    staticDir: null,
    version: 'reliability',
    upstream: createUpstreamClient({
      baseUrl: 'http://sandbox.internal',
      transport,
      apiKey: () => apiKey,
      logger,
      // No real waits between retries: the budget and attempt counts still apply.
      retry: { baseDelayMs: 1, maxDelayMs: 5 },
    }),
    today: () => new Date(clock.now()),
    sandboxImages: inner,
    rateLimits: options.rateLimits ?? NO_RATE_LIMITS,
    trustProxy: options.trustProxy,
    lookupMinDurationMs: options.lookupMinDurationMs ?? 0,
  });
  return { app, lines, upstreamCalls };
}

export const jsonPost = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  json: {
    success: boolean;
    message: string;
    data: T;
    error?: { code: string; details: { field: string; message: string }[]; request_id: string };
  };
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
