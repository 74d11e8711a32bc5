// Dead code stays out: `npm test` fails on a file nothing reaches, an export nobody imports
// and a dependency nothing uses (knip). Entries are what runs on its own: the browser's and
// the server's entries, the sandbox's, the scripts and benches, and the files the tests
// start as child processes; the tests themselves come in through knip's Vitest and
// Playwright plugins.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    'src/entry-server.tsx',
    // The early-input script, bundled on its own by vite.config.ts (by path).
    'src/early-input.ts',
    'scripts/*.{ts,mjs}',
    'bench/*.ts',
    // The bench's floor page: its entries and the build settings the bench passes by path.
    'bench/floor/{main,entry-server}.tsx',
    'bench/floor/vite.config.ts',
    // Started as child processes (by path, which knip cannot follow): by the benches...
    'bench/support/{app-server,bare-proxy,framework-proxy,sandbox-server}.ts',
    // ...and by tests.
    'server/test-support/rate-limit-flood.ts',
    'server/sandbox/test-support/booking-writer.ts',
    // A measuring script, run by hand (docs/sandbox.md).
    'server/sandbox/test-support/measure.ts',
  ],
  project: [
    'src/**/*.{ts,tsx,css}',
    'server/**/*.{ts,mjs}',
    'scripts/**/*.{ts,mjs}',
    'bench/**/*.{ts,tsx}',
    'e2e/**/*.{ts,mjs}',
  ],
  // An export a module also uses itself is part of its own code, not dead.
  ignoreExportsUsedInFile: true,
  // Lighthouse runs as a program the bench starts (npx lighthouse), never imported.
  ignoreDependencies: ['lighthouse'],
  // Installed from Debian by the test and bench scripts, when missing.
  ignoreBinaries: ['apt-get'],
};

export default config;
