// Playwright runs against the production build of the real server with its
// embedded sandbox, in Debian's Chromium (Playwright's own browsers cannot be
// downloaded here). Retries are off: a flaky test is a bug to fix.
import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A fresh sandbox database per run, so runs never see each other's bookings.
const dataDir = mkdtempSync(join(tmpdir(), 'staylane-e2e-'));

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 45_000,
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SANDBOX_SEED: 'e2e',
      // Each test is its own client (e2e/fixtures.ts sets X-Forwarded-For per test).
      TRUST_PROXY: '1',
      // Random price changes and refusals at prebook are off; the documented
      // scenario hotels still exercise those branches deterministically.
      SANDBOX_PREBOOK_SURPRISES: 'off',
      SANDBOX_DB: join(dataDir, 'sandbox.db'),
    },
  },
});
