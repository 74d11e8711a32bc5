// The built client served by the app server with its embedded sandbox, for the browser
// rows (Lighthouse, submit → results, the loaded list, polling): one build and one
// server per bench run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForHealth } from './browser.ts';
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
  await waitForHealth(base);
  return {
    base,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
