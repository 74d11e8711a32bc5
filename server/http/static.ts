// Serves the built SPA from memory: hashed assets cached for a year, index.html
// revalidated, brotli or gzip variants written at build time chosen per request,
// ETag/304, and index.html for app routes (the router renders its own not-found), in the
// page's language: its <html lang dir> is the shopper's from the first byte, so an Arabic
// page is laid out right to left before any script runs.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import {
  createPageRenderer,
  splitFirstScreenChunks,
  tooManyPagesResponse,
  type PageRendering,
} from './pages.ts';
import {
  isRightToLeft,
  pageLanguage,
  SUPPORTED_LANGUAGES,
  type Language,
} from '../../src/contract/index.ts';

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
    const url = '/' + relative(root, path).split(sep).join('/');
    const compressed = (suffix: string) =>
      present.has(`${path}${suffix}`) ? readFileSync(`${path}${suffix}`) : undefined;
    files.set(
      url,
      staticFile(readFileSync(path), TYPES[extname(path)] ?? 'application/octet-stream', {
        immutable: url.startsWith('/assets/'),
        br: compressed('.br'),
        gzip: compressed('.gz'),
      }),
    );
  }
  return files;
}

function staticFile(
  body: Buffer,
  contentType: string,
  { immutable, br, gzip }: { immutable: boolean; br?: Buffer; gzip?: Buffer },
): StaticFile {
  // Tags derive from the identity body, so they change with the content.
  const tag = createHash('sha1').update(body).digest('base64url').slice(0, 22);
  return {
    identity: { body, etag: `"${tag}"`, encoding: null },
    br: br && { body: br, etag: `"${tag}-br"`, encoding: 'br' },
    gzip: gzip && { body: gzip, etag: `"${tag}-gzip"`, encoding: 'gzip' },
    contentType,
    immutable,
  };
}

/** How the built shell opens; the server writes the page's language there. */
const SHELL_ROOT = '<html lang="en" dir="ltr">';

/**
 * The SPA shell once per language, compressed once at start-up; null when the shell is
 * not the one the build writes (then it is served as it is).
 */
export function shellsByLanguage(shell: StaticFile): Map<Language, StaticFile> | null {
  // The build's list of first-screen chunks is the server's alone (serveSpa reads it).
  const html = splitFirstScreenChunks(shell.identity.body.toString('utf8')).shell;
  if (!html.includes(SHELL_ROOT)) return null;
  return new Map(
    SUPPORTED_LANGUAGES.map((language) => {
      const dir = isRightToLeft(language) ? 'rtl' : 'ltr';
      const body = Buffer.from(html.replace(SHELL_ROOT, `<html lang="${language}" dir="${dir}">`));
      const file = staticFile(body, shell.contentType, {
        immutable: false,
        br: brotliCompressSync(body),
        gzip: gzipSync(body, { level: 9 }),
      });
      return [language, file];
    }),
  );
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

/** A page made for one request (rendered by the server): compressed fast rather than small. */
function renderedPageResponse(html: string, acceptEncoding: string | undefined): Response {
  const body = Buffer.from(html);
  const encoded = accepts(acceptEncoding, 'br')
    ? {
        encoding: 'br',
        body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      }
    : accepts(acceptEncoding, 'gzip')
      ? { encoding: 'gzip', body: gzipSync(body, { level: 6 }) }
      : { encoding: null, body };
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    // Prices and a shopper's stay: no cache keeps it (and its nonce is its own).
    'Cache-Control': 'no-store',
    Vary: 'Accept-Encoding, Cookie, Accept-Language',
    'Content-Length': String(encoded.body.length),
  });
  if (encoded.encoding) headers.set('Content-Encoding', encoded.encoding);
  return new Response(new Uint8Array(encoded.body), { status: 200, headers });
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function serveSpa(
  root: string,
  rendering: PageRendering | null = null,
): MiddlewareHandler<AppEnv> {
  const files = loadStaticFiles(root);
  const shell = files.get('/index.html');
  const shells = shell ? shellsByLanguage(shell) : null;
  const { chunks } = splitFirstScreenChunks(shell?.identity.body.toString('utf8') ?? '');
  const renderPage = rendering ? createPageRenderer(rendering) : null;
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = c.req.path;
    // A path that is not UTF-8 once decoded names no page and no file.
    if (!decodes(path)) return next();
    let file = files.get(path);
    // An app route (no file extension) gets the SPA shell; a missing asset is a real 404.
    if (!file && extname(path) === '') file = shell;
    if (!file) return next();
    const isShell = file === shell && shells !== null;
    if (isShell) {
      const language = pageLanguage(c.req.header('cookie'), c.req.header('accept-language'));
      file = shells.get(language) ?? file;
      if (renderPage && c.req.method === 'GET') {
        const rendered = await renderPage(c, file.identity.body.toString('utf8'), language, chunks);
        if ('limitedMs' in rendered) return tooManyPagesResponse(rendered.limitedMs);
        if ('redirect' in rendered) {
          // See Other: the browser GETs the search's own URL (Back skips the form's submit).
          return new Response(null, {
            status: 303,
            headers: { Location: rendered.redirect, 'Cache-Control': 'no-store' },
          });
        }
        if ('html' in rendered) {
          return renderedPageResponse(rendered.html, c.req.header('accept-encoding'));
        }
      }
    }

    const acceptEncoding = c.req.header('accept-encoding');
    const variant =
      (file.br && accepts(acceptEncoding, 'br') ? file.br : undefined) ??
      (file.gzip && accepts(acceptEncoding, 'gzip') ? file.gzip : undefined) ??
      file.identity;
    const headers = new Headers({
      'Content-Type': file.contentType,
      'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: variant.etag,
      Vary: isShell ? 'Accept-Encoding, Cookie, Accept-Language' : 'Accept-Encoding',
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
