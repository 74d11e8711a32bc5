// Input validation with the contract's schemas, answered the contract's way:
// 400 VALIDATION_FAILED naming every field, or INVALID_CURSOR when only the cursor
// is wrong. Runs before any upstream call, so bad input costs the hotel API nothing.
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { issuesToDetails, type ErrorDetail } from '../../src/contract/index.ts';
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; details: ErrorDetail[] };

export function parseWith<T extends z.ZodMiniType>(
  schema: T,
  input: unknown,
  root = '',
): Parsed<z.output<T>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, details: issuesToDetails(result.error.issues, root) };
}

export function validationFailed(c: Context<AppEnv>, details: ErrorDetail[]): Response {
  const onlyCursor = details.length > 0 && details.every((detail) => detail.field === 'cursor');
  return errorResponse(c, onlyCursor ? 'INVALID_CURSOR' : 'VALIDATION_FAILED', undefined, details);
}
