// The client as production serves it, built into a temporary folder (the working
// tree's dist/ is left alone): vite build with its manifest (which chunk a route
// needs, bench/route-js.ts) and hidden source maps (which module the bytes of a chunk came
// from; no file points to them, so the chunks are byte for byte what production sends),
// then the precompressed .br and .gz files the server sends. Beside it, the server entry
// the app server renders pages with, built from the same tree: a dist/ssr left by an older
// build would draw pages that do not match the client measured.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { runCommand } from './processes.ts';

/** A client folder for the app server (BENCH_STATIC_DIR) and its server entry (SSR_ENTRY). */
export interface BuiltSite {
  clientDir: string;
  ssrEntry: string;
}

// The server entry imports its libraries by name (they are not bundled into it): it must
// live where node finds this project's node_modules, so under it, not in the system's tmp.
const SERVER_BUILDS = join('node_modules', '.cache');
const SERVER_BUILD_PREFIX = 'staylane-bench-ssr-';

async function viteBuild(args: readonly string[]): Promise<void> {
  await runCommand('npx', ['vite', 'build', '--emptyOutDir', '--logLevel', 'warn', ...args], {
    quiet: true,
  });
}

async function buildSite(
  entry: string,
  clientArgs: readonly string[],
  config: readonly string[] = [],
): Promise<BuiltSite> {
  mkdirSync(SERVER_BUILDS, { recursive: true });
  const site = {
    clientDir: mkdtempSync(join(tmpdir(), 'staylane-bench-client-')),
    ssrEntry: join(
      resolve(mkdtempSync(join(SERVER_BUILDS, SERVER_BUILD_PREFIX))),
      'entry-server.js',
    ),
  };
  try {
    await viteBuild([...config, ...clientArgs, '--outDir', site.clientDir]);
    await runCommand(process.execPath, ['scripts/precompress.mjs', site.clientDir], {
      quiet: true,
    });
    await viteBuild([...config, '--ssr', resolve(entry), '--outDir', dirname(site.ssrEntry)]);
    // Its chunks are ES modules, like dist/ssr's under the project's "type": "module".
    writeFileSync(join(dirname(site.ssrEntry), 'package.json'), '{ "type": "module" }\n');
    // The app server starts without pages it cannot find (it serves the plain shell): a
    // server entry of another name would quietly measure pages drawn by the browser.
    if (!existsSync(site.ssrEntry)) throw new Error(`the server build wrote no ${site.ssrEntry}`);
    return site;
  } catch (error) {
    removeSite(site);
    throw error;
  }
}

/**
 * Server builds a bench interrupted before its cleanup left under node_modules/.cache (the
 * system's tmp is the system's to clear).
 */
export function removeLeftServerBuilds(): void {
  if (!existsSync(SERVER_BUILDS)) return;
  for (const name of readdirSync(SERVER_BUILDS)) {
    if (name.startsWith(SERVER_BUILD_PREFIX)) {
      rmSync(join(SERVER_BUILDS, name), { recursive: true, force: true });
    }
  }
}

export function buildClient(): Promise<BuiltSite> {
  return buildSite('src/entry-server.tsx', ['--manifest', '--sourcemap', 'hidden']);
}

/**
 * The floor page (bench/floor): a minimal React page with the app's stylesheet, React
 * build and browser target, served by the same server as the app's pages.
 */
export function buildFloor(): Promise<BuiltSite> {
  return buildSite('bench/floor/entry-server.tsx', [], ['--config', 'bench/floor/vite.config.ts']);
}

export function removeSite(site: BuiltSite): void {
  rmSync(site.clientDir, { recursive: true, force: true });
  rmSync(dirname(site.ssrEntry), { recursive: true, force: true });
}
