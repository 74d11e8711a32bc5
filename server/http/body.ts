// Reading a JSON request body (docs/api.md, "JSON bodies"): 415 for another
// content type, 413 over 64 KiB (checked while reading, not only from
// Content-Length), 400 INVALID_JSON for anything that does not parse.
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';
import { isJsonMediaType, MAX_BODY_BYTES } from '../../src/contract/index.ts';
import { readCapped } from '../shared/read-capped.ts';

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

export async function readJsonBody(
  c: Context<AppEnv>,
  limit: number = MAX_BODY_BYTES,
): Promise<JsonBody> {
  if (!isJsonMediaType(c.req.header('content-type'))) {
    return { ok: false, response: errorResponse(c, 'UNSUPPORTED_MEDIA_TYPE') };
  }
  const length = c.req.header('content-length');
  const declared = length !== undefined && /^\d{1,15}$/.test(length) ? Number(length) : null;
  if (declared !== null && declared > limit) {
    return { ok: false, response: errorResponse(c, 'PAYLOAD_TOO_LARGE') };
  }
  // With a Content-Length the HTTP parser stops at that size, so reading it whole is
  // safe (and @hono/node-server reads it without building a web stream); a chunked
  // body is read as a stream and cut off at the limit.
  const bytes =
    declared !== null
      ? new Uint8Array(await c.req.arrayBuffer())
      : await readCapped(c.req.raw.body, limit);
  if (bytes === null) return { ok: false, response: errorResponse(c, 'PAYLOAD_TOO_LARGE') };

  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return {
      ok: false,
      response: errorResponse(c, 'INVALID_JSON', 'The request body is not UTF-8'),
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: errorResponse(c, 'INVALID_JSON') };
  }
}
