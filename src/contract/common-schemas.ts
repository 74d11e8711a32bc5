// The schemas of the pieces every endpoint shares (docs/api.md, "Conventions"): the
// envelopes, ids, money and dates. The rules they carry without a schema are common.ts's.
import * as z from 'zod/mini';
import { isValidIsoDate, type ErrorCode } from './common.ts';

export const ErrorDetailSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

/**
 * Error envelope. `code` is parsed as any string so that a newer upstream code
 * does not turn a clean error into a contract break; producers use ErrorCode.
 */
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({
    code: z.string(),
    details: z._default(z.array(ErrorDetailSchema), []),
    request_id: z.optional(z.string()),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export function errorEnvelope(
  code: ErrorCode,
  message: string,
  requestId: string,
  details: ErrorDetail[] = [],
): ErrorEnvelope {
  return { success: false, message, error: { code, details, request_id: requestId } };
}

export function successEnvelopeSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

/* ------------------------------------------------------------------ ids and primitives */

/** A whole number from `min` to `max`, with one message for every way of missing. */
export function intBetween(
  min: number,
  max: number,
  message = `must be a whole number from ${min} to ${max}`,
) {
  return z.int(message).check(z.minimum(min, message), z.maximum(max, message));
}

export const PositiveIdSchema = intBetween(1, Number.MAX_SAFE_INTEGER, 'must be a positive id');

const NUMERIC_ID = /^[1-9][0-9]{0,15}$/;

/** A positive id sent as a string (path and query parameters); ids above 2^53 are refused, not rounded. */
export const NumericIdStringSchema = z.pipe(
  z.string('must be a positive id').check(z.regex(NUMERIC_ID, 'must be a positive id')),
  z.pipe(
    z.transform((value: string) => Number(value)),
    PositiveIdSchema,
  ),
);

/** A positive integer id that may arrive as a number or as a numeric string. */
export const IdLikeSchema = z.pipe(
  z.union(
    [
      PositiveIdSchema,
      z.pipe(
        z.string('must be a positive id').check(z.regex(NUMERIC_ID, 'must be a positive id')),
        z.transform((value: string) => Number(value)),
      ),
    ],
    'must be a positive id',
  ),
  PositiveIdSchema,
);

/** Opaque, unguessable identifiers (search_id, booking_token, prebook_id, booking_id). */
export const OpaqueIdSchema = z
  .string('must be a string')
  .check(
    z.minLength(16, 'is not a valid id'),
    z.maxLength(512, 'is not a valid id'),
    z.regex(/^[A-Za-z0-9._~-]+$/, 'is not a valid id'),
  );

export const CurrencySchema = z
  .string()
  .check(z.regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code'));

/** Money is always an integer amount of USD cents. */
export const CentsSchema = z.int('must be whole cents').check(z.minimum(0, 'must not be negative'));

/* ------------------------------------------------------------------ dates */

export const IsoDateSchema = z
  .string('must be a date (YYYY-MM-DD)')
  .check(z.refine(isValidIsoDate, 'must be a real date in the format YYYY-MM-DD'));
