// Configuration from the environment (and an optional .env), validated at start:
// a wrong setting stops the server with a readable list, before it listens.
import { existsSync } from 'node:fs';
import { z } from 'zod';
import {
  issuesToDetails,
  MAX_POPULAR_DESTINATIONS,
  PopularDestinationSchema,
  type MapTiles,
  type PopularDestination,
  type ServerMode,
} from '../src/contract/index.ts';
import { MIN_SECRET_LENGTH } from './booking-access.ts';
import { parseTrustedProxies, type TrustProxy } from './http/client-address.ts';
import { DEFAULT_PAGE_DATA_DEADLINE_MS, DEFAULT_PAGE_RENDERS_IN_FLIGHT } from './http/pages.ts';
import { DEFAULT_MAX_CLIENTS } from './http/rate-limit.ts';
import { commaList } from './shared/comma-list.ts';

/** A CSP source for images: a scheme (`https:`) or an origin (`https://img.example.com`). */
const IMAGE_ORIGIN = /^(https?:|https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?)$/i;

/** A whole number of milliseconds, at least `min`. */
function milliseconds(fallback: number, min = 1) {
  return z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .pipe(z.int().min(min, `must be at least ${min} ms`))
    .default(fallback);
}

function count(fallback: number, min: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.int().min(min, `must be at least ${min}`))
    .default(fallback);
}

/**
 * POPULAR_DESTINATIONS: a JSON list of the destinations the home page offers, each as the
 * app would show it ({"type":"city","id":2988507,"name":"Paris","country":"France",
 * "image_url":"https://img.example.com/paris.jpg"}). Each problem names its entry.
 */
