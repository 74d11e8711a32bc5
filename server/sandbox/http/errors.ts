// Error answers of the sandbox in the contract's envelope, with localized messages.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  ERROR_STATUS,
  errorEnvelope,
  summarizeDetails,
  type ErrorCode,
  type ErrorDetail,
  type ErrorEnvelope,
} from '../../../src/contract/index.ts';
import type { SandboxEnv } from './env.ts';
import { errorMessage } from './messages.ts';

export interface ErrorOptions {
  details?: ErrorDetail[];
  /** Overrides the localized default text. */
  message?: string;
  headers?: Record<string, string>;
}

export function sandboxError(
  c: Context<SandboxEnv>,
  code: ErrorCode,
  options: ErrorOptions = {},
): Response {
  const { details = [], headers = {} } = options;
  const language = c.get('language');
  let message = options.message ?? errorMessage(language, code);
  if (!options.message && details.length > 0) {
    // English reads like the contract's example ("check_out must be after check_in");
    // other languages get the localized sentence and the fields concerned.
    message =
      language === 'en'
        ? summarizeDetails(details)
        : `${message} (${details.map((d) => d.field).join(', ')})`;
  }
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  const status = ERROR_STATUS[code] as ContentfulStatusCode;
  return c.json(errorEnvelope(code, message, c.get('requestId'), details), status);
}

export interface Problem {
  status: number;
  envelope: ErrorEnvelope;
}

/**
 * The error envelope for a code, with the catalogue's localized text, as data: the book
 * endpoint stores it in an idempotency record.
 */
export function problemOf(
  c: Context<SandboxEnv>,
  code: ErrorCode,
  details: ErrorDetail[] = [],
): Problem {
  const language = c.get('language');
  const text = errorMessage(language, code);
  let message = text;
  if (details.length > 0) {
    message =
      language === 'en'
        ? summarizeDetails(details)
        : `${text} (${details.map((d) => d.field).join(', ')})`;
  }
  return {
    status: ERROR_STATUS[code],
    envelope: errorEnvelope(code, message, c.get('requestId'), details),
  };
}

/** The error response for a code (see problemOf). */
export function problem(
  c: Context<SandboxEnv>,
  code: ErrorCode,
  details: ErrorDetail[] = [],
): Response {
  const { status, envelope } = problemOf(c, code, details);
  return c.json(envelope, status as ContentfulStatusCode);
}
