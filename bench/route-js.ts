// Gzipped JS a route needs before it can render: the entry's static import closure
// (from index.html) plus the route chunk's, each file counted once.
//
//   npx vite build --outDir /tmp/staylane-build && npx tsx bench/route-js.ts /tmp/staylane-build
//
// Chunks fetched after first paint (lazy components, prefetches) are listed apart.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/client';
const assets = join(root, 'assets');
const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
const html = readFileSync(join(root, 'index.html'), 'utf8');
const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error(`no entry script in ${root}/index.html`);

const STATIC_IMPORT = /(?:^|[;}\n])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g;

function closure(start: string, seen: Set<string>): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const code = readFileSync(join(assets, start), 'utf8');
  for (const match of code.matchAll(STATIC_IMPORT)) if (match[1]) closure(match[1], seen);
  return seen;
}

const gzipped = (file: string) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const chunk = (prefix: string) => {
  const found = files.find((file) => file.startsWith(`${prefix}-`));
  if (!found) throw new Error(`no chunk named ${prefix}-*.js`);
  return found;
};

function report(label: string, set: Set<string>): void {
  const total = [...set].reduce((sum, file) => sum + gzipped(file), 0);
  console.log(`${label.padEnd(42)} ${kib(total).padStart(10)}  (${set.size} files)`);
}

const shell = closure(entry, new Set());
const home = closure(chunk('search-home'), new Set(shell));
const results = closure(chunk('results'), new Set(shell));
report('shell (entry alone)', shell);
report('home: entry + search form', home);
report('results: entry + results route', results);

console.log('fetched after first paint (beyond what the route already loaded):');
const later: [string, Set<string>][] = [
  ['results-list', results],
  ['filters-panel', results],
  ['search-form', results],
  ['date-range-calendar', home],
];
for (const [prefix, loaded] of later) {
  const extra = [...closure(chunk(prefix), new Set<string>())].filter((file) => !loaded.has(file));
  const bytes = extra.reduce((sum, file) => sum + gzipped(file), 0);
  console.log(`  ${prefix.padEnd(40)} ${kib(bytes).padStart(10)}`);
}
