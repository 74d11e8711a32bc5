// Pages the server renders (results and hotel pages, see src/app/first-screen.ts): the app's
// server entry draws the page with its first data, fetched through this app's own API as
// the shopper; the answer is the language's shell with that HTML in its root and the
// query cache beside it. Anything that goes wrong falls back to the plain shell: a page
// the browser renders is slower, never broken.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { Logger } from 'pino';
import {
  currencyPreference,
  FIRST_SCREEN_CHUNKS_ELEMENT_ID,
  PAGE_CLOCK_ATTRIBUTES,
  PAGE_DATA_ELEMENT_ID,
  scriptSafeJson,
  type Language,
  type PageRedirect,
  type RenderedPage,
  type RenderPage,
} from '../../src/contract/index.ts';
import type { AppEnv } from './env.ts';
import { escapeHtml } from './html.ts';
import { retryAfterSeconds } from './rate-limit.ts';

/** The shell's empty root, where a rendered page goes. */
const EMPTY_ROOT = '<div id="root"></div>';

/** How long a render waits for the first screen's data before the page goes without. */
export const DEFAULT_PAGE_DATA_DEADLINE_MS = 1_000;

/**
 * Renders in flight at once per instance. A results page costs about 130 ms of CPU to
 * draw, and renders share one thread: eight at once is a second's queue at most, and
 * beyond it a page goes out at once as the plain shell rather than wait behind them.
 */
export const DEFAULT_PAGE_RENDERS_IN_FLIGHT = 8;

/** The server entry built by `vite build --ssr`, or null when there is none (tests, dev). */
export async function loadPageRenderer(file: string): Promise<RenderPage | null> {
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { renderPage?: unknown };
  if (typeof module.renderPage !== 'function') {
    throw new Error(`${file} does not export renderPage`);
  }
  return module.renderPage as RenderPage;
}

/**
 * What React writes ahead of the page for the head: the page's title and meta (PageTitle),
 * preloads of its first pictures.
 */
const LEADING_HEAD_ELEMENTS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/;
const SHELL_TITLE = /<title>[^<]*<\/title>/;

/** The app's entry script and the modules it preloads, as the build writes them into the shell. */
const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/** The build's lists of the chunks rendered pages run before hydrating, in the shell's head. */
const FIRST_SCREEN_CHUNKS = new RegExp(
  `<script type="application/json" id="${FIRST_SCREEN_CHUNKS_ELEMENT_ID}">([^<]*)</script>`,
);

/**
 * The chunks a rendered page runs before hydrating beyond the entry's own: its first
 * screen's, by screen, and its language's messages (English is in the entry), by language.
 */
export interface FirstScreenChunks {
  screens: ReadonlyMap<string, readonly string[]>;
  languages: ReadonlyMap<string, readonly string[]>;
}

const NO_CHUNKS: FirstScreenChunks = { screens: new Map(), languages: new Map() };

function fileLists(value: unknown): Map<string, readonly string[]> {
  const lists = new Map<string, readonly string[]>();
  if (!value || typeof value !== 'object') return lists;
  for (const [key, files] of Object.entries(value)) {
    if (Array.isArray(files) && files.every((file) => typeof file === 'string')) {
      lists.set(key, files);
    }
  }
  return lists;
}

/**
 * The shell without the build's list of first-screen chunks, and that list (empty when the
 * shell has none, as in development, or it is not the shape the build writes).
 */
export function splitFirstScreenChunks(shell: string): {
  shell: string;
  chunks: FirstScreenChunks;
} {
  const match = FIRST_SCREEN_CHUNKS.exec(shell);
  if (!match) return { shell, chunks: NO_CHUNKS };
  let chunks = NO_CHUNKS;
  try {
    const lists = JSON.parse(match[1] ?? '') as { screens?: unknown; languages?: unknown } | null;
    chunks = { screens: fileLists(lists?.screens), languages: fileLists(lists?.languages) };
  } catch {
    // Not the build's list: the pages go without it, as before it existed.
  }
  return { shell: shell.replace(match[0], ''), chunks };
}

/** How many module preloads the starter adds in one task. */
const PRELOADS_PER_TASK = 6;

/** The longest a rendered page waits for its first pictures before starting its app. */
export const APP_START_LATEST_MS = 3_000;

/**
 * How a rendered page starts its app: once the pictures of its first screen (those fetched
 * at high priority) are decoded and painted, or after APP_START_LATEST_MS whatever they
 * do. The page reads and works before its script does (links, the search form's plain
 * submit), so on a phone its first screen gets the link and the main thread first. The
 * app's modules, the entry's and its first screen's, are then asked for together, a few
 * preloads per task (each costs the main thread a request's start), and run one per task:
 * the shopper's taps are answered between them.
 */
