// `npm test`: makes sure a Chromium is there, then runs typecheck, lint, format, knip, the
// OpenAPI document's lint, the build, unit and integration tests and the Playwright e2e suite, and ends with one
// plain line "N passed, N failed" that counts every test and check that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const REPORTS = 'reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const results = { passed: 0, failed: 0 };
const failures = [];
const failedNames = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = child.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${label} (${seconds} s)`);
  return ok;
}

function check(label, command, args) {
  const ok = run(label, command, args);
  if (ok) results.passed++;
  else {
    results.failed++;
    failures.push(label);
  }
  return ok;
}

function firstLine(text) {
  // Failure messages carry ANSI colours and whole stacks; one plain line is enough to find it.
  const plain = stripVTControlCharacters(String(text ?? ''));
  return (
    plain
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

// Every test of the Playwright JSON report that did not end as expected, with its project.
function playwrightFailures(report) {
  const names = [];
  const visit = (suite, titles) => {
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        // A flaky test's last try passed: its error is on the try that failed.
        const failedTry = test.results?.find(
          (r) => r.status !== 'passed' && r.status !== 'skipped',
        );
        // A test expected to fail that passed has no error: say so.
        const error =
          failedTry?.error?.message ??
          failedTry?.errors?.[0]?.message ??
          (test.expectedStatus === 'failed' ? 'passed, but was marked to fail' : '');
        const path = [...titles, spec.title].filter(Boolean).join(' › ');
        names.push(
          `[${test.projectName}] ${spec.file}:${spec.line} ${path} (${test.status}): ${firstLine(error)}`,
        );
      }
    }
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return names;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/* ------------------------------------------------------------ Chromium and redis-server */

/** The first of `candidates` that exists, or null. */
function firstExisting(candidates) {
  return candidates.find((candidate) => candidate && existsSync(candidate)) ?? null;
}

/**
 * What the tests need from Debian: installed with apt-get when missing and running as root
 * (as on a fresh CI machine), otherwise a line saying how to get it.
 */
function ensureDebianPackage(name, candidates, missing) {
  let found = firstExisting(candidates);
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`${name} is missing: installing Debian’s ${name} (apt-get)…`);
    run('apt-get update', 'apt-get', ['update', '-qq']);
    run(`install ${name}`, 'apt-get', ['install', '-y', '-qq', '--no-install-recommends', name], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
    found = firstExisting(candidates);
  }
  if (!found) console.error(missing);
  return found;
}

const chromium = ensureDebianPackage(
  'chromium',
  [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'],
  'No Chromium found. Install one (Debian: `sudo apt-get install chromium`) or point CHROME_PATH at a Chromium or Chrome binary, then run `npm test` again.',
);
if (chromium) process.env.CHROME_PATH = chromium;

// The shared-limits tests and the e2e server start their own redis-server (never a
// system one).
ensureDebianPackage(
  'redis-server',
  ['/usr/bin/redis-server', '/usr/local/bin/redis-server'],
  'No redis-server found: install it (Debian: `sudo apt-get install redis-server`). Under CI=true its tests fail; elsewhere they are skipped with this message.',
);

/* ------------------------------------------------------------ checks */

check('typecheck (browser)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
check('typecheck (server)', 'npx', ['tsc', '-p', 'tsconfig.server.json', '--noEmit']);
check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
check('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
check('dead code (knip: unused files, exports, dependencies)', 'npx', ['knip', '--no-progress']);
check('OpenAPI document of /api (Redocly lint)', 'npm', ['run', '--silent', 'lint:openapi']);

/* ------------------------------------------------------------ build */

// Before the tests: a few of them start the built server as `npm start` and production do.
const buildOk = check('build', 'npm', ['run', 'build', '--silent']);

/* ------------------------------------------------------------ unit and integration tests */

const vitestReport = `${REPORTS}/vitest.json`;
const vitestOk = run('unit and integration tests (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  let brokenFiles = 0;
  for (const file of vitest.testResults ?? []) {
    const where = relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    // A test file that fails to load has no failed test in it: count it as one failure.
    if (file.status === 'failed' && failedTests.length === 0) {
      brokenFiles++;
      failedNames.push(`${where}: ${firstLine(file.message)}`);
    }
    for (const a of failedTests)
      failedNames.push(`${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  }
  results.passed += vitest.numPassedTests;
  results.failed += vitest.numFailedTests + brokenFiles;
  if (vitest.numFailedTests + brokenFiles > 0)
    failures.push(`vitest: ${vitest.numFailedTests + brokenFiles} failed`);
  if (!vitestOk && vitest.numFailedTests + brokenFiles === 0) {
    results.failed++;
    failures.push('vitest (failed outside a test)');
  }
} else {
  results.failed++;
  failures.push('vitest (no report)');
}

/* ------------------------------------------------------------ e2e */

if (!buildOk || !chromium) {
  results.failed++;
  failures.push(!chromium ? 'e2e (no Chromium)' : 'e2e (build failed)');
} else {
  const playwrightReport = `${REPORTS}/playwright.json`;
  const e2eOk = run(
    'end-to-end tests (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    },
  );
  const pw = readJson(playwrightReport);
  if (pw?.stats) {
    results.passed += pw.stats.expected;
    const failed = pw.stats.unexpected + pw.stats.flaky;
    results.failed += failed;
    if (failed > 0) failures.push(`e2e: ${failed} failed or flaky`);
    failedNames.push(...playwrightFailures(pw));
    if (!e2eOk && failed === 0) {
      results.failed++;
      failures.push('e2e (failed outside a test)');
      // Set-up, the web servers, a worker: what the report says went wrong outside the tests.
      for (const error of pw.errors ?? []) failedNames.push(`e2e: ${firstLine(error.message)}`);
    }
  } else {
    results.failed++;
    failures.push('e2e (no report)');
  }
  // The key in no file of the bundle, no answer of the e2e servers, no line of their log
  // (recorded by e2e/record-responses.mjs during the run): one check.
  check('secrets scan (bundle, e2e answers and server logs)', 'npx', [
    'tsx',
    'scripts/scan-secrets.ts',
    '--e2e',
  ]);
}

/* ------------------------------------------------------------ summary */

// The run's last lines are often all a CI log keeps: name what failed there, not only how many.
for (const name of failedNames) console.log(`✘ ${name}`);
if (failures.length > 0) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed === 0 ? 0 : 1);
