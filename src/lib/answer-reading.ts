// How the browser reads the server's answers: the envelope and its `data` checked against
// the contract (a broken answer is a clear error here, not `undefined` three components
// later). Asked for by the API client with its first call, so the checks and the library
// that runs them are not part of the script a page hydrates with.
import * as z from 'zod/mini';
import { ErrorEnvelopeSchema } from '../contract/common-schemas.ts';
import { parseRetryAfterMs } from '../contract/index.ts';
import { ApiError } from './api-client.ts';

const SuccessShapeSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.unknown(),
});

/**
 * The answer's `data`, read with `schema` (asked for only when the answer is a success);
 * throws the ApiError it amounts to otherwise.
 */
export function readAnswer<S extends z.ZodMiniType>(
  schema: S | null,
  response: Response,
  json: unknown,
  answeredId: string,
): z.output<S> {
  if (!response.ok) {
    const parsed = ErrorEnvelopeSchema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(
        response.status,
        'BAD_RESPONSE',
        `The server answered ${response.status}`,
        answeredId,
      );
    }
    const { error, message } = parsed.data;
    throw new ApiError(
      response.status,
      error.code,
      message,
      error.request_id ?? answeredId,
      error.details,
      parseRetryAfterMs(response.headers.get('Retry-After'), Date.now()),
    );
  }

  const envelope = SuccessShapeSchema.safeParse(json);
  const data = envelope.success && schema ? schema.safeParse(envelope.data.data) : null;
  if (!data?.success) {
    throw new ApiError(
      response.status,
      'BAD_RESPONSE',
      'The server sent an answer we could not read',
      answeredId,
    );
  }
  return data.data;
}
