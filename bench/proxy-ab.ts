// Two checkouts of the app server side by side, in front of one standalone sandbox: which
// of them spends less CPU per proxied request. The overhead row compares the app with the
// bare proxy; between two of its own runs the machine moves by more than most changes to
// the app are worth, so a change is read here, both servers measured in the same minutes.
// Each gets a warm-up, then load rounds taking turns (A B, B A, …); the CPU time of each
// server process is read around its rounds.
//
//   npx tsx bench/proxy-ab.ts --a ../staylane-before [--b .] [--probe poll|search]
//                             [--rounds 6] [--duration 5] [--connections 10]
//
// A checkout is a directory with this project and its node_modules (`git worktree add
// ../staylane-before <commit>` and a link to node_modules will do). The poll is measured
// once the search's price refresh is COMPLETE, so every answer carries every hotel's
// update. Results: a table on stdout and reports/bench/proxy-ab.json.
import autocannon from 'autocannon';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildProbes, cpuMicros, probeHeaders, sandboxTarget } from './proxy-overhead.ts';
import { waitForComplete } from './proxy-profile.ts';
import { startServerScript, upstreamAppEnv, type RunningChild } from './support/processes.ts';
import { median } from './support/stats.ts';

interface Side {
  label: 'A' | 'B';
  checkout: string;
  server: RunningChild;
  cpuUs: number;
  answered: number;
  requestsPerS: number[];
}

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string', default: '.' },
    probe: { type: 'string', default: 'poll' },
    rounds: { type: 'string', default: '6' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});
if (!values.a) throw new Error('--a: the checkout to compare with (a directory)');
const rounds = Number(values.rounds);
const durationS = Number(values.duration);
const connections = Number(values.connections);

const dataDir = mkdtempSync(join(tmpdir(), 'staylane-ab-'));
const sandbox = await startServerScript('bench/support/sandbox-server.ts', {
  SANDBOX_DB: join(dataDir, 'sandbox.db'),
  SANDBOX_SEED: process.env.SANDBOX_SEED ?? 'bench',
});
const sides: Side[] = [];
try {
  for (const [label, checkout] of [
    ['A', resolve(values.a)],
    ['B', resolve(values.b)],
  ] as const) {
    const server = await startServerScript(
      'bench/support/app-server.ts',
      upstreamAppEnv(sandbox.port),
      120_000,
      [],
      checkout,
    );
    sides.push({ label, checkout, server, cpuUs: 0, answered: 0, requestsPerS: [] });
  }

  const direct = sandboxTarget(sandbox.port);
  const [search, poll] = await buildProbes(direct);
  const probe = values.probe === 'poll' ? poll : search;
  if (!probe) throw new Error('no probe');
  if (values.probe === 'poll') await waitForComplete(direct, probe);

  const load = (side: Side, seconds: number) =>
    autocannon({
      url: `http://127.0.0.1:${side.server.port}/api${probe.path}`,
      method: probe.method,
      headers: probeHeaders(probe),
      body: probe.body,
      connections,
      duration: seconds,
    });

  // The JIT, the pools and the sandbox's caches settle before anything counts.
  for (let warm = 0; warm < 2; warm++) for (const side of sides) await load(side, 3);
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const pid = side.server.child.pid ?? 0;
      const before = cpuMicros(pid);
      const result = await load(side, durationS);
      if (result.non2xx + result.errors > 0) {
        throw new Error(`${side.label}: ${result.non2xx + result.errors} failed requests`);
      }
      side.cpuUs += cpuMicros(pid) - before;
      side.answered += result.requests.total;
      side.requestsPerS.push(Math.round(result.requests.average));
    }
  }

  const report = sides.map((side) => ({
    side: side.label,
    checkout: side.checkout,
    cpuUsPerRequest: Math.round(side.cpuUs / side.answered),
    requestsPerS: side.requestsPerS,
    medianRequestsPerS: median(side.requestsPerS),
  }));
  console.log(
    `\n${probe.label}: ${rounds} rounds of ${durationS} s at ${connections} connections, taking turns\n`,
  );
  for (const row of report) {
    console.log(
      `${row.side}  ${String(row.cpuUsPerRequest).padStart(5)} µs CPU per request  ` +
        `${String(row.medianRequestsPerS).padStart(6)} req/s (median; rounds ${row.requestsPerS.join(', ')})  ${row.checkout}`,
    );
  }
  const [a, b] = report;
  if (a && b) {
    console.log(
      `\nB against A: ${b.cpuUsPerRequest - a.cpuUsPerRequest >= 0 ? '+' : ''}${b.cpuUsPerRequest - a.cpuUsPerRequest} µs per request, ` +
        `${Math.round((b.medianRequestsPerS / a.medianRequestsPerS) * 100)} % of its throughput`,
    );
  }
  mkdirSync('reports/bench', { recursive: true });
  writeFileSync(
    'reports/bench/proxy-ab.json',
    `${JSON.stringify({ probe: probe.label, rounds, durationS, connections, report }, null, 2)}\n`,
  );
} finally {
  for (const side of sides) await side.server.stop();
  await sandbox.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
