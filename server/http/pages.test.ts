// The app server's side of pages it renders: the HTML put together from the shell, the
// answer's headers (a nonce of its own, no-store), the page's API calls made through the
// app itself, and the plain shell whenever the render declines or fails. The real server
// entry is tested in src/entry-server.test.tsx and, end to end, e2e/server-rendering.spec.ts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PageRenderRequest, RenderPage } from '../../src/contract/index.ts';
import { createMetrics } from '../metrics.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { APP_START_LATEST_MS, pageHtml, splitFirstScreenChunks } from './pages.ts';

const clock = { day: '2026-11-26', timeZone: 'Asia/Kolkata' };
const NONCE = 'bm9uY2U=';
const CLOCK_ATTRIBUTES = 'data-page-day="2026-11-26" data-page-zone="Asia/Kolkata"';

/** A results page as the server entry would draw it. */
const RESULTS_PAGE = {
  html: '<p>ok</p>',
  clock,
  data: '{}',
  dataIncluded: true,
  screen: 'results',
};

const SHELL =
  '<!doctype html><html lang="en" dir="ltr"><head><title>Staylane · shell</title></head><body><div id="root"></div></body></html>';

/** The built entry's script tag, and the framework chunk's preload, as Vite writes them. */
const ENTRY_SCRIPT = '<script type="module" crossorigin src="/assets/index-1.js"></script>';
const FRAMEWORK_PRELOAD = '<link rel="modulepreload" crossorigin href="/assets/framework-2.js">';

/** The shell with these tags at the end of its head. */
const shellWith = (...tags: string[]) => SHELL.replace('</head>', `${tags.join('')}</head>`);

function staticDir(shell = SHELL): string {
  const dir = mkdtempSync(join(tmpdir(), 'staylane-pages-'));
  writeFileSync(join(dir, 'index.html'), shell);
  return dir;
}

function logged(lines: string[]): { msg?: string; path?: string }[] {
  return lines.map((line) => JSON.parse(line) as { msg?: string; path?: string });
}

describe('pageHtml', () => {
  it('puts the page in the root, its title in place of the shell’s, its preloads in the head, its data after it', () => {
    const html = pageHtml(
      SHELL,
      {
        html: '<title>Paris · Staylane</title><meta name="robots" content="noindex"/><link rel="preload" as="image" href="/a.svg"/><main>Hotels</main>',
        clock,
        data: '{"queries":[]}',
        dataIncluded: true,
        screen: 'results',
      },
      NONCE,
    );
    expect(html).toBe(
      `<!doctype html><html lang="en" dir="ltr"><head><title>Paris · Staylane</title><meta name="robots" content="noindex"/><link rel="preload" as="image" href="/a.svg"/></head><body><div id="root" ${CLOCK_ATTRIBUTES}><main>Hotels</main></div><script type="application/json" id="staylane-data">{"queries":[]}</script></body></html>`,
    );
  });

  it('starts the app once the first screen’s pictures are painted: the page reads before its script', () => {
    const shell = shellWith(
      ENTRY_SCRIPT,
      FRAMEWORK_PRELOAD,
      '<link rel="stylesheet" crossorigin href="/assets/index-3.css">',
    );
    const html = pageHtml(
      shell,
      { html: '<main>Hotels</main>', clock, data: '{}', dataIncluded: true, screen: 'results' },
      NONCE,
    );
    // The stylesheet stays; the script and its preloads leave the head for the starter,
    // which carries the answer's nonce and names the same modules. In the script's place,
    // ahead of the stylesheet, Intl's data loads while the stylesheet downloads.
    expect(html).toContain(
      `<head><title>Staylane · shell</title><script nonce="${NONCE}">try{const l=document.documentElement.lang;new Intl.DateTimeFormat(l);new Intl.NumberFormat(l);new Intl.DisplayNames(l,{type:'region'})}catch{}</script><link rel="stylesheet" crossorigin href="/assets/index-3.css"></head>`,
    );
    const starter = /<\/script><script type="module" nonce="([^"]+)">(.*)<\/script><\/body>/.exec(
      html ?? '',
    );
    expect(starter?.[1]).toBe(NONCE);
    expect(starter?.[2]).toContain(
      'const entry="/assets/index-1.js",modules=["/assets/framework-2.js"]',
    );
    expect(starter?.[2]).toContain('img[fetchpriority="high"]');
    // The modules run one per task before the entry, not as one graph in one task.
    expect(starter?.[2]).toContain('for(const href of modules){await import(href)');
    expect(starter?.[2]).toContain(`setTimeout(start,${APP_START_LATEST_MS})`);
  });

  it('asks for the first screen’s chunks after the entry’s, each once, a few preloads per task', () => {
    const shell = shellWith(ENTRY_SCRIPT, FRAMEWORK_PRELOAD);
    const html = pageHtml(
      shell,
      { screen: 'results', html: '<main>Hotels</main>', clock, data: '{}', dataIncluded: true },
      NONCE,
      ['/assets/framework-2.js', '/assets/card-4.js', '/assets/results-5.js'],
    );
    expect(html).toContain(
      'const entry="/assets/index-1.js",modules=["/assets/framework-2.js","/assets/card-4.js","/assets/results-5.js"]',
    );
    // Each preload starts a request on the main thread: a few per task, then a yield.
    expect(html).toContain(
      'for(let i=0;i<modules.length;i+=6){for(const href of modules.slice(i,i+6)){',
    );
    expect(html).toMatch(
      /document\.head\.append\(link\)\}await new Promise\(\(resolve\)=>setTimeout\(resolve,0\)\)\}/,
    );
  });

  it('keeps the shell’s title when the page states none, and declines a shell without a root', () => {
    const page = {
      html: '<main>$&</main>',
      clock,
      data: '{}',
      dataIncluded: true,
      screen: 'results',
    };
    expect(pageHtml(SHELL, page, NONCE)).toContain('<title>Staylane · shell</title>');
    // Replacement patterns in the page are text, not instructions.
    expect(pageHtml(SHELL, page, NONCE)).toContain('<main>$&</main>');
    expect(pageHtml('<html><body></body></html>', page, NONCE)).toBeNull();
  });
});

