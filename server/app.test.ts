import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { AppOptions } from './app.ts';
import { createTestApp } from './test-support/test-app.ts';

function makeStaticDir(root = '<html>'): string {
  const dir = mkdtempSync(join(tmpdir(), 'staylane-static-'));
  mkdirSync(join(dir, 'assets'));
  const html = `<!doctype html>${root}<body><div id="root"></div></body></html>`.padEnd(800, ' ');
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(html));
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}

function makeApp(staticDir: string | null = null, overrides: Partial<AppOptions> = {}) {
  const { app, lines } = createTestApp({
    mode: 'sandbox',
    staticDir,
    version: '1.2.3',
    now: () => 1_000_000,
    ...overrides,
  });
  return { app, lines };
}

describe('app server skeleton', () => {
  it('answers /api/health with the mode and version', async () => {
    const { app } = makeApp();
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: 'ok',
      data: {
        status: 'ok',
        mode: 'sandbox',
        version: '1.2.3',
        uptime_s: 0,
        redis: 'off',
        upstream: 'unknown',
      },
    });
  });

  it('answers /api/health/ready 200 when ready, 503 NOT_READY while starting or draining', async () => {
    let readiness: 'starting' | 'ready' | 'draining' = 'starting';
    const { app } = makeApp(null, { readiness: () => readiness });
    const code = async () => {
      const response = await app.request('/api/health/ready');
      return response.status === 200
        ? 200
        : `${response.status} ${((await response.json()) as { error: { code: string } }).error.code}`;
    };
    expect(await code()).toBe('503 NOT_READY');
    readiness = 'ready';
    expect(await code()).toBe(200);
    readiness = 'draining';
    expect(await code()).toBe('503 NOT_READY');
    // Liveness is unaffected.
    expect((await app.request('/api/health')).status).toBe(200);
  });

  it('answers unknown /api paths and methods with a JSON 404 envelope', async () => {
    const { app } = makeApp(makeStaticDir());
    for (const [method, path] of [
      ['GET', '/api/x'],
      ['POST', '/api/hotels/search/extra'],
      ['DELETE', '/api/health'],
      ['GET', '/api'],
    ] as const) {
      const response = await app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      const body = (await response.json()) as {
        success: boolean;
        error: { code: string; request_id: string };
      };
      expect(body.success).toBe(false);
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.request_id).toBe(response.headers.get('x-request-id'));
    }
  });

  it('echoes a valid X-Request-Id and replaces an invalid one', async () => {
    const { app } = makeApp();
    const kept = await app.request('/api/health', { headers: { 'X-Request-Id': 'trace-1.2_3' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-1.2_3');
    const replaced = await app.request('/api/health', {
      headers: { 'X-Request-Id': 'bad id\u0007' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets the security headers on every answer, errors included, and no CORS', async () => {
    const { app } = makeApp();
    for (const path of ['/api/health', '/api/nope']) {
      const response = await app.request(path, { headers: { Origin: 'https://evil.example' } });
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('sends the sandbox pictures with their own strict CSP, and the app CSP elsewhere', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const { app } = makeApp(null, {
      sandboxImages: () =>
        Promise.resolve(new Response(png, { headers: { 'content-type': 'image/png' } })),
    });
    const picture = await app.request('/sandbox/images/hotels/1/1.png');
    expect(picture.status).toBe(200);
    const policy = picture.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('style-src');
    expect(policy).toContain('sandbox');
    expect(policy).not.toContain("script-src 'self'");
    const api = await app.request('/api/health');
    expect(api.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('sends Strict-Transport-Security only when it knows it is reached over TLS', async () => {
    const hsts = async (app: ReturnType<typeof makeApp>['app'], headers = {}) =>
      (await app.request('/api/health', { headers })).headers.get('strict-transport-security');
    expect(await hsts(makeApp().app)).toBeNull();
    expect(await hsts(makeApp().app, { 'X-Forwarded-Proto': 'https' })).toBeNull();
    expect(await hsts(makeApp(null, { behindTls: true }).app)).toBe('max-age=31536000');
    // Behind a trusted proxy that says the client used https.
    const proxied = makeApp(null, { trustProxy: 1 }).app;
    expect(await hsts(proxied, { 'X-Forwarded-Proto': 'https' })).toBe('max-age=31536000');
    expect(await hsts(proxied, { 'X-Forwarded-Proto': 'http' })).toBeNull();
  });

  it('logs one structured line per request with status, duration and request id', async () => {
    const { app, lines } = makeApp();
    await app.request('/api/health', { headers: { 'X-Request-Id': 'log-me' } });
    const entry = JSON.parse(lines.at(-1) ?? '{}') as Record<string, unknown>;
    expect(entry).toMatchObject({
      method: 'GET',
      path: '/api/health',
      status: 200,
      request_id: 'log-me',
    });
    expect(typeof entry.duration_ms).toBe('number');
  });
});

describe('static SPA serving', () => {
  it('serves index.html for app routes, revalidated, compressed as the client accepts', async () => {
    const { app } = makeApp(makeStaticDir());
    const br = await app.request('/search?dest=city:1', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-type')).toContain('text/html');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    const gzip = await app.request('/hotels/12', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await app.request('/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and answers 304 to a matching ETag', async () => {
    const { app } = makeApp(makeStaticDir());
    const first = await app.request('/assets/app-abc123.js');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await app.request('/assets/app-abc123.js', {
      headers: { 'If-None-Match': etag ?? '' },
    });
    expect(second.status).toBe(304);
  });

  it('gives each encoding its own ETag, and a 304 only for the variant the request would get', async () => {
    const { app } = makeApp(makeStaticDir());
    const get = (encoding: string | null, ifNoneMatch?: string) =>
      app.request('/', {
        headers: {
          ...(encoding ? { 'Accept-Encoding': encoding } : {}),
          ...(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}),
        },
      });
    const tags = {
      br: (await get('br')).headers.get('etag') ?? '',
      gzip: (await get('gzip')).headers.get('etag') ?? '',
      identity: (await get(null)).headers.get('etag') ?? '',
    };
    expect(new Set(Object.values(tags)).size).toBe(3);
    // A cache holding the brotli body must not be told it is fine for a client without br.
    expect((await get(null, tags.br)).status).toBe(200);
    expect((await get('gzip', tags.br)).status).toBe(200);
    expect((await get('br', tags.br)).status).toBe(304);
    expect((await get('gzip', tags.gzip)).status).toBe(304);
    // Lists, weak forms and * (RFC 9110: If-None-Match compares weakly).
    expect((await get(null, `"nope", W/${tags.identity}`)).status).toBe(304);
    expect((await get('br', `W/${tags.br}`)).status).toBe(304);
    expect((await get('br', '*')).status).toBe(304);
    expect((await get('br', `"nope", ${tags.gzip}`)).status).toBe(200);
    // A 304 says which variant it is about, and that it varies by encoding.
    const notModified = await get('br', tags.br);
    expect(notModified.headers.get('etag')).toBe(tags.br);
    expect(notModified.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('serves the shell in the page language: the chosen one (cookie), else the browser’s', async () => {
    const { app } = makeApp(makeStaticDir('<html lang="en" dir="ltr">'));
    const page = (headers: Record<string, string>) => app.request('/search', { headers });
    const rootOf = async (response: Response) =>
      /<html[^>]*>/.exec(await response.text())?.[0] ?? '';

    const arabic = await page({ Cookie: 'theme=dark; staylane_lang=ar' });
    expect(await rootOf(arabic)).toBe('<html lang="ar" dir="rtl">');
    expect(arabic.headers.get('vary')).toBe('Accept-Encoding, Cookie, Accept-Language');
    expect(await rootOf(await page({ 'Accept-Language': 'fr-CA,fr;q=0.9,en;q=0.8' }))).toBe(
      '<html lang="fr" dir="ltr">',
    );
    // The shopper's choice wins over the browser's; a value we do not speak does not.
    expect(await rootOf(await page({ Cookie: 'staylane_lang=de', 'Accept-Language': 'fr' }))).toBe(
      '<html lang="de" dir="ltr">',
    );
    expect(await rootOf(await page({ Cookie: 'staylane_lang=xx', 'Accept-Language': 'ja' }))).toBe(
      '<html lang="ja" dir="ltr">',
    );
    expect(await rootOf(await page({}))).toBe('<html lang="en" dir="ltr">');

    // Each language is its own body: its own tags, compressed like the rest.
    const br = await page({ Cookie: 'staylane_lang=ar', 'Accept-Encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    const body = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(body).toContain('<html lang="ar" dir="rtl">');
    const tag = br.headers.get('etag') ?? '';
    const again = (cookie: string) =>
      page({ Cookie: cookie, 'Accept-Encoding': 'br', 'If-None-Match': tag });
    expect((await again('staylane_lang=ar')).status).toBe(304);
    expect((await again('staylane_lang=fr')).status).toBe(200);
  });

  it('answers 404 for a missing file with an extension', async () => {
    const { app } = makeApp(makeStaticDir());
    expect((await app.request('/assets/missing.js')).status).toBe(404);
  });
});
