// Serves the built SPA from memory: hashed assets cached for a year, index.html
// revalidated, brotli or gzip variants written at build time chosen per request,
// ETag/304, and index.html for app routes (the router renders its own not-found).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';

/** One encoding of a file, with its own ETag: a cache keyed by ETag must never hand a
 * compressed body to a client that cannot decode it. */
interface Variant {
  body: Buffer;
  etag: string;
  encoding: 'br' | 'gzip' | null;
}

interface StaticFile {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  contentType: string;
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(root) || !statSync(root).isDirectory()) return files;
  const all = walk(root);
  const present = new Set(all);
  for (const path of all) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const body = readFileSync(path);
    const url = '/' + relative(root, path).split(sep).join('/');
    // Tags derive from the identity body, so they change with the content.
    const tag = createHash('sha1').update(body).digest('base64url').slice(0, 22);
    const variant = (suffix: string, encoding: 'br' | 'gzip'): Variant | undefined =>
      present.has(`${path}${suffix}`)
        ? { body: readFileSync(`${path}${suffix}`), etag: `"${tag}-${encoding}"`, encoding }
        : undefined;
    files.set(url, {
      identity: { body, etag: `"${tag}"`, encoding: null },
      br: variant('.br', 'br'),
      gzip: variant('.gz', 'gzip'),
      contentType: TYPES[extname(path)] ?? 'application/octet-stream',
      immutable: url.startsWith('/assets/'),
    });
  }
  return files;
}

function accepts(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** If-None-Match against an ETag, compared weakly (RFC 9110): lists, W/ and *. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

export function serveSpa(root: string): MiddlewareHandler {
  const files = loadStaticFiles(root);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = c.req.path;
    let file = files.get(path);
    // An app route (no file extension) gets the SPA shell; a missing asset is a real 404.
    if (!file && extname(path) === '') file = files.get('/index.html');
    if (!file) return next();

    const acceptEncoding = c.req.header('accept-encoding');
    const variant =
      (file.br && accepts(acceptEncoding, 'br') ? file.br : undefined) ??
      (file.gzip && accepts(acceptEncoding, 'gzip') ? file.gzip : undefined) ??
      file.identity;
    const headers = new Headers({
      'Content-Type': file.contentType,
      'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: variant.etag,
      Vary: 'Accept-Encoding',
    });
    if (matchesIfNoneMatch(c.req.header('if-none-match'), variant.etag)) {
      return new Response(null, { status: 304, headers });
    }
    if (variant.encoding) headers.set('Content-Encoding', variant.encoding);
    const { body } = variant;
    headers.set('Content-Length', String(body.length));
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers,
    });
  };
}
