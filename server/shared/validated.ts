// Input validation with the contract's schemas, for the app server's routes and the
// sandbox's endpoints alike, answered in the contract's way: 400 VALIDATION_FAILED naming
// every field, or INVALID_CURSOR when only the cursor is wrong. It runs before the handler,
// so bad input costs the app server no upstream call and the sandbox no work.
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { issuesToDetails, type ErrorDetail } from '../../src/contract/index.ts';
import type { ErrorEnv, ErrorWriter } from './error-answers.ts';
import { readJsonBody, refuseUnusableBody, type JsonBody } from './json-body.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; details: ErrorDetail[] };

/** `input` parsed with `schema`, or the details of every issue (named under `root`). */
export function parseWith<T extends z.ZodMiniType>(
  schema: T,
  input: unknown,
  root = '',
): Parsed<z.output<T>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, details: issuesToDetails(result.error.issues, root) };
}

/** What a route reads from a request, each part with its contract schema. */
export interface RouteInputs {
  params?: Readonly<Record<string, z.ZodMiniType>>;
  /** Request headers by name, each named as itself in the 400 ("Booking-Access-Token"). */
  headers?: Readonly<Record<string, z.ZodMiniType>>;
  query?: z.ZodMiniType;
  /**
   * A JSON body, read by readJsonBody (415, 413, 400 INVALID_JSON) before it is parsed;
   * `'unused'` for a call that takes none (one that is sent must still be JSON).
   */
  body?: z.ZodMiniType | 'unused';
}

type Output<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export interface ValidInputs<I extends RouteInputs> {
  params: { [K in keyof I['params']]: Output<I['params'][K]> };
  headers: { [K in keyof I['headers']]: Output<I['headers'][K]> };
  query: Output<I['query']>;
  body: Output<I['body']>;
}

export interface EdgeValidation<E extends ErrorEnv> {
  /**
   * A handler that reads as what it does: every part of the request is validated first,
   * and one 400 names every field at fault (params, headers, query, then body), before the
   * handler runs. A body that cannot be read is refused before any field is named.
   */
  validated: <I extends RouteInputs>(
    inputs: I,
    handle: (c: Context<E>, input: ValidInputs<I>) => Response | Promise<Response>,
  ) => (c: Context<E>) => Promise<Response>;
  /** The 400 for these details: INVALID_CURSOR when the cursor alone is at fault. */
  validationFailed: (c: Context<E>, details: ErrorDetail[]) => Response;
  readJsonBody: (c: Context<E>) => Promise<JsonBody>;
}

/** The validation of an API that answers its errors with `errors`. */
export function createEdgeValidation<E extends ErrorEnv>(
  errors: ErrorWriter<E>,
): EdgeValidation<E> {
  const validationFailed = (c: Context<E>, details: ErrorDetail[]): Response => {
    const onlyCursor = details.length > 0 && details.every((detail) => detail.field === 'cursor');
    return errors.errorResponse(c, onlyCursor ? 'INVALID_CURSOR' : 'VALIDATION_FAILED', {
      details,
    });
  };
  function validated<I extends RouteInputs>(
    inputs: I,
    handle: (c: Context<E>, input: ValidInputs<I>) => Response | Promise<Response>,
  ): (c: Context<E>) => Promise<Response> {
    return async (c) => {
      const details: ErrorDetail[] = [];
      const params: Record<string, unknown> = {};
      for (const [name, schema] of Object.entries(inputs.params ?? {})) {
        const parsed = parseWith(schema, c.req.param(name), name);
        if (parsed.ok) params[name] = parsed.value;
        else details.push(...parsed.details);
      }
      const headers: Record<string, unknown> = {};
      for (const [name, schema] of Object.entries(inputs.headers ?? {})) {
        const parsed = parseWith(schema, c.req.header(name), name);
        if (parsed.ok) headers[name] = parsed.value;
        else details.push(...parsed.details);
      }
      let query: unknown;
      if (inputs.query) {
        const parsed = parseWith(inputs.query, c.req.query());
        if (parsed.ok) query = parsed.value;
        else details.push(...parsed.details);
      }
      let body: unknown;
      if (inputs.body === 'unused') {
        const refused = await refuseUnusableBody(c, errors);
        if (refused) return refused;
      } else if (inputs.body) {
        const read = await readJsonBody(c, errors);
        if (!read.ok) return read.response;
        const parsed = parseWith(inputs.body, read.value);
        if (parsed.ok) body = parsed.value;
        else details.push(...parsed.details);
      }
      if (details.length > 0) return validationFailed(c, details);
      return handle(c, { params, headers, query, body } as ValidInputs<I>);
    };
  }
  return { validated, validationFailed, readJsonBody: (c) => readJsonBody(c, errors) };
}