function appStarter(entry: string, modules: readonly string[], nonce: string): string {
  const code = [
    `const entry=${scriptSafeJson(entry)},modules=${scriptSafeJson(modules)};let started=false;`,
    'const start=async()=>{if(started)return;started=true;',
    `for(let i=0;i<modules.length;i+=${PRELOADS_PER_TASK}){`,
    `for(const href of modules.slice(i,i+${PRELOADS_PER_TASK})){`,
    'const link=document.createElement("link");link.rel="modulepreload";link.href=href;',
    'document.head.append(link)}await new Promise((resolve)=>setTimeout(resolve,0))}',
    // One module per task, in the build's order (one whose imports have not run yet brings
    // them along), rather than the whole graph in one long task as the entry alone would.
    'for(const href of modules){await import(href).catch(()=>{});',
    'await new Promise((resolve)=>setTimeout(resolve,0))}',
    'await import(entry)};',
    'Promise.all([...document.querySelectorAll(\'img[fetchpriority="high"]\')]',
    '.map((img)=>img.decode().catch(()=>{})))',
    '.then(()=>requestAnimationFrame(()=>setTimeout(start,0)));',
    `setTimeout(start,${APP_START_LATEST_MS});`,
  ].join('');
  return `<script type="module" nonce="${escapeHtml(nonce)}">${code}</script>`;
}

/** Where the locale data's early load goes: before the first stylesheet (else the head's end). */
const FIRST_STYLESHEET = /<link rel="stylesheet"|<\/head>/;

/**
 * Loads the browser's locale data while the stylesheet downloads. The first use of Intl
 * costs tens of milliseconds on a phone; otherwise the app pays it after the first paint,
 * a task the shopper's taps wait behind. Ahead of the stylesheet, it runs as soon as the
 * parser reaches it (a script after a stylesheet still loading waits for it). Numbers
 * (prices, counts in plurals) and region names each load data of their own, a few
 * milliseconds more apiece on a fast machine, which the first render would otherwise pay.
 */
function intlWarmUp(nonce: string): string {
  const code = [
    'try{const l=document.documentElement.lang;',
    "new Intl.DateTimeFormat(l);new Intl.NumberFormat(l);new Intl.DisplayNames(l,{type:'region'})",
    '}catch{}',
  ].join('');
  return `<script nonce="${escapeHtml(nonce)}">${code}</script>`;
}

/**
 * The shell with the page in its root, its data and the app's starter after it (asking for
 * `pageChunks`, what the page runs before hydrating beyond the entry, after the entry's);
 * null if the shell has no root. The page's title and meta go to the head, in place of the
 * shell's title: the first title of the document is the page's, for crawlers and pages
 * read without script (the browser's React takes that same element over).
 */
