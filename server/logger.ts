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

/** What every line of ours carries besides its fields: level, ISO time and message only. */
const LINE_FORMAT = { base: undefined, timestamp: pino.stdTimeFunctions.isoTime };

export function createLogger(options: {
  level: string;
  destination?: pino.DestinationStream;
}): Logger {
  return pino(
    {
      ...LINE_FORMAT,
      level: options.level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
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

/** An access line waits at most this long before it is written. */
export const ACCESS_LOG_FLUSH_MS = 250;
/** Or until this many bytes wait, about fifteen lines. */
const ACCESS_LOG_BATCH_BYTES = 4096;

/**
 * The access log of a running server: the same lines as `accessLogger`'s, written to stdout
 * in batches, once a few kilobytes or a quarter of a second have gathered, instead of one
 * write per request. That write was about a tenth of what a price poll costs the app beyond
 * passing it on (docs/decisions/053-a-cheaper-price-poll.md). Only this log waits: errors,
 * warnings and the server's own lines go out at once. What waits is written when the process
 * exits, after a graceful stop or an uncaught error; a process killed outright loses at most
 * the last quarter second of access lines, never an error. The batch is written from the
 * main thread, like every other line, so no two writes to stdout ever interleave.
 */
export function createAccessLog(level: string, fd = 1): Logger {
  const destination = pino.destination({
    dest: fd,
    sync: true,
    minLength: ACCESS_LOG_BATCH_BYTES,
    periodicFlush: ACCESS_LOG_FLUSH_MS,
  });
  process.once('exit', () => {
    destination.flushSync();
  });
  return pino({ ...LINE_FORMAT, level }, destination);
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
