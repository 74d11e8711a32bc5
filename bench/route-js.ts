// JS and CSS a route needs before it can render: the entry's static import closure (from
// index.html) plus the route chunk's, each file counted once, with the CSS those chunks
// bring; gzip -9 and brotli 11, the bytes the server sends (scripts/precompress.mjs).
// Also: whether hotel and booking routes are chunks of their own (route-level code
// splitting), and what is fetched after first paint.
//
//   npx vite build --manifest --outDir /tmp/staylane-build && npx tsx bench/route-js.ts /tmp/staylane-build
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
  later: { module: string; jsGzip: number }[];
}

/** What the first paint of each route waits for: the code a rendered page hydrates with. */
const ROUTE_MODULES = FIRST_SCREEN_MODULES;
const SPLIT_ROUTES = [
  'src/app/routes/hotel.tsx',
  'src/app/routes/checkout.tsx',
  'src/app/routes/confirmation.tsx',
  'src/app/routes/manage-booking.tsx',
];
const LATER = [
  'src/features/search/results/filters-panel.tsx',
  'src/features/search/form/search-form.tsx',
  'src/features/search/date-range-calendar.tsx',
  // The results list's virtualizer, which takes over the list once the page has hydrated.
  'node_modules/@tanstack/virtual-core/dist/esm/index.js',
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

  const total = (keys: Set<string>): RouteBytes => {
    const js = [...keys].map((key) => manifest[key]?.file ?? '').filter(Boolean);
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
  const initial = new Set([...home, ...results]);
  const jsGzip = (keys: Iterable<string>, except: Set<string>) =>
    [...keys]
      .filter((key) => !except.has(key))
      .reduce((sum, key) => sum + bytesOf(manifest[key]?.file ?? '').gzip, 0);

  return {
    shell: total(shell),
    home: total(home),
    results: total(results),
    hotel: total(route(ROUTE_MODULES.hotel)),
    splitRoutes: SPLIT_ROUTES.map((module) => {
      const chunk = manifest[module];
      return {
        route: module.replace(/^src\/app\/routes\/|\.tsx$/g, ''),
        ownChunk: Boolean(chunk?.isDynamicEntry) && !initial.has(module),
        jsGzip: chunk ? jsGzip(closure(module, new Set()), initial) : 0,
      };
    }),
    later: LATER.filter((module) => manifest[module]).map((module) => ({
      module: module
        .replace(/^node_modules\/(@[^/]+\/[^/]+)\/.*$/, '$1')
        .replace(/^src\/features\/search\/|\.tsx$/g, ''),
      jsGzip: jsGzip(closure(module, new Set()), module.includes('calendar') ? home : results),
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
  console.log('fetched after first paint (beyond what the route already loaded, gzip):');
  for (const later of assets.later) {
    console.log(`  ${later.module.padEnd(22)} ${kib(later.jsGzip).padStart(10)}`);
  }
}
