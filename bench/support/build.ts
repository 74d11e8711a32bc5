// The client as production serves it, built into a temporary folder (the working
// tree's dist/ is left alone): vite build with its manifest (which chunk a route
// needs, bench/route-js.ts) and hidden source maps (which module the bytes of a chunk came
// from; no file points to them, so the chunks are byte for byte what production sends),
// then the precompressed .br and .gz files the server sends. Beside it, the server entry
// the app server renders pages with, built from the same tree: a dist/ssr left by an older
// build would draw pages that do not match the client measured.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { runCommand } from './processes.ts';

/** A client folder for the app server (BENCH_STATIC_DIR) and its server entry (SSR_ENTRY). */
export interface BuiltSite {
  clientDir: string;
  ssrEntry: string;
}

async function viteBuild(args: readonly string[]): Promise<void> {
  await runCommand('npx', ['vite', 'build', '--emptyOutDir', '--logLevel', 'warn', ...args], {
    quiet: true,
  });
}

async function buildSite(
  name: string,
  entry: string,
  clientArgs: readonly string[],
  config: readonly string[] = [],
): Promise<BuiltSite> {
  const clientDir = mkdtempSync(join(tmpdir(), `staylane-bench-${name}-client-`));
  // The server entry imports its libraries by name (they are not bundled into it): it must
  // live where node finds this project's node_modules, so under it, not in the system's tmp.
  const cache = join('node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const ssrDir = resolve(mkdtempSync(join(cache, `staylane-bench-${name}-ssr-`)));
  await viteBuild([...config, ...clientArgs, '--outDir', clientDir]);
  await runCommand(process.execPath, ['scripts/precompress.mjs', clientDir], { quiet: true });
  await viteBuild([...config, '--ssr', resolve(entry), '--outDir', ssrDir]);
  return { clientDir, ssrEntry: join(ssrDir, 'entry-server.js') };
}

export function buildClient(): Promise<BuiltSite> {
  return buildSite('app', 'src/entry-server.tsx', ['--manifest', '--sourcemap', 'hidden']);
}

/**
 * The floor page (bench/floor): a minimal React page with the app's stylesheet, React
 * build and browser target, served by the same server as the app's pages.
 */
export function buildFloor(): Promise<BuiltSite> {
  return buildSite(
    'floor',
    'bench/floor/entry-server.tsx',
    [],
    ['--config', 'bench/floor/vite.config.ts'],
  );
}

export function removeSite(site: BuiltSite): void {
  rmSync(site.clientDir, { recursive: true, force: true });
  rmSync(dirname(site.ssrEntry), { recursive: true, force: true });
}
