// The built client served by the app server with its embedded sandbox, for the browser
// rows (Lighthouse, submit → results, the loaded list, polling, the map, interactions): one
// build and one server per bench run, and a second for the floor page while rows 2 and 10
// read it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForHealth } from './browser.ts';
import { PAGE_CLOCK_ATTRIBUTES } from '../../src/contract/index.ts';
import type { BuiltSite } from './build.ts';
import { startServerScript } from './processes.ts';

export interface WebServer {
  base: string;
  stop(): Promise<void>;
}

export async function startWebServer(site: BuiltSite, seed = 'staylane'): Promise<WebServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'staylane-bench-db-'));
  const server = await startServerScript('bench/support/app-server.ts', {
    BENCH_STATIC_DIR: site.clientDir,
    SSR_ENTRY: site.ssrEntry,
    HOTEL_API_BASE_URL: '',
    LOG_LEVEL: 'info',
    SANDBOX_SEED: seed,
    SANDBOX_NOW: '',
    SANDBOX_FAULTS: '',
    SANDBOX_DB: join(dataDir, 'sandbox.db'),
  });
  const base = `http://127.0.0.1:${server.port}`;
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/**
 * Fails unless the page at `url` comes drawn by the server (its root carries the day it was
 * drawn for), not as the plain shell the browser would draw: without its server entry the
 * app server quietly sends the shell, and a row would measure another kind of page.
 */
export async function expectServerRendered(url: string): Promise<void> {
  const html = await (await fetch(url)).text();
  if (!html.includes(`<div id="root" ${PAGE_CLOCK_ATTRIBUTES.day}=`)) {
    throw new Error(`${url} came as the plain shell, not drawn by the server`);
  }
}

/**
 * Runs `use` with the floor page served by a second app server of its own (the same server
 * code, CSP and settings), so that it is never a route of the app's. The server runs only
 * while the row that reads it does: the other rows share the machine with no more than
 * before.
 */
export async function withFloorPage<T>(
  site: BuiltSite,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const floor = await startWebServer(site);
  try {
    const url = `${floor.base}/`;
    await expectServerRendered(url);
    return await use(url);
  } finally {
    await floor.stop();
  }
}
