// Input validation with the contract's schemas, answered the contract's way:
// 400 VALIDATION_FAILED naming every field, or INVALID_CURSOR when only the cursor
// is wrong. Runs before any upstream call, so bad input costs the hotel API nothing.
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { issuesToDetails, type ErrorDetail } from '../../src/contract/index.ts';
import type { AppEnv } from './env.ts';
import { readJsonBody } from './body.ts';
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

/** What a route reads from a request, each part with its contract schema. */
export interface RouteInputs {
  params?: Readonly<Record<string, z.ZodMiniType>>;
  query?: z.ZodMiniType;
  /** A JSON body, read by readJsonBody (415, 413, 400 INVALID_JSON) before it is parsed. */
  body?: z.ZodMiniType;
}

type Output<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export interface ValidInputs<I extends RouteInputs> {
  params: { [K in keyof I['params']]: Output<I['params'][K]> };
  query: Output<I['query']>;
  body: Output<I['body']>;
}

/**
 * A handler that reads as what it does: every part of the request is validated first,
 * and one 400 names every field at fault (params, then query, then body), before the
 * handler — and so any upstream call — runs.
 */
export function validated<I extends RouteInputs>(
  inputs: I,
  handle: (c: Context<AppEnv>, input: ValidInputs<I>) => Promise<Response>,
): (c: Context<AppEnv>) => Promise<Response> {
  return async (c) => {
    const details: ErrorDetail[] = [];
    const params: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(inputs.params ?? {})) {
      const parsed = parseWith(schema, c.req.param(name), name);
      if (parsed.ok) params[name] = parsed.value;
      else details.push(...parsed.details);
    }
    let query: unknown;
    if (inputs.query) {
      const parsed = parseWith(inputs.query, c.req.query());
      if (parsed.ok) query = parsed.value;
      else details.push(...parsed.details);
    }
    let body: unknown;
    if (inputs.body) {
      const read = await readJsonBody(c);
      if (!read.ok) return read.response;
      const parsed = parseWith(inputs.body, read.value);
      if (parsed.ok) body = parsed.value;
      else details.push(...parsed.details);
    }
    if (details.length > 0) return validationFailed(c, details);
    return handle(c, { params, query, body } as ValidInputs<I>);
  };
}
