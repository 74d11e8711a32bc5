// How long a POST /hotels/book takes in the sandbox: in-process through app.request()
// (no socket, no app server), on a SQLite file in a temporary folder (WAL,
// synchronous=NORMAL, as `npm start` runs it).
//
//   npx tsx bench/sandbox-book.ts [--runs 200]
//
// Three figures, each the distribution of `runs` calls on distinct prebooks:
// - own work: the simulated supplier confirmation (300–900 ms of waiting) is skipped, so
//   this is the sandbox's cost: parse, idempotency look-up, one write transaction
//   (booking + record), response. Calls run one after another.
// - replay: the same calls again with the same keys and bodies (Idempotent-Replayed).
// - with the supplier wait: the default confirmation delay, calls started together (they
//   only wait), so the figure is the delay plus the own work under that concurrency.
// Results: a table on stdout and reports/bench/sandbox-book.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SANDBOX_DEMO_KEY, type Sandbox } from '../server/sandbox/app.ts';
import { createTestSandbox } from '../server/sandbox/test-support/harness.ts';

const HEADERS = { 'x-api-key': SANDBOX_DEMO_KEY, 'content-type': 'application/json' };
const PARIS = 2988507;
const HOLDER = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
};

interface Stats {
  runs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    runs: sorted.length,
    p50Ms: round(at(0.5)),
    p90Ms: round(at(0.9)),
    p99Ms: round(at(0.99)),
    maxMs: round(sorted.at(-1) ?? NaN),
  };
}

async function post(sandbox: Sandbox, path: string, body: unknown, headers = {}) {
  const response = await sandbox.app.request(path, {
    method: 'POST',
    headers: { ...HEADERS, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { data: never } };
}

/** `count` prebooks of an available Paris hotel (a token can be prebooked many times). */
async function prebooks(sandbox: Sandbox, count: number): Promise<string[]> {
  const { inventory } = sandbox.context;
  const city = inventory.geography.cities.find((c) => c.id === PARIS);
  let token: string | undefined;
  for (const index of inventory.cityHotels[city?.index ?? -1] ?? []) {
    const answer = await post(sandbox, '/hotels/rooms', {
      hotel_id: inventory.hotels[index]?.id,
      check_in: '2026-12-10',
      check_out: '2026-12-13',
      rooms: [{ adults: 2 }],
    });
    const rooms = (answer.json.data as { rooms: { rates: { booking_token: string }[] }[] }).rooms;
    token = rooms[0]?.rates[0]?.booking_token;
    if (token) break;
  }
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await post(sandbox, '/hotels/prebook', { booking_token: token });
    ids.push((answer.json.data as { prebook_id: string }).prebook_id);
  }
  return ids;
}

async function timedBook(sandbox: Sandbox, prebookId: string, key: string): Promise<number> {
  const started = performance.now();
  const response = await sandbox.app.request('/hotels/book', {
    method: 'POST',
    headers: { ...HEADERS, 'idempotency-key': key },
    body: JSON.stringify({
      prebook_id: prebookId,
      holder: HOLDER,
      guests: [{ room: 1, first_name: 'Asha', last_name: 'Rao' }],
    }),
  });
  await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 201) throw new Error(`book answered ${response.status}`);
  return elapsed;
}

function sandboxOn(file: string, skipSupplierWait: boolean): Sandbox {
  return createTestSandbox({
    dbPath: file,
    prebookSurprises: false,
    ...(skipSupplierWait ? { sleep: () => Promise.resolve() } : {}),
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' } } });
  const runs = Number(values.runs);
  const dir = mkdtempSync(join(tmpdir(), 'staylane-bench-book-'));
  try {
    // Own work, sequential, after a few warm-up calls (JIT, statement caches).
    const own = sandboxOn(join(dir, 'own.db'), true);
    const warm = await prebooks(own, 20);
    for (const [i, id] of warm.entries()) await timedBook(own, id, `warm-up-${i}-key`);
    const ids = await prebooks(own, runs);
    const ownSamples: number[] = [];
    for (const [i, id] of ids.entries()) ownSamples.push(await timedBook(own, id, `own-${i}-key`));
    const replaySamples: number[] = [];
    for (const [i, id] of ids.entries()) {
      replaySamples.push(await timedBook(own, id, `own-${i}-key`));
    }
    own.close();

    // With the simulated supplier confirmation, all calls at once.
    const waiting = sandboxOn(join(dir, 'waiting.db'), false);
    const waitIds = await prebooks(waiting, runs);
    const waitSamples = await Promise.all(
      waitIds.map((id, i) => timedBook(waiting, id, `wait-${i}-key`)),
    );
    waiting.close();

    const report = {
      node: process.version,
      cpus: cpus().length,
      measured: 'in-process app.request(), SQLite file in WAL mode, synchronous=NORMAL',
      ownWork: stats(ownSamples),
      replay: stats(replaySamples),
      withSupplierWait: stats(waitSamples),
    };
    const rows = [
      ['book, own work (supplier wait skipped), sequential', report.ownWork],
      ['book replay (same key and body), sequential', report.replay],
      [`book with the 300–900 ms supplier wait, ${runs} at once`, report.withSupplierWait],
    ] as const;
    process.stdout.write(`POST /hotels/book, ${runs} calls each (${report.measured})\n`);
    for (const [label, s] of rows) {
      process.stdout.write(
        `  ${label.padEnd(58)} p50 ${s.p50Ms.toFixed(2)} ms  p90 ${s.p90Ms.toFixed(2)} ms  ` +
          `p99 ${s.p99Ms.toFixed(2)} ms  max ${s.maxMs.toFixed(2)} ms\n`,
      );
    }
    mkdirSync('reports/bench', { recursive: true });
    writeFileSync('reports/bench/sandbox-book.json', `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