describe('splitFirstScreenChunks', () => {
  const listed = (json: string) =>
    shellWith(`<script type="application/json" id="staylane-first-screen-chunks">${json}</script>`);
  const plain = (chunks: ReturnType<typeof splitFirstScreenChunks>['chunks']) => ({
    screens: Object.fromEntries(chunks.screens),
    languages: Object.fromEntries(chunks.languages),
  });

  it('reads the build’s lists, by first screen and by language, and takes them out of the shell', () => {
    const { shell, chunks } = splitFirstScreenChunks(
      listed(
        '{"screens":{"home":["/assets/a.js"],"results":["/assets/a.js","/assets/b.js"]},"languages":{"fr":["/assets/fr.js"]}}',
      ),
    );
    expect(shell).toBe(SHELL);
    expect(plain(chunks)).toEqual({
      screens: { home: ['/assets/a.js'], results: ['/assets/a.js', '/assets/b.js'] },
      languages: { fr: ['/assets/fr.js'] },
    });
  });

  it('goes without lists that are missing or not the build’s shape', () => {
    const none = { screens: {}, languages: {} };
    expect(splitFirstScreenChunks(SHELL).shell).toBe(SHELL);
    expect(plain(splitFirstScreenChunks(SHELL).chunks)).toEqual(none);
    const broken = splitFirstScreenChunks(listed('not json'));
    expect(broken.shell).toBe(SHELL);
    expect(plain(broken.chunks)).toEqual(none);
    expect(plain(splitFirstScreenChunks(listed('null')).chunks)).toEqual(none);
    const { chunks } = splitFirstScreenChunks(
      listed('{"screens":{"home":[1],"hotel":["/assets/h.js"]},"languages":[]}'),
    );
    expect(plain(chunks)).toEqual({ screens: { hotel: ['/assets/h.js'] }, languages: {} });
  });
});

