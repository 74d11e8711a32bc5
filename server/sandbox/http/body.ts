// JSON request bodies (docs/api.md, "JSON bodies"): a JSON media type (415), at most 64
// KiB (413), well-formed (400 INVALID_JSON). Every POST endpoint of the sandbox reads its
// body here.
import type { Context } from 'hono';
import type { SandboxEnv } from './env.ts';
import { isJsonMediaType, MAX_BODY_BYTES } from '../../../src/contract/index.ts';
import { readCapped } from '../../shared/read-capped.ts';
import { sandboxError } from './errors.ts';

export type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

export async function readJsonBody(c: Context<SandboxEnv>): Promise<BodyResult> {
  if (!isJsonMediaType(c.req.header('content-type'))) {
    return { ok: false, response: sandboxError(c, 'UNSUPPORTED_MEDIA_TYPE') };
  }
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES)
    return { ok: false, response: sandboxError(c, 'PAYLOAD_TOO_LARGE') };
  const bytes = await readCapped(c.req.raw.body, MAX_BODY_BYTES);
  if (bytes === null) return { ok: false, response: sandboxError(c, 'PAYLOAD_TOO_LARGE') };
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: sandboxError(c, 'INVALID_JSON') };
  }
}
