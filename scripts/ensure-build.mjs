// Builds what is missing or out of date (dist/.build-stamp older than any source):
// `npm start` and `npm run cluster` serve the production build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'dist/.build-stamp';
const SOURCES = [
  'src',
  'server',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.server.build.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function ensureBuild() {
  const built =
    existsSync(STAMP) &&
    existsSync('dist/client/index.html') &&
    existsSync('dist/ssr/entry-server.js') &&
    existsSync('dist/server/server/main.js');
  const stale = built && Math.max(...SOURCES.map(newestMtime)) > statSync(STAMP).mtimeMs;
  if (!built || stale) {
    console.log(
      built ? 'Sources changed since the last build: building…' : 'No build yet: building…',
    );
    execSync('npm run build', { stdio: 'inherit' }); // writes dist/.build-stamp
  }
}
