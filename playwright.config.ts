// Playwright runs against the production build of the real server with its
// embedded sandbox, in Debian's Chromium (Playwright's own browsers cannot be
// downloaded here). Retries are off: a flaky test is a bug to fix.
import { defineConfig, devices } from '@playwright/test';
import type { PageGuardOptions } from './e2e/fixtures.ts';
import { CHROMIUM_ARGS } from './bench/support/chromium.ts';
import { redisServerArgs, redisServerBinary } from './server/test-support/redis-server.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A second server whose sandbox fails and stalls on purpose (e2e/faults*.spec.ts).
const FAULT_PORT = Number(process.env.E2E_FAULT_PORT ?? PORT + 1);
const FAULT_URL = `http://127.0.0.1:${FAULT_PORT}`;
// A third serves a development build of the client, where React checks attributes too
// when it hydrates (a production build checks only text: e2e/server-rendering.spec.ts runs
// on both), and has the settings an operator may add: a street map's tiles
// (e2e/map-tiles.spec.ts, which only it runs).
const DEV_PORT = Number(process.env.E2E_DEV_PORT ?? PORT + 3);
const DEV_URL = `http://127.0.0.1:${DEV_PORT}`;
const DEV_SPECS = /(server-rendering|map-tiles)\.spec\.ts$/;
const OPERATOR_SPECS = /map-tiles\.spec\.ts$/;
// A fresh sandbox database per run, so runs never see each other's bookings.
const dataDir = mkdtempSync(join(tmpdir(), 'staylane-e2e-'));

/**
 * Both servers run with e2e/record-responses.mjs preloaded: it scans every answer and
 * every log byte for the key they hold (the sandbox's demo key); npm test then checks
 * the recordings (scripts/scan-secrets.ts --e2e).
 */
const SERVER_COMMAND = 'node --import ./e2e/record-responses.mjs scripts/start.mjs';
// One name per run for the recordings (set by the runner, inherited by its workers), so
// runs sharing a working tree do not overwrite each other's.
process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`;
export const RECORDINGS = `reports/e2e-secret-scan/${process.env.E2E_RUN_ID}`;
// The main server shares its rate limits through a real Redis (Debian's redis-server,
// password-protected), as production instances do; the password is scanned for too.
const REDIS_BIN = redisServerBinary();
if (!REDIS_BIN && process.env.CI === 'true') throw new Error('redis-server is not installed');
const REDIS_PORT = Number(process.env.E2E_REDIS_PORT ?? PORT + 2);
process.env.E2E_REDIS_PASSWORD ??= randomBytes(12).toString('hex');
const REDIS_PASSWORD = process.env.E2E_REDIS_PASSWORD;
const REDIS_URL = `redis://:${REDIS_PASSWORD}@127.0.0.1:${REDIS_PORT}`;
const REDIS_SERVER = REDIS_BIN
  ? [
      {
        command: [
          REDIS_BIN,
          ...redisServerArgs({ port: REDIS_PORT, dir: dataDir, password: REDIS_PASSWORD }),
        ]
          .map((arg) => (arg === '' ? '""' : arg))
          .join(' '),
        port: REDIS_PORT,
        reuseExistingServer: false,
        timeout: 30_000,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
      },
    ]
  : [];
const SERVER_ENV = {
  HOST: '127.0.0.1',
  SANDBOX_SEED: 'e2e',
  // Each test is its own client (e2e/fixtures.ts sets X-Forwarded-For per test).
  TRUST_PROXY: '1',
  // Random price changes and refusals at prebook are off; the documented
  // scenario hotels still exercise those branches deterministically.
  SANDBOX_PREBOOK_SURPRISES: 'off',
  SECRET_SCAN_KEYS: 'sandbox-demo-key-0001',
};
const DESKTOP_CHROMIUM = { ...devices['Desktop Chrome'], channel: undefined };
const FAULT_SPECS = /faults.*\.spec\.ts$/;

/** One app server of the run: the real server with its sandbox, on loopback. */
function appServer({
  command,
  port,
  env,
}: {
  command: string;
  port: number;
  env: Record<string, string>;
}) {
  return {
    command,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { ...SERVER_ENV, PORT: String(port), ...env },
  };
}

export default defineConfig<PageGuardOptions>({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A hang is caught either way; the longest journeys (a booking with axe on four pages)
  // take 35–50 s when two workers share a slow machine's two cores.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'chromium', testIgnore: [FAULT_SPECS, OPERATOR_SPECS], use: DESKTOP_CHROMIUM },
    {
      name: 'dev-build',
      testMatch: DEV_SPECS,
      use: { ...DESKTOP_CHROMIUM, baseURL: DEV_URL },
    },
    {
      name: 'faults',
      testMatch: FAULT_SPECS,
      // The faults server is slow on purpose: its loading states get longer.
      use: { ...DESKTOP_CHROMIUM, baseURL: FAULT_URL, loadingBudgetMs: 15_000 },
    },
  ],
  webServer: [
    ...REDIS_SERVER,
    appServer({
      command: SERVER_COMMAND,
      port: PORT,
      env: {
        LOG_LEVEL: 'warn',
        SANDBOX_DB: join(dataDir, 'sandbox.db'),
        SECRET_SCAN_REPORT: `${RECORDINGS}-main.json`,
        ...(REDIS_BIN ? { REDIS_URL } : {}),
      },
    }),
    // Started after the first, which built what was missing: this one only serves it.
    appServer({
      command: 'node --import ./e2e/record-responses.mjs dist/server/server/main.js',
      port: FAULT_PORT,
      env: {
        // Access log on: its lines are scanned for the key too.
        LOG_LEVEL: 'info',
        SANDBOX_DB: join(dataDir, 'faults.db'),
        // 20 % of the sandbox's answers fail (429 or 500), 10 % of the rest are slow.
        SANDBOX_FAULTS: '429=0.1,500=0.1,slow=0.1,slow_ms=1500',
        SECRET_SCAN_REPORT: `${RECORDINGS}-faults.json`,
      },
    }),
    appServer({
      command:
        'NODE_ENV=development npx vite build --mode development --outDir dist/client-dev --emptyOutDir --logLevel error && node --import ./e2e/record-responses.mjs dist/server/server/main.js',
      port: DEV_PORT,
      env: {
        LOG_LEVEL: 'warn',
        STATIC_DIR: 'dist/client-dev',
        MAP_TILE_URL: 'https://tiles.staylane.test/{z}/{x}/{y}.png',
        MAP_ATTRIBUTION: '© Staylane test tiles',
        SANDBOX_DB: join(dataDir, 'dev.db'),
        SECRET_SCAN_REPORT: `${RECORDINGS}-dev.json`,
      },
    }),
  ],
});
