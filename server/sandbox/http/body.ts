// JSON request bodies (docs/api.md, "JSON bodies"): a JSON media type (415), at most 64
// KiB (413), well-formed (400 INVALID_JSON). Every POST endpoint of the sandbox reads its
// body here.
import type { Context } from 'hono';
import type { SandboxEnv } from './env.ts';
import { sandboxError } from './errors.ts';

export const MAX_BODY_BYTES = 64 * 1024;

export type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const type = header.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** Reads at most MAX_BODY_BYTES (+1 to detect more) without trusting Content-Length. */
async function readLimited(request: Request): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export async function readJsonBody(c: Context<SandboxEnv>): Promise<BodyResult> {
  if (!isJsonContentType(c.req.header('content-type'))) {
    return { ok: false, response: sandboxError(c, 'UNSUPPORTED_MEDIA_TYPE') };
  }
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES)
    return { ok: false, response: sandboxError(c, 'PAYLOAD_TOO_LARGE') };
  const bytes = await readLimited(c.req.raw);
  if (bytes === null) return { ok: false, response: sandboxError(c, 'PAYLOAD_TOO_LARGE') };
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: sandboxError(c, 'INVALID_JSON') };
  }
}
