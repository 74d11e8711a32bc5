// Configuration from the environment (and an optional .env), validated at start:
// a wrong setting stops the server with a readable list, before it listens.
import { existsSync } from 'node:fs';
import { z } from 'zod';
import type { ServerMode } from '../src/contract/index.ts';

/** A CSP source for images: a scheme (`https:`) or an origin (`https://img.example.com`). */
const IMAGE_ORIGIN = /^(https?:|https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?)$/i;

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
      .refine((url) => {
        const parsed = new URL(url);
        return parsed.username === '' && parsed.password === '';
      }, 'must not contain credentials (the key goes in HOTEL_API_KEY)')
      .refine((url) => {
        const parsed = new URL(url);
        return parsed.search === '' && parsed.hash === '';
      }, 'must not have a query or fragment')
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    HOTEL_API_KEY: z.string().min(1, 'must not be empty').optional(),
    HOTEL_API_KEY_FILE: z.string().min(1, 'must not be empty').optional(),
    HOTEL_API_IMAGE_ORIGINS: z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .refine(
        (origins) => origins.every((origin) => IMAGE_ORIGIN.test(origin)),
        'must be a comma-separated list of schemes (https:) or origins (https://img.example.com)',
      )
      .default(['https:']),
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|\d{1,2})$/, 'must be true, false or the number of proxies in front')
      .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value)))
      .default(0),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    STATIC_DIR: z.string().min(1).default('dist/client'),
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
  /** CSP img-src additions: the upstream's image origins (none in sandbox mode: same origin). */
  imageOrigins: string[];
  /** How many proxies in front may be trusted for X-Forwarded-For (0: use the socket address). */
  trustProxy: number;
  logLevel: string;
  staticDir: string;
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
  const upstream = e.HOTEL_API_BASE_URL
    ? { baseUrl: e.HOTEL_API_BASE_URL, apiKey: e.HOTEL_API_KEY, apiKeyFile: e.HOTEL_API_KEY_FILE }
    : null;
  return {
    port: e.PORT,
    host: e.HOST,
    mode: upstream ? 'upstream' : 'sandbox',
    upstream,
    imageOrigins: upstream ? e.HOTEL_API_IMAGE_ORIGINS : [],
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR,
  };
}
