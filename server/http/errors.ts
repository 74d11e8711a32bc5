// Error answers in the contract's envelope, from anywhere in the server.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  ERROR_STATUS,
  errorEnvelope,
  summarizeDetails,
  type ErrorCode,
  type ErrorDetail,
} from '../../src/contract/index.ts';
import type { AppEnv } from './env.ts';

export function errorResponse(
  c: Context<AppEnv>,
  code: ErrorCode,
  message?: string,
  details: ErrorDetail[] = [],
  headers: Record<string, string> = {},
): Response {
  const status = ERROR_STATUS[code] as ContentfulStatusCode;
  const text = message ?? (details.length > 0 ? summarizeDetails(details) : defaultMessage(code));
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json(errorEnvelope(code, text, c.get('requestId'), details), status);
}

function defaultMessage(code: ErrorCode): string {
  switch (code) {
    case 'NOT_FOUND':
      return 'No such endpoint';
    case 'RATE_LIMITED':
      return 'Too many requests; try again shortly';
    case 'PAYLOAD_TOO_LARGE':
      return 'The request body is larger than 64 KiB';
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 'Send JSON with Content-Type: application/json';
    case 'INVALID_JSON':
      return 'The request body is not valid JSON';
    case 'UPSTREAM_UNAVAILABLE':
      return 'The hotel service is not answering properly; try again shortly';
    case 'UPSTREAM_TIMEOUT':
      return 'The hotel service took too long to answer; try again';
    case 'NOT_READY':
      return 'This instance is starting or shutting down; another one will answer';
    default:
      return 'Something went wrong on our side';
  }
}