describe('pages rendered by the app server', () => {
  function appWith(render: RenderPage, shell = SHELL) {
    return createTestApp({
      staticDir: staticDir(shell),
      renderPage: render,
      pageDataDeadlineMs: 250,
    });
  }

  it('answers with the rendered page, a nonce of its own in the CSP, and no-store', async () => {
    const seen: PageRenderRequest[] = [];
    const { app } = appWith((request) => {
      seen.push(request);
      return Promise.resolve({
        html: `<p>${request.url} ${request.language}</p>`,
        clock,
        data: '{}',
        dataIncluded: true,
        screen: 'results',
      });
    });
    const answers = await Promise.all(
      [1, 2].map(async () =>
        app.request('/search?dest=city:1', {
          headers: { 'Accept-Language': 'fr-FR', 'Accept-Encoding': 'br' },
        }),
      ),
    );
    for (const [at, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('content-encoding')).toBe('br');
      const html = brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString();
      expect(html).toContain('<html lang="fr" dir="ltr">');
      expect(html).toContain(
        `<div id="root" ${CLOCK_ATTRIBUTES}><p>/search?dest=city:1 fr</p></div>`,
      );
      expect(answer.headers.get('content-security-policy')).toContain(
        `script-src 'self' 'nonce-${seen[at]!.nonce}'`,
      );
    }
    expect(seen[0]!.nonce).not.toBe(seen[1]!.nonce);
    expect(seen[0]!.dataDeadlineMs).toBe(250);
    // The API's answers carry no nonce.
    const api = await app.request('/api/health');
    expect(api.headers.get('content-security-policy')).toContain("script-src 'self';");
  });

  it('makes the page’s API calls through the app itself, as the shopper', async () => {
    let status = 0;
    const { app, lines } = appWith(async ({ api }) => {
      const answer = await api(new URL('http://page.invalid/api/health'), {
        headers: { 'X-Request-Id': 'page-call' },
      });
      status = answer.status;
      return { html: '<p>ok</p>', clock, data: '{}', dataIncluded: true, screen: 'results' };
    });
    await app.request('/hotels/12?dest=city:1');
    expect(status).toBe(200);
    // Logged like any API call (one access-log line), then the page's own.
    const paths = logged(lines)
      .filter((line) => line.msg === 'request')
      .map((line) => line.path);
    expect(paths).toEqual(['/api/health', '/hotels/12']);
  });

  it('sends the browser on where the render says, with See Other, only ever to a path of this site', async () => {
    const { app } = appWith(({ url }) =>
      Promise.resolve({
        redirect: url.includes('away') ? '//evil.example/x' : '/search?dest=city:7',
      }),
    );
    const answer = await app.request('/search?q=lisbon');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/search?dest=city:7');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // A redirect off the site is refused: the plain shell goes out instead.
    const away = await app.request('/search?q=away');
    expect(away.status).toBe(200);
    expect(await away.text()).toContain('<div id="root"></div>');
  });

  it('sends the plain shell when the render declines the page or fails, and logs the failure', async () => {
    const { app, lines } = appWith(({ url }) =>
      url.startsWith('/checkout')
        ? Promise.resolve(null)
        : Promise.reject(new Error('render broke')),
    );
    for (const path of ['/checkout', '/search?dest=city:1']) {
      const answer = await app.request(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('content-security-policy')).not.toContain('nonce');
      expect(await answer.text()).toContain('<div id="root"></div>');
    }
    expect(logged(lines).filter((line) => line.msg === 'page render failed')).toHaveLength(1);
  });

  it('starts the app, and loads Intl’s data, with the answer’s own nonce, which the CSP allows', async () => {
    const { app } = appWith(() => Promise.resolve(RESULTS_PAGE), shellWith(ENTRY_SCRIPT));
    const answer = await app.request('/search?dest=city:1');
    const html = await answer.text();
    const nonce = /<script type="module" nonce="([^"]+)">/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(answer.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    // Every inline script of the page carries that one nonce.
    const nonces = [...html.matchAll(/<script(?: type="module")? nonce="([^"]+)">/g)];
    expect(nonces.map((match) => match[1])).toEqual([nonce, nonce]);
  });

  it('has each rendered page ask for its own first screen’s and language’s chunks, and no other page carry the list', async () => {
    const shell = shellWith(
      ENTRY_SCRIPT,
      '<script type="application/json" id="staylane-first-screen-chunks">{"screens":{"results":["/assets/results-2.js"],"hotel":["/assets/hotel-3.js"]},"languages":{"fr":["/assets/fr-4.js"]}}</script>',
    );
    const { app } = appWith(
      ({ url }) =>
        Promise.resolve(
          url.startsWith('/hotels/')
            ? { html: '<p>hotel</p>', clock, data: '{}', dataIncluded: true, screen: 'hotel' }
            : null,
        ),
      shell,
    );
    const hotel = await (await app.request('/hotels/12?dest=city:1')).text();
    expect(hotel).toContain('const entry="/assets/index-1.js",modules=["/assets/hotel-3.js"]');
    expect(hotel).not.toContain('staylane-first-screen-chunks');
    const french = await (
      await app.request('/hotels/12?dest=city:1', { headers: { 'Accept-Language': 'fr' } })
    ).text();
    expect(french).toContain(
      'const entry="/assets/index-1.js",modules=["/assets/hotel-3.js","/assets/fr-4.js"]',
    );
    const checkout = await (await app.request('/checkout')).text();
    expect(checkout).toContain('<div id="root"></div>');
    expect(checkout).not.toContain('staylane-first-screen-chunks');
  });

  it('a client over the page budget gets a small 429 page with Retry-After; the API answers on', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const { app } = createTestApp({
      staticDir: staticDir(),
      renderPage: () => Promise.resolve(RESULTS_PAGE),
      rateLimits: { page: { points: 2, durationS: 60 } },
      metrics,
    });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.request('/search?dest=city:1')).status);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await app.request('/hotels/12');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const html = await refused.text();
    expect(html).toContain('<h1>Too many requests</h1>');
    expect(html).not.toContain('<script');
    // Another client is not touched, nor are the API and the built files.
    const other = await app.request(
      '/search?dest=city:1',
      {},
      {
        incoming: { socket: { remoteAddress: '203.0.113.9', remotePort: 1 } },
      },
    );
    expect(other.status).toBe(200);
    expect((await app.request('/api/health')).status).toBe(200);
    const text = await metrics.registry.metrics();
    expect(text).toContain('staylane_rate_limited_total{class="page"} 2');
    expect(text).toContain('staylane_page_renders_total{outcome="rendered"} 3');
  });

  it('beyond the renders in flight, a page goes out at once as the plain shell; a form’s plain submit is still sent on', async () => {
    const metrics = createMetrics({ processMetrics: false });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked: PageRenderRequest[] = [];
    const { app } = createTestApp({
      staticDir: staticDir(),
      pageRendersInFlight: 1,
      metrics,
      renderPage: async (request) => {
        asked.push(request);
        if (request.url.includes('q=')) return { redirect: '/search?dest=city:7' };
        if (request.redirectOnly) return null;
        await held;
        return { html: '<p>drawn</p>', clock, data: '{}', dataIncluded: true, screen: 'results' };
      },
    });
    const first = app.request('/search?dest=city:1');
    // The first render holds the one place: the next page is the shell, at once.
    while (asked.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    const shed = await app.request('/hotels/12?dest=city:1');
    expect(shed.status).toBe(200);
    expect(shed.headers.get('cache-control')).toBe('no-cache');
    expect(await shed.text()).toContain('<div id="root"></div>');
    // A search typed without script is resolved all the same (the shell could not).
    const submitted = await app.request('/search?q=lisbon');
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe('/search?dest=city:7');
    expect(asked.map((request) => request.redirectOnly ?? false)).toEqual([false, true, true]);
    release();
    expect(await (await first).text()).toContain('<p>drawn</p>');
    // Its place is free again.
    expect(await (await app.request('/hotels/12?dest=city:1')).text()).toContain('<p>drawn</p>');
    const text = await metrics.registry.metrics();
    expect(text).toContain('staylane_page_renders_total{outcome="shed"} 1');
    expect(text).toContain('staylane_page_renders_total{outcome="redirected"} 1');
    expect(text).toContain('staylane_page_renders_total{outcome="rendered"} 2');
  });
});
