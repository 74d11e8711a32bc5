// Reading a JSON request body (docs/api.md, "JSON bodies"), for the app server and the
// sandbox alike: 415 for another content type, 413 over 64 KiB (checked while reading,
// not only from Content-Length), 400 INVALID_JSON for anything that does not parse.
import type { Context } from 'hono';
import { isJsonMediaType, MAX_BODY_BYTES } from '../../src/contract/index.ts';
import type { ErrorEnv, ErrorWriter } from './error-answers.ts';
import { readCapped } from './read-capped.ts';

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

export async function readJsonBody<E extends ErrorEnv>(
  c: Context<E>,
  errors: ErrorWriter<E>,
  limit: number = MAX_BODY_BYTES,
): Promise<JsonBody> {
  if (!isJsonMediaType(c.req.header('content-type'))) {
    return { ok: false, response: errors.errorResponse(c, 'UNSUPPORTED_MEDIA_TYPE') };
  }
  const length = c.req.header('content-length');
  const declared = length !== undefined && /^\d{1,15}$/.test(length) ? Number(length) : null;
  if (declared !== null && declared > limit) {
    return { ok: false, response: errors.errorResponse(c, 'PAYLOAD_TOO_LARGE') };
  }
  // With a Content-Length the HTTP parser stops at that size, so reading it whole is
  // safe (and @hono/node-server reads it without building a web stream: the price poll's
  // and the search's throughput depend on it); a chunked body is read as a stream and
  // cut off at the limit.
  const bytes =
    declared !== null
      ? new Uint8Array(await c.req.arrayBuffer())
      : await readCapped(c.req.raw.body, limit);
  if (bytes === null) return { ok: false, response: errors.errorResponse(c, 'PAYLOAD_TOO_LARGE') };

  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const message = errors.messages.notUtf8?.(c);
    return { ok: false, response: errors.errorResponse(c, 'INVALID_JSON', { message }) };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: errors.errorResponse(c, 'INVALID_JSON') };
  }
}

/**
 * A call that takes no body: nothing sent without a Content-Type (415 otherwise), and a
 * body that is sent anyway must still be JSON; its value is not used. Null when it passes.
 */
export async function refuseUnusableBody<E extends ErrorEnv>(
  c: Context<E>,
  errors: ErrorWriter<E>,
): Promise<Response | null> {
  const length = c.req.header('content-length');
  const hasBody =
    (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
  if (c.req.header('content-type') === undefined) {
    return hasBody ? errors.errorResponse(c, 'UNSUPPORTED_MEDIA_TYPE') : null;
  }
  if (length === '0') return null;
  const body = await readJsonBody(c, errors);
  return body.ok ? null : body.response;
}
