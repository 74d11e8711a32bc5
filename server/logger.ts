// Structured logs (pino). Secrets and personal data are redacted by path; the
// upstream client never puts the key in a log object in the first place.
import { format } from 'node:util';
import pino, { type Logger } from 'pino';

export type { Logger };

export const REDACT_PATHS = [
  'key',
  'apiKey',
  '*.apiKey',
  'headers["x-api-key"]',
  '*.headers["x-api-key"]',
  'headers.authorization',
  '*.headers.authorization',
  'headers.cookie',
  '*.headers.cookie',
  '*.email',
  '*.phone',
  '*.first_name',
  '*.last_name',
  '*.holder',
  '*.guests',
];

export function createLogger(options: {
  level: string;
  destination?: pino.DestinationStream;
}): Logger {
  return pino(
    {
      level: options.level,
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination,
  );
}

/**
 * The logger of the one line per request. Its fields are a fixed list the app builds
 * itself (method, path without the query, status, timing, ids), none of them personal,
 * so it skips redaction: matching the wildcard paths cost about two thirds of writing
 * each line, on every request (docs/decisions/040-running-at-scale.md).
 */
export function accessLogger(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}

const CONSOLE_LEVELS = {
  debug: 'debug',
  log: 'info',
  info: 'info',
  warn: 'warn',
  error: 'error',
} as const;

/**
 * Whatever a library prints with console.* (React Router warns of a path it cannot decode,
 * say) goes into the log as one JSON line like every other, at the matching level, marked
 * as the console's: after the human start-up line, every line the server writes is JSON.
 */
export function routeConsoleTo(logger: Logger): void {
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    console[method as keyof typeof CONSOLE_LEVELS] = (...args: unknown[]) => {
      logger[level]({ source: 'console' }, format(...args));
    };
  }
}
