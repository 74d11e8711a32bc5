// `npx tsx scripts/scan-secrets.ts [--e2e]`: the key must not be in what we ship or show.
//
// - the built bundle (dist/client: every file, and the .br/.gz variants decompressed);
// - with --e2e, the recordings of the e2e run (reports/e2e-secret-scan/*.json, written by
//   e2e/record-responses.mjs inside each e2e server: every answer's headers and decoded
//   body, and every byte the server wrote to stdout/stderr).
//
// Keys: the sandbox's demo key (what the e2e servers hold), plus SECRET_SCAN_KEYS,
// HOTEL_API_KEY, BOOKING_TOKEN_SECRET and the password in REDIS_URL when set; each e2e
// server's recording also looks for the token secret its sandbox made. Exits 1 with the hits (key
// masked) or a missing recording.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SANDBOX_DEMO_KEY } from '../server/sandbox/options.ts';
import { findSecrets, secretsOfEnv, type SecretHit } from '../server/test-support/secret-scan.ts';

const BUNDLE = 'dist/client';
const RECORDINGS = 'reports/e2e-secret-scan';

const keys = [...new Set([SANDBOX_DEMO_KEY, ...secretsOfEnv(process.env)])];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const problems: string[] = [];
const hits: SecretHit[] = [];

if (!existsSync(BUNDLE)) {
  problems.push(`${BUNDLE} does not exist: run npm run build first`);
}
const files = existsSync(BUNDLE) ? walk(BUNDLE) : [];
let bundleBytes = 0;
hits.push(
  ...findSecrets(
    files.map((file) => {
      let bytes = readFileSync(file);
      if (file.endsWith('.br')) bytes = brotliDecompressSync(bytes);
      if (file.endsWith('.gz')) bytes = gunzipSync(bytes);
      bundleBytes += bytes.length;
      return { where: file, text: bytes.toString('utf8') };
    }),
    keys,
  ),
);

interface Recording {
  responses: number;
  bodyBytes: number;
  logWrites: number;
  logBytes: number;
  hits: SecretHit[];
}

const e2e = { servers: 0, responses: 0, bodyBytes: 0, logWrites: 0, logBytes: 0 };
if (process.argv.includes('--e2e')) {
  const recordings = existsSync(RECORDINGS)
    ? readdirSync(RECORDINGS).filter((name) => name.endsWith('.json'))
    : [];
  if (recordings.length === 0) problems.push(`no e2e recording in ${RECORDINGS}`);
  for (const name of recordings) {
    const recording = JSON.parse(readFileSync(join(RECORDINGS, name), 'utf8')) as Recording;
    if (recording.responses === 0) problems.push(`${name}: the server answered nothing`);
    e2e.servers++;
    e2e.responses += recording.responses;
    e2e.bodyBytes += recording.bodyBytes;
    e2e.logWrites += recording.logWrites;
    e2e.logBytes += recording.logBytes;
    hits.push(...recording.hits.map((hit) => ({ ...hit, where: `${name}: ${hit.where}` })));
  }
}

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KiB`;
console.log(
  `secrets scan: ${keys.length} key(s) × 6 forms; bundle ${files.length} files (${kb(bundleBytes)} decoded)` +
    (process.argv.includes('--e2e')
      ? `; e2e ${e2e.responses.toLocaleString('en')} answers (${kb(e2e.bodyBytes)}) and ${e2e.logWrites.toLocaleString('en')} log writes (${kb(e2e.logBytes)}) from ${e2e.servers} server(s)`
      : '') +
    `: ${hits.length} hits`,
);
for (const hit of hits) console.log(`  HIT ${hit.form} in ${hit.where}: …${hit.context}…`);
for (const problem of problems) console.log(`  PROBLEM ${problem}`);
process.exit(hits.length === 0 && problems.length === 0 ? 0 : 1);