const PopularDestinationsSetting = z.string().transform((text, ctx): PopularDestination[] => {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON list of destinations' });
    return z.NEVER;
  }
  if (!Array.isArray(list) || list.length > MAX_POPULAR_DESTINATIONS) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a JSON list of at most ${MAX_POPULAR_DESTINATIONS} destinations`,
    });
    return z.NEVER;
  }
  const destinations: PopularDestination[] = [];
  list.forEach((entry: unknown, index) => {
    const parsed = PopularDestinationSchema.safeParse(entry);
    if (parsed.success) destinations.push(parsed.data);
    else
      for (const detail of issuesToDetails(parsed.error.issues))
        ctx.addIssue({ code: 'custom', message: `[${index}].${detail.field} ${detail.message}` });
  });
  return destinations;
});

/** Whether the browser may load `url` under the CSP: a path here, or an allowed origin. */
function imageAllowed(url: string, origins: readonly string[]): boolean {
  if (url.startsWith('/')) return true;
  const origin = new URL(url).origin;
  return origins.some((allowed) =>
    allowed.endsWith(':')
      ? url.startsWith(allowed)
      : allowed.includes('*.')
        ? origin.startsWith(allowed.slice(0, allowed.indexOf('*'))) &&
          origin.endsWith(allowed.slice(allowed.indexOf('*') + 1))
        : origin === allowed.toLowerCase(),
  );
}

/** Loopback hosts: a key sent there over plain HTTP never crosses a network. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The hotel API's base URL, parsed once: every later decision reads this, never the raw text. */
export interface BaseUrl {
  /** The normalised URL (scheme and host in lower case), without a trailing slash. */
  href: string;
  /** The key would travel in clear to another machine. */
  plainHttp: boolean;
}

const EnvSchema = z
  .object({
    PORT: z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number')
      .transform(Number)
      .pipe(z.int().min(0).max(65535, 'must be a port number'))
      .default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    HOTEL_API_BASE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      // "HTTP://host" is http: the scheme is read from the parsed URL, never the text.
      .transform((text) => new URL(text))
      .refine(
        (url) => url.username === '' && url.password === '',
        'must not contain credentials (the key goes in HOTEL_API_KEY)',
      )
      .refine((url) => url.search === '' && url.hash === '', 'must not have a query or fragment')
      .transform((url): BaseUrl => ({
        href: url.href.replace(/\/+$/, ''),
        plainHttp: url.protocol === 'http:' && !isLoopback(url),
      }))
      .optional(),
    HOTEL_API_ALLOW_HTTP: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
    HSTS_BEHIND_TLS: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
    HOTEL_API_KEY: z.string().min(1, 'must not be empty').optional(),
    HOTEL_API_KEY_FILE: z.string().min(1, 'must not be empty').optional(),
    HOTEL_API_IMAGE_ORIGINS: z
      .string()
      .transform(commaList)
      .refine(
        (origins) => origins.every((origin) => IMAGE_ORIGIN.test(origin)),
        'must be a comma-separated list of schemes (https:) or origins (https://img.example.com)',
      )
      // No remote origin until one is named: a default of every https: host would let
      // any injected <img> beacon anywhere.
      .default([]),
    TRUST_PROXY: z
      .string()
      .transform((value, ctx) => {
        const text = value.trim();
        if (text === 'true') return 1;
        if (text === 'false') return 0;
        if (/^\d{1,2}$/.test(text)) return Number(text);
        try {
          return parseTrustedProxies(text);
        } catch (error) {
          ctx.addIssue({
            code: 'custom',
            message: `must be true, false, the number of proxies in front, or their addresses/CIDRs (${error instanceof Error ? error.message : 'unreadable'})`,
          });
          return z.NEVER;
        }
      })
      .default(0),
    REDIS_URL: z
      .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
      .optional(),
    REDIS_COMMAND_TIMEOUT_MS: milliseconds(250),
    RATE_LIMIT_MAX_CLIENTS: count(DEFAULT_MAX_CLIENTS, 1),
    HTTP_HEADERS_TIMEOUT_MS: milliseconds(10_000),
    HTTP_REQUEST_TIMEOUT_MS: milliseconds(30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds(5_000),
    HTTP_MAX_CONNECTIONS: count(10_000, 1),
    METRICS_PORT: z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number')
      .transform(Number)
      .pipe(z.int().min(0).max(65535, 'must be a port number'))
      .optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    DRAIN_DELAY_MS: milliseconds(5_000, 0),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    STATIC_DIR: z.string().min(1).default('dist/client'),
    SSR_ENTRY: z.string().min(1).default('dist/ssr/entry-server.js'),
    PAGE_DATA_DEADLINE_MS: milliseconds(DEFAULT_PAGE_DATA_DEADLINE_MS, 0),
    PAGE_RENDERS_IN_FLIGHT: count(DEFAULT_PAGE_RENDERS_IN_FLIGHT, 0),
    POPULAR_DESTINATIONS: PopularDestinationsSetting.optional(),
    EXCHANGE_RATES_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .transform((text) => new URL(text))
      .refine(
        (url) => url.protocol === 'https:' || isLoopback(url),
        'must be https unless the host is this machine',
      )
      .transform((url) => url.href)
      .optional(),
    BOOKING_TOKEN_SECRET: z
      .string()
      .transform(commaList)
      .refine(
        (secrets) => secrets.length > 0 && secrets.every((s) => s.length >= MIN_SECRET_LENGTH),
        `must be one secret of at least ${MIN_SECRET_LENGTH} characters (openssl rand -base64 32), or a comma-separated list with the newest first while rotating`,
      )
      .optional(),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .refine(
        (url) => !/[?#]/.test(url),
        'must not have a query or fragment (user and password go before the host)',
      )
      .optional(),
    MAIL_FROM: z
      .string()
      .trim()
      .regex(
        /^([^<>\r\n]{1,100} )?<?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/,
        'must be an address, or a name and <address>: Staylane <bookings@example.com>',
      )
      .default('Staylane <bookings@staylane.test>'),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .transform((text) => text.replace(/\/+$/, ''))
      .optional(),
    MAIL_RETRY_SCHEDULE_MS: z
      .string()
      .transform(commaList)
      .refine(
        (waits) =>
          waits.length > 0 && waits.length <= 20 && waits.every((w) => /^\d{1,9}$/.test(w)),
        'must be a comma-separated list of waits in milliseconds (5000,30000,120000)',
      )
      .transform((waits) => waits.map(Number))
      .optional(),
    MAP_TILE_URL: z
      .url({ protocol: /^https$/, error: 'must be an https URL template' })
      .refine(
        (url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)),
        'must hold {z}, {x} and {y} (https://tiles.example.com/{z}/{x}/{y}.png)',
      )
      // One host, which the CSP then allows for images, and no other ({s} subdomains are
      // a relic of HTTP/1 connection limits).
      .refine((url) => !/[{}]|%7B/i.test(new URL(url).host), 'must name one host (no {s})')
      .optional(),
    MAP_ATTRIBUTION: z.string().trim().min(1, 'must not be empty').max(300).optional(),
    MAP_MAX_ZOOM: z
      .string()
      .regex(/^\d{1,2}$/, 'must be a zoom level')
      .transform(Number)
      .pipe(z.int().min(1).max(22, 'must be at most 22'))
      .default(19),
  })
  .superRefine((env, ctx) => {
    if (env.HOTEL_API_BASE_URL && !env.HOTEL_API_KEY && !env.HOTEL_API_KEY_FILE) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOTEL_API_KEY'],
        message:
          'is required when HOTEL_API_BASE_URL is set (or set HOTEL_API_KEY_FILE); unset HOTEL_API_BASE_URL to use the embedded sandbox',
      });
    }
    if (env.HOTEL_API_BASE_URL && !env.BOOKING_TOKEN_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOOKING_TOKEN_SECRET'],
        message:
          'is required when HOTEL_API_BASE_URL is set, the same on every instance (openssl rand -base64 32): it signs the tokens that open bookings',
      });
    }
    if (env.SMTP_URL && env.HOTEL_API_BASE_URL && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'is required with SMTP_URL upstream: the e-mails link to the booking at this address (https://book.example.com)',
      });
    }
    if (env.HOTEL_API_BASE_URL?.plainHttp && env.HOTEL_API_ALLOW_HTTP !== '1') {
      ctx.addIssue({
        code: 'custom',
        path: ['HOTEL_API_BASE_URL'],
        message:
          'must be https (the key travels with every call) unless the host is this machine; for a hotel API on a private network set HOTEL_API_ALLOW_HTTP=1',
      });
    }
    const origins = env.HOTEL_API_BASE_URL ? env.HOTEL_API_IMAGE_ORIGINS : [];
    env.POPULAR_DESTINATIONS?.forEach((destination, index) => {
      if (destination.image_url && !imageAllowed(destination.image_url, origins)) {
        ctx.addIssue({
          code: 'custom',
          path: ['POPULAR_DESTINATIONS'],
          message: `[${index}].image_url is not on this site nor an origin of HOTEL_API_IMAGE_ORIGINS (the browser would refuse it)`,
        });
      }
    });
    if (env.MAP_TILE_URL && !env.MAP_ATTRIBUTION) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAP_ATTRIBUTION'],
        message: 'is required with MAP_TILE_URL: map tiles come with a licence that asks for it',
      });
    }
    if (env.HOTEL_API_KEY && env.HOTEL_API_KEY_FILE) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOTEL_API_KEY_FILE'],
        message: 'set either HOTEL_API_KEY or HOTEL_API_KEY_FILE, not both',
      });
    }
    if (env.HOTEL_API_KEY_FILE && !existsSync(env.HOTEL_API_KEY_FILE)) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOTEL_API_KEY_FILE'],
        message: 'names a file that does not exist',
      });
    }
  });

export interface UpstreamConfig {
  baseUrl: string;
  apiKey?: string;
  apiKeyFile?: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  mode: ServerMode;
  /** Upstream mode only. */
  upstream: UpstreamConfig | null;
  /** The key goes over plain HTTP to a host that is not this machine (HOTEL_API_ALLOW_HTTP=1). */
  plainHttpUpstream: boolean;
  /** CSP img-src additions: the upstream's image origins (none in sandbox mode: same origin). */
  imageOrigins: string[];
  /** Reached over TLS through a terminating proxy: every answer carries HSTS. */
  behindTls: boolean;
  /** The proxies in front whose X-Forwarded-For is read (0: use the socket address). */
  trustProxy: TrustProxy;
  /** Shares rate limits between instances; absent, each counts in memory. */
  redisUrl: string | undefined;
  redisCommandTimeoutMs: number;
  rateLimitMaxClients: number;
  http: HttpLimits;
  /** The Prometheus listener; null: no metrics. */
  metrics: { port: number; host: string } | null;
  /** How long /api/health/ready answers 503 after SIGTERM before the server closes. */
  drainDelayMs: number;
  logLevel: string;
  staticDir: string;
  /** The app's server entry; results and hotel pages are rendered with their data when it exists. */
  ssrEntry: string;
  /** How long a rendered page waits for its first data; then it goes out without. */
  pageDataDeadlineMs: number;
  /** Pages rendered at once; beyond it the plain shell goes out (0: never render). */
  pageRendersInFlight: number;
  /** A street map's tiles for the results map; null: the offline basemap. */
  mapTiles: MapTiles | null;
  /** The operator's popular destinations; null: the sandbox's biggest cities, or none upstream. */
  popularDestinations: PopularDestination[] | null;
  /** The ECB's daily XML (or a file in its format); absent: the sandbox's snapshot, or USD only. */
  exchangeRatesUrl: string | undefined;
  /**
   * The secrets of bookings' access tokens, newest first (BOOKING_TOKEN_SECRET); absent in
   * sandbox mode: the sandbox keeps one of its own next to its database.
   */
  bookingTokenSecrets: string[] | null;
  /** Booking e-mails; null: none are sent (upstream mode without SMTP_URL). */
  mail: MailConfig | null;
}

export interface MailConfig {
  /** null: the sandbox's own mail catcher, shown at /sandbox/outbox. */
  smtpUrl: string | null;
  from: string;
  /**
   * Where shoppers reach the app: the e-mails' links start with it. null (sandbox mode
   * only): http://localhost and the port this server listens on.
   */
  publicUrl: string | null;
  retryScheduleMs: readonly number[] | undefined;
}

export interface HttpLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Loads `.env` when present; variables already set in the environment win. */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([name, value]) => [name, value === '' ? undefined : value]),
  );
  const parsed = EnvSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const baseUrl = e.HOTEL_API_BASE_URL;
  const upstream = baseUrl
    ? { baseUrl: baseUrl.href, apiKey: e.HOTEL_API_KEY, apiKeyFile: e.HOTEL_API_KEY_FILE }
    : null;
  return {
    port: e.PORT,
    host: e.HOST,
    mode: upstream ? 'upstream' : 'sandbox',
    upstream,
    plainHttpUpstream: baseUrl?.plainHttp ?? false,
    imageOrigins: upstream ? e.HOTEL_API_IMAGE_ORIGINS : [],
    behindTls: e.HSTS_BEHIND_TLS === '1',
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    rateLimitMaxClients: e.RATE_LIMIT_MAX_CLIENTS,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    },
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    drainDelayMs: e.DRAIN_DELAY_MS,
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR,
    ssrEntry: e.SSR_ENTRY,
    pageDataDeadlineMs: e.PAGE_DATA_DEADLINE_MS,
    pageRendersInFlight: e.PAGE_RENDERS_IN_FLIGHT,
    popularDestinations: e.POPULAR_DESTINATIONS ?? null,
    exchangeRatesUrl: e.EXCHANGE_RATES_URL,
    bookingTokenSecrets: e.BOOKING_TOKEN_SECRET ?? null,
    // Sandbox mode always sends: to SMTP_URL, or to its own catcher (/sandbox/outbox).
    mail:
      e.SMTP_URL || !upstream
        ? {
            smtpUrl: e.SMTP_URL ?? null,
            from: e.MAIL_FROM,
            publicUrl: e.PUBLIC_URL ?? null,
            retryScheduleMs: e.MAIL_RETRY_SCHEDULE_MS,
          }
        : null,
    mapTiles:
      e.MAP_TILE_URL && e.MAP_ATTRIBUTION
        ? { url_template: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION, max_zoom: e.MAP_MAX_ZOOM }
        : null,
  };
}
