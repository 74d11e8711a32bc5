// JS and CSS a route needs before it can render: the entry's static import closure (from
// index.html) and its classic scripts, plus the route chunk's, each file counted once, with the CSS those chunks
// bring; gzip -9 and brotli 11, the bytes the server sends (scripts/precompress.mjs).
// Also: whether hotel and booking routes are chunks of their own (route-level code
// splitting), and what is fetched after first paint.
//
//   npx vite build --manifest --sourcemap hidden --outDir /tmp/staylane-build && npx tsx bench/route-js.ts /tmp/staylane-build
//
// Chunks are found by source module in the build's manifest, each with the CSS it brings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  entryKeyOf,
  MANIFEST_PATH,
  readBuildManifest,
  staticClosure,
} from './support/build-manifest.ts';
import { sourceShare, type SourceShare } from './support/source-shares.ts';
import { FIRST_SCREEN_MODULES } from '../src/app/first-screen-modules.ts';

export interface Bytes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteBytes {
  files: number;
  js: Bytes;
  css: Bytes;
}

export interface RouteAssets {
  /** The entry alone (index.html's script and its static imports): every route pays it. */
  shell: RouteBytes;
  home: RouteBytes;
  results: RouteBytes;
  hotel: RouteBytes;
  /** Hotel and booking routes: each a chunk of its own, outside home's and results' closures. */
  splitRoutes: { route: string; ownChunk: boolean; jsGzip: number }[];
  /** Lazy chunks of the search pages fetched after first paint (beyond what the route loaded). */
  later: { module: string; jsGzip: number; inFirstPage: boolean }[];
  /**
   * What named parts of the app add to each route's initial JS, read from the build's
   * source maps (null per route when the build has none: `vite build --sourcemap hidden`).
   */
  shares: {
    part: string;
    home: SourceShare | null;
    results: SourceShare | null;
    hotel: SourceShare | null;
  }[];
}

/**
 * Parts whose weight on the first pages is watched: the display currency (its table of
 * defaults, conversions and menu) is on every page; the nearby dates' strip and row load
 * their own chunk once on screen, so only their empty places may be in a first page.
 */
export const WATCHED_PARTS: { part: string; test: (module: string) => boolean }[] = [
  {
    part: 'display currency',
    test: (module) =>
      ['src/contract/currency.ts', 'src/lib/money.tsx', 'src/app/currency-switcher.tsx'].includes(
        module,
      ),
  },
  {
    part: 'nearby dates',
    test: (module) => module.startsWith('src/') && module.includes('nearby-dates'),
  },
];

/** What the first paint of each route waits for: the code a rendered page hydrates with. */
const ROUTE_MODULES = FIRST_SCREEN_MODULES;
const SPLIT_ROUTES = [
  'src/app/routes/hotel.tsx',
  'src/app/routes/checkout.tsx',
  'src/app/routes/confirmation.tsx',
  'src/app/routes/manage-booking.tsx',
];
/** Chunks fetched after first paint, each counted beyond what its page had loaded. */
const LATER: { module: string; after: 'home' | 'results' | 'hotel' }[] = [
  { module: 'src/features/search/results/filters-panel.tsx', after: 'results' },
  { module: 'src/features/search/form/search-form.tsx', after: 'results' },
  { module: 'src/stay/fields/date-range-calendar.tsx', after: 'home' },
  // The results list's virtualizer, which takes over the list once the page has hydrated.
  { module: 'node_modules/@tanstack/virtual-core/dist/esm/index.js', after: 'results' },
  // The nearby dates, drawn once their place nears the screen.
  { module: 'src/features/search/results/nearby-dates-row.tsx', after: 'results' },
  { module: 'src/features/hotel/nearby-dates/nearby-dates-strip.tsx', after: 'hotel' },
];

