// The app server's error answers: the shared writer (server/shared/error-answers.ts) with
// the app's messages, in English. A 400 says what its details say.
import { summarizeDetails, type ErrorCode } from '../../src/contract/index.ts';
import { createErrorWriter } from '../shared/error-answers.ts';
import type { AppEnv } from './env.ts';

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

export const appErrors = createErrorWriter<AppEnv>({
  text: (_c, code, details) =>
    details.length > 0 ? summarizeDetails(details) : defaultMessage(code),
  notUtf8: () => 'The request body is not UTF-8',
});

export const { errorResponse } = appErrors;
