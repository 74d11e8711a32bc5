// The Chromium the browser benchmarks drive: CHROME_PATH, else Debian's chromium, found
// (and, as root on Debian, installed) as `npm test` does it (scripts/test.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The flags Debian's Chromium runs with, in the e2e suite and in the benches alike: no
 * sandbox as root, no GPU, no background traffic.
 */
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

function find(): string | null {
  for (const candidate of [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}

let found: string | null | undefined;

export function findChromium(): string {
  found ??= find();
  if (!found && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian’s chromium (apt-get)…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    found = find();
  }
  if (!found) {
    throw new Error(
      'No Chromium found. Install one (Debian: `sudo apt-get install chromium`) or point CHROME_PATH at a Chromium or Chrome binary.',
    );
  }
  return found;
}