export function measureRouteAssets(root: string): RouteAssets {
  const manifest = readBuildManifest(root);
  if (!manifest) throw new Error(`no build manifest in ${root} (${MANIFEST_PATH})`);
  const entryKey = entryKeyOf(manifest);
  if (!entryKey) throw new Error('the manifest has no entry chunk');

  const sizes = new Map<string, Bytes>();
  const bytesOf = (file: string): Bytes => {
    let known = sizes.get(file);
    if (!known) {
      const body = readFileSync(join(root, file));
      known = {
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        brotli: brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length,
      };
      sizes.set(file, known);
    }
    return known;
  };

  const closure = (key: string, seen: Set<string>) => staticClosure(manifest, [key], seen);
  const shell = closure(entryKey, new Set());

  // Classic scripts the shell loads outside the module graph (the early-input script): every
  // page downloads and runs them before its body.
  const classic = [
    ...readFileSync(join(root, 'index.html'), 'utf8').matchAll(
      /<script src="\/([^"]+\.js)"><\/script>/g,
    ),
  ].map((match) => match[1] ?? '');
  const jsFiles = (keys: Set<string>) => [
    ...classic,
    ...[...keys].map((key) => manifest[key]?.file ?? '').filter(Boolean),
  ];
  const total = (keys: Set<string>): RouteBytes => {
    const js = jsFiles(keys);
    const css = [...new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))];
    const sum = (files: string[]): Bytes =>
      files
        .map(bytesOf)
        .reduce(
          (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }),
          { raw: 0, gzip: 0, brotli: 0 },
        );
    return { files: js.length + css.length, js: sum(js), css: sum(css) };
  };
  const route = (modules: readonly string[]): Set<string> => {
    const keys = new Set(shell);
    for (const module of modules) closure(module, keys);
    return keys;
  };

  const home = route(ROUTE_MODULES.home);
  const results = route(ROUTE_MODULES.results);
  const hotel = route(ROUTE_MODULES.hotel);
  const initial = new Set([...home, ...results]);
  const firstPages = new Set([...initial, ...hotel]);
  const jsGzip = (keys: Iterable<string>, except: Set<string>) =>
    [...keys]
      .filter((key) => !except.has(key))
      .reduce((sum, key) => sum + bytesOf(manifest[key]?.file ?? '').gzip, 0);

  return {
    shell: total(shell),
    home: total(home),
    results: total(results),
    hotel: total(hotel),
    splitRoutes: SPLIT_ROUTES.map((module) => {
      const chunk = manifest[module];
      return {
        route: module.replace(/^src\/app\/routes\/|\.tsx$/g, ''),
        ownChunk: Boolean(chunk?.isDynamicEntry) && !initial.has(module),
        jsGzip: chunk ? jsGzip(closure(module, new Set()), initial) : 0,
      };
    }),
    later: LATER.filter(({ module }) => manifest[module]).map(({ module, after }) => ({
      module: module
        .replace(/^node_modules\/(@[^/]+\/[^/]+)\/.*$/, '$1')
        .replace(/^src\/(features\/)?|\.tsx$/g, ''),
      jsGzip: jsGzip(closure(module, new Set()), { home, results, hotel }[after]),
      inFirstPage: firstPages.has(module),
    })),
    shares: WATCHED_PARTS.map(({ part, test }) => ({
      part,
      home: sourceShare(root, jsFiles(home), test),
      results: sourceShare(root, jsFiles(results), test),
      hotel: sourceShare(root, jsFiles(hotel), test),
    })),
  };
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = process.argv[2] ?? '/tmp/staylane-build';
  const assets = measureRouteAssets(root);
  for (const name of ['shell', 'home', 'results', 'hotel'] as const) {
    const { js, css, files } = assets[name];
    console.log(
      `${name.padEnd(8)} JS ${kib(js.gzip)} gzip / ${kib(js.brotli)} br; CSS ${kib(css.gzip)} gzip / ${kib(css.brotli)} br (${files} files)`,
    );
  }
  console.log('route-level code splitting (JS beyond home and results, gzip):');
  for (const split of assets.splitRoutes) {
    console.log(
      `  ${split.route.padEnd(16)} ${split.ownChunk ? 'own chunk' : 'NOT split'} ${kib(split.jsGzip).padStart(10)}`,
    );
  }
  console.log('what watched parts add to initial JS (gzip; minified):');
  for (const { part, ...routes } of assets.shares) {
    const figures = Object.entries(routes).map(([name, share]) =>
      share ? `${name} ${kib(share.gzip)} (${kib(share.raw)})` : `${name} no source maps`,
    );
    console.log(`  ${part.padEnd(18)} ${figures.join('; ')}`);
  }
  console.log('fetched after first paint (beyond what the route already loaded, gzip):');
  for (const later of assets.later) {
    console.log(
      `  ${later.module.padEnd(40)} ${kib(later.jsGzip).padStart(10)}${later.inFirstPage ? '  (IN A FIRST PAGE)' : ''}`,
    );
  }
}
