// Error answers of the sandbox in the contract's envelope, with localized messages.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  ERROR_STATUS,
  errorEnvelope,
  summarizeDetails,
  type ErrorCode,
  type ErrorDetail,
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
