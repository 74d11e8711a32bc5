// Error answers in the contract's envelope, for both APIs this repository serves: the app
// server's /api, in English, and the sandbox's hotel API, in the request's language. The
// envelope, the status that goes with a code and the headers are one rule; each API binds
// the writer to its own message source.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  ERROR_STATUS,
  errorEnvelope,
  type ErrorCode,
  type ErrorDetail,
  type ErrorEnvelope,
} from '../../src/contract/index.ts';

/** What the writer reads of a request: its id (each API's own variables come on top). */
export interface ErrorEnv {
  Variables: { requestId: string };
}

/** Where an API's error messages come from. */
export interface ErrorMessages<E extends ErrorEnv> {
  /** The `message` of an answer with this code; `details` are the fields at fault, if any. */
  text(c: Context<E>, code: ErrorCode, details: readonly ErrorDetail[]): string;
  /** A body that is not UTF-8 (400 INVALID_JSON), where the API says so apart. */
  notUtf8?(c: Context<E>): string;
}

export interface ErrorOptions {
  /** The fields at fault: a 400 names each. */
  details?: ErrorDetail[];
  /** Said instead of the API's own text for the code. */
  message?: string;
  headers?: Record<string, string>;
}

export interface Problem {
  status: ContentfulStatusCode;
  envelope: ErrorEnvelope;
}

export interface ErrorWriter<E extends ErrorEnv> {
  readonly messages: ErrorMessages<E>;
  /** The answer as data (the sandbox's book keeps it in an idempotency record). */
  problemOf: (c: Context<E>, code: ErrorCode, options?: ErrorOptions) => Problem;
  errorResponse: (c: Context<E>, code: ErrorCode, options?: ErrorOptions) => Response;
}

export function createErrorWriter<E extends ErrorEnv>(messages: ErrorMessages<E>): ErrorWriter<E> {
  const problemOf = (c: Context<E>, code: ErrorCode, options: ErrorOptions = {}): Problem => {
    const details = options.details ?? [];
    const message = options.message ?? messages.text(c, code, details);
    const requestId: string = c.get('requestId');
    return {
      status: ERROR_STATUS[code] as ContentfulStatusCode,
      envelope: errorEnvelope(code, message, requestId, details),
    };
  };
  return {
    messages,
    problemOf,
    errorResponse: (c, code, options = {}) => {
      const { status, envelope } = problemOf(c, code, options);
      for (const [name, value] of Object.entries(options.headers ?? {})) c.header(name, value);
      return c.json(envelope, status);
    },
  };
}