export function pageHtml(
  shell: string,
  page: RenderedPage,
  nonce: string,
  pageChunks: readonly string[] = [],
): string | null {
  if (!shell.includes(EMPTY_ROOT)) return null;
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  const modules = [
    ...new Set([
      ...[...shell.matchAll(MODULE_PRELOAD)].flatMap((match) => match[1] ?? []),
      ...pageChunks,
    ]),
  ];
  const starter = entry ? appStarter(entry, modules, nonce) : '';
  const head = LEADING_HEAD_ELEMENTS.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(head.length);
  const title = SHELL_TITLE.exec(head)?.[0];
  const others = title ? head.replace(title, '') : head;
  const data = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${page.data}</script>`;
  const clock = `${PAGE_CLOCK_ATTRIBUTES.day}="${escapeHtml(page.clock.day)}" ${PAGE_CLOCK_ATTRIBUTES.timeZone}="${escapeHtml(page.clock.timeZone)}"`;
  return (title ? shell.replace(SHELL_TITLE, () => title) : shell)
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(FIRST_STYLESHEET, (tag) => (entry ? intlWarmUp(nonce) : '') + tag)
    .replace('</head>', () => `${others}</head>`)
    .replace(EMPTY_ROOT, () => `<div id="root" ${clock}>${body}</div>${data}${starter}`);
}

export interface PageRendering {
  render: RenderPage;
  /** The app itself, for the page's API calls in-process. */
  api: (request: Request, c: Context<AppEnv>) => Promise<Response>;
  dataDeadlineMs: number;
  logger: Logger;
  /** The page class's limit for this request's client: the refusal's wait in ms, or null. */
  limit: (c: Context<AppEnv>) => Promise<number | null>;
  /** Renders in flight at once on this instance; beyond it pages go out as the plain shell. */
  maxInFlight: number;
  /** How each page asked for went out (metrics). */
  onOutcome: (outcome: PageRenderOutcome) => void;
}

/**
 * How a page asked of the server went out: rendered, sent on (a search form's plain
 * submit), the plain shell because the page is not one the server renders, shed to the
 * plain shell (too many renders in flight), or the plain shell after a failed render.
 */
export type PageRenderOutcome = 'rendered' | 'redirected' | 'shell' | 'shed' | 'failed';

/** What the server sends for a page: the rendered HTML, a redirect, or the plain shell. */
export type PageAnswer = { html: string } | PageRedirect | { shell: true };

/** Headers of the shopper's request the API call carries on: who they are, nothing else. */
const FORWARDED = ['x-forwarded-for', 'x-forwarded-proto'] as const;

/**
 * The page at the request's URL in `language`, rendered into `shell` (its starter asking
 * for the chunks `chunks` names for its first screen and its language), its nonce set for
 * the CSP, or where the server entry sends the browser instead (the search form's plain
 * submit); the plain shell when the path is not one the server renders, or the render
 * failed (logged). With `redirectOnly`, nothing is drawn: only a form's submit is answered.
 */
export async function renderPageHtml(
  c: Context<AppEnv>,
  shell: string,
  language: Language,
  rendering: PageRendering,
  chunks: FirstScreenChunks = NO_CHUNKS,
  redirectOnly = false,
): Promise<PageAnswer> {
  const nonce = randomBytes(16).toString('base64');
  const url = new URL(c.req.url);
  let page: RenderedPage | PageRedirect | null;
  try {
    page = await rendering.render({
      url: url.pathname + url.search,
      language,
      currency: currencyPreference(c.req.header('cookie'), c.req.header('accept-language')),
      nonce,
      dataDeadlineMs: rendering.dataDeadlineMs,
      redirectOnly,
      api: (apiUrl, init) => {
        const headers = new Headers(init.headers);
        for (const name of FORWARDED) {
          const value = c.req.header(name);
          if (value !== undefined) headers.set(name, value);
        }
        return rendering.api(new Request(apiUrl, { ...init, headers }), c);
      },
    });
  } catch (error) {
    rendering.logger.error(
      {
        err: error instanceof Error ? { name: error.name, message: error.message } : {},
        request_id: c.get('requestId'),
      },
      'page render failed',
    );
    rendering.onOutcome('failed');
    return { shell: true };
  }
  if (page && 'redirect' in page) {
    // Only ever a path on this site: an absolute or protocol-relative URL is no page of ours.
    if (page.redirect.startsWith('/') && !page.redirect.startsWith('//')) {
      rendering.onOutcome('redirected');
      return page;
    }
    rendering.onOutcome('shell');
    return { shell: true };
  }
  const html =
    page &&
    pageHtml(shell, page, nonce, [
      ...(chunks.screens.get(page.screen) ?? []),
      ...(chunks.languages.get(language) ?? []),
    ]);
  if (!html) {
    rendering.onOutcome(redirectOnly ? 'shed' : 'shell');
    return { shell: true };
  }
  c.set('cspNonce', nonce);
  rendering.onOutcome('rendered');
  return { html };
}

/**
 * Pages as the server answers them, within its limits: a client over the page class's
 * budget gets a small 429 page; beyond `maxInFlight` renders at once, pages go out as the
 * plain shell (the browser draws them, under the API's own budgets), and only a search
 * form's plain submit, which a shell cannot answer, is still resolved.
 */
export function createPageRenderer(rendering: PageRendering) {
  let inFlight = 0;
  return async (
    c: Context<AppEnv>,
    shell: string,
    language: Language,
    chunks: FirstScreenChunks,
  ): Promise<PageAnswer | { limitedMs: number }> => {
    const waitMs = await rendering.limit(c);
    if (waitMs !== null) return { limitedMs: waitMs };
    if (inFlight >= rendering.maxInFlight) {
      return renderPageHtml(c, shell, language, rendering, chunks, true);
    }
    inFlight++;
    try {
      return await renderPageHtml(c, shell, language, rendering, chunks);
    } finally {
      inFlight--;
    }
  };
}

/** The small page a client over the page class's budget gets (no script, no style). */
export function tooManyPagesResponse(waitMs: number): Response {
  const seconds = retryAfterSeconds(waitMs);
  const body = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Too many requests · Staylane</title></head><body>',
    '<h1>Too many requests</h1>',
    `<p>This address asked for many pages in a short time. Please wait ${seconds} seconds, then reload the page.</p>`,
    '</body></html>',
  ].join('');
  return new Response(body, {
    status: 429,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': seconds,
    },
  });
}
