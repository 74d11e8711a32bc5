// What the app server adds in front of the hotel API: the same requests sent to the
// standalone sandbox directly, through a bare node:http pass-through proxy (the yardstick:
// on 2 cores the load generator, the upstream and the proxy share the machine, so like is
// compared with like), through the app's framework and transport passing everything through
// (what is left beyond it is what our guarantees cost), through the app server (upstream
// mode, limits counted in memory) and, when redis-server is installed, through the app
// server counting its limits in Redis; side by side in one run on loopback. CPU
// microseconds per proxied request come from each proxy process's own CPU time during the
// load rounds.
//
//   npx tsx bench/proxy-overhead.ts [--duration 10] [--connections 10] [--sequential 1000]
//
// Two measurements per endpoint (POST /hotels/search and GET …/prices):
// - sequential: one request at a time, direct and proxied interleaved, timed with
//   hrtime (autocannon's latency histogram has 1 ms resolution, too coarse here);
// - load: autocannon with N connections for D seconds, direct then proxied, twice
//   (the mean of the two rounds is reported; both rounds are in the JSON).
// Results: a table on stdout and reports/bench/proxy-overhead.json.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { SANDBOX_DEMO_KEY } from '../server/sandbox/app.ts';
import { upstreamAppEnv } from './support/processes.ts';
import { missingRedis, startRedis, type RedisServer } from '../server/test-support/redis-server.ts';

export interface OverheadOptions {
  durationS: number;
  connections: number;
  sequential: number;
}

export type TargetName = 'direct' | 'bare' | 'framework' | 'proxy' | 'proxy+redis';

export interface Target {
  name: TargetName;
  base: string;
  headers: Record<string, string>;
  /** The proxy's process, whose CPU time is read around each load round. */
  pid?: number;
}

export interface Probe {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface OverheadRow {
  endpoint: string;
  target: TargetName;
  sequential: { p50Ms: number; p99Ms: number; samples: number };
  load: {
    p50Ms: number;
    p99Ms: number;
    requestsPerS: number;
    rounds: number[];
    errors: number;
    /** The proxy process's CPU time per request answered (null for direct). */
    cpuUsPerRequest: number | null;
  };
}

/** A proxy's load figures against the bare proxy's. */
export interface AgainstBare {
  throughputRatio: number;
  loadAddedP99Ms: number;
  cpuUsPerRequest: number | null;
}

const NOT_MEASURED: AgainstBare = { throughputRatio: 0, loadAddedP99Ms: 0, cpuUsPerRequest: null };

export interface OverheadReport {
  options: OverheadOptions;
  node: string;
  cpus: number;
  rows: OverheadRow[];
  summary: {
    endpoint: string;
    addedP50Ms: number;
    addedP99Ms: number;
    loadAddedP50Ms: number;
    loadAddedP99Ms: number;
    throughputRatio: number;
    /** The app server against the bare proxy: what our own code costs. */
    vsBare: AgainstBare;
    /** The framework and transport alone against the bare proxy. */
    frameworkVsBare: AgainstBare;
    /** The same with limits counted in Redis; null without redis-server. */
    redisVsBare: AgainstBare | null;
  }[];
}

/** User + system CPU time of a process so far, in µs (Linux: /proc/<pid>/stat). */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "comm) ".
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1e6) / 100; // USER_HZ is 100 on Linux
}

function startChild(
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
      const match = /PORT (\d+)/.exec(err);
      if (match?.[1]) resolve({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => {
      reject(new Error(`${script} exited (${String(code)}):\n${err}`));
    });
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function timedRequest(
  target: Target,
  probe: Probe,
): Promise<{ ms: number; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const headers: Record<string, string> = { ...target.headers };
    if (probe.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(probe.body));
    }
    const outgoing = request(
      `${target.base}${probe.path}`,
      { method: probe.method, headers, agent },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          resolve({
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            status: incoming.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(probe.body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export async function expectOk(target: Target, probe: Probe): Promise<unknown> {
  const answer = await timedRequest(target, probe);
  if (answer.status !== 200) {
    throw new Error(
      `${target.name} ${probe.label}: HTTP ${answer.status} ${answer.body.slice(0, 300)}`,
    );
  }
  return (JSON.parse(answer.body) as { data: unknown }).data;
}

/** The standalone sandbox, called directly with the key, as the proxies call it. */
export function sandboxTarget(port: number): Target {
  return {
    name: 'direct',
    base: `http://127.0.0.1:${port}`,
    headers: { 'x-api-key': SANDBOX_DEMO_KEY, accept: 'application/json', language: 'en' },
  };
}

/** A real search and a real poll, from the sandbox's own inventory. */
export async function buildProbes(direct: Target): Promise<Probe[]> {
  const places = (await expectOk(direct, {
    label: 'autocomplete',
    method: 'GET',
    path: '/destinations/autocomplete?query=paris',
  })) as { destinations: { type: string; id: number }[] };
  const city = places.destinations.find((destination) => destination.type === 'city');
  if (!city) throw new Error('the sandbox has no city for "paris"');
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const searchBody = JSON.stringify({
    destination: { type: 'city', id: city.id },
    check_in: day(30),
    check_out: day(32),
    rooms: [{ adults: 2 }],
    limit: 20,
  });
  const search: Probe = {
    label: 'POST /hotels/search',
    method: 'POST',
    path: '/hotels/search',
    body: searchBody,
  };
  const found = (await expectOk(direct, search)) as {
    search_id: string;
    hotels: { hotel_id: string }[];
  };
  const ids = found.hotels.map((hotel) => hotel.hotel_id).join(',');
  const pricesPath = `/hotels/search/${encodeURIComponent(found.search_id)}/prices?refresh_ids=${ids}`;
  const first = (await expectOk(direct, { label: 'prices', method: 'GET', path: pricesPath })) as {
    version: number;
  };
  // A poll as the browser makes it every 2 s: only what changed since the last version.
  const prices: Probe = {
    label: 'GET /hotels/search/{id}/prices',
    method: 'GET',
    path: `${pricesPath}&since=${first.version}`,
  };
  return [search, prices];
}

async function sequential(targets: Target[], probe: Probe, samples: number) {
  const times = new Map<string, number[]>(targets.map((target) => [target.name, []]));
  // Warm-up, then interleaved so both see the same machine state.
  for (let i = 0; i < 50; i++) for (const target of targets) await timedRequest(target, probe);
  for (let i = 0; i < samples; i++) {
    for (const target of i % 2 === 0 ? targets : [...targets].reverse()) {
      const answer = await timedRequest(target, probe);
      if (answer.status !== 200)
        throw new Error(`${target.name} ${probe.label}: HTTP ${answer.status}`);
      times.get(target.name)?.push(answer.ms);
    }
  }
  return new Map(
    [...times].map(([name, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [
        name,
        { p50Ms: round2(percentile(sorted, 50)), p99Ms: round2(percentile(sorted, 99)), samples },
      ];
    }),
  );
}

/** What a browser sends to the app's /api, as the load rounds send it. */
const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  accept: 'application/json',
  language: 'en',
};

/** A load round's headers for a probe: a body goes as JSON. */
export function probeHeaders(
  probe: Probe,
  headers: Readonly<Record<string, string>> = BROWSER_HEADERS,
): Record<string, string> {
  return probe.body === undefined
    ? { ...headers }
    : { ...headers, 'content-type': 'application/json' };
}

async function load(target: Target, probe: Probe, options: OverheadOptions) {
  const cpuBefore = target.pid === undefined ? 0 : cpuMicros(target.pid);
  const result = await autocannon({
    url: `${target.base}${probe.path}`,
    method: probe.method,
    headers: probeHeaders(probe, target.headers),
    body: probe.body,
    connections: options.connections,
    duration: options.durationS,
  });
  const answered = result.requests.total;
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerS: result.requests.average,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuUsPerRequest:
      target.pid === undefined || answered === 0
        ? null
        : (cpuMicros(target.pid) - cpuBefore) / answered,
  };
}

export async function measureProxyOverhead(options: OverheadOptions): Promise<OverheadReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'staylane-bench-'));
  const children: ChildProcess[] = [];
  let redis: RedisServer | undefined;
  try {
    const sandbox = await startChild('bench/support/sandbox-server.ts', {
      SANDBOX_DB: join(dataDir, 'sandbox.db'),
      SANDBOX_SEED: process.env.SANDBOX_SEED ?? 'bench',
    });
    children.push(sandbox.child);
    const proxy = await startChild('bench/support/app-server.ts', upstreamAppEnv(sandbox.port));
    children.push(proxy.child);
    const bare = await startChild('bench/support/bare-proxy.ts', {
      UPSTREAM: `http://127.0.0.1:${sandbox.port}`,
    });
    children.push(bare.child);
    const framework = await startChild('bench/support/framework-proxy.ts', {
      UPSTREAM: `http://127.0.0.1:${sandbox.port}`,
    });
    children.push(framework.child);
    let redisProxy: { child: ChildProcess; port: number } | null = null;
    if (!missingRedis()) {
      redis = await startRedis();
      redisProxy = await startChild('bench/support/app-server.ts', {
        ...upstreamAppEnv(sandbox.port),
        REDIS_URL: redis.url,
      });
      children.push(redisProxy.child);
    }

    const direct = sandboxTarget(sandbox.port);

    const bareTarget: Target = {
      name: 'bare',
      base: `http://127.0.0.1:${bare.port}`,
      headers: BROWSER_HEADERS,
      pid: bare.child.pid,
    };
    const frameworkTarget: Target = {
      name: 'framework',
      base: `http://127.0.0.1:${framework.port}`,
      headers: BROWSER_HEADERS,
      pid: framework.child.pid,
    };
    const proxied: Target = {
      name: 'proxy',
      base: `http://127.0.0.1:${proxy.port}/api`,
      headers: BROWSER_HEADERS,
      pid: proxy.child.pid,
    };
    const targets = [direct, bareTarget, frameworkTarget, proxied];
    if (redisProxy) {
      targets.push({
        name: 'proxy+redis',
        base: `http://127.0.0.1:${redisProxy.port}/api`,
        headers: BROWSER_HEADERS,
        pid: redisProxy.child.pid,
      });
    }
    const probes = await buildProbes(direct);
    for (const probe of probes) for (const target of targets) await expectOk(target, probe);

    const rows: OverheadRow[] = [];
    for (const probe of probes) {
      const seq = await sequential(targets, probe, options.sequential);
      const rounds = new Map<string, Awaited<ReturnType<typeof load>>[]>(
        targets.map((t) => [t.name, []]),
      );
      // Warm-up for the JIT and the keep-alive pools, then two interleaved rounds.
      for (const target of targets) await load(target, probe, { ...options, durationS: 2 });
      for (let round = 0; round < 2; round++) {
        for (const target of targets)
          rounds.get(target.name)?.push(await load(target, probe, options));
      }
      for (const target of targets) {
        const runs = rounds.get(target.name) ?? [];
        const mean = (pick: (run: (typeof runs)[number]) => number) =>
          round2(runs.reduce((sum, run) => sum + pick(run), 0) / runs.length);
        rows.push({
          endpoint: probe.label,
          target: target.name,
          sequential: seq.get(target.name) ?? { p50Ms: Number.NaN, p99Ms: Number.NaN, samples: 0 },
          load: {
            p50Ms: mean((run) => run.p50Ms),
            p99Ms: mean((run) => run.p99Ms),
            requestsPerS: mean((run) => run.requestsPerS),
            rounds: runs.map((run) => round2(run.requestsPerS)),
            errors: runs.reduce((sum, run) => sum + run.errors, 0),
            cpuUsPerRequest: runs.some((run) => run.cpuUsPerRequest === null)
              ? null
              : mean((run) => run.cpuUsPerRequest ?? 0),
          },
        });
      }
    }

    const summary = probes.map((probe) => {
      const row = (target: TargetName) =>
        rows.find((r) => r.endpoint === probe.label && r.target === target);
      const d = row('direct');
      const b = row('bare');
      const p = row('proxy');
      if (!d || !b || !p) throw new Error('missing row');
      const against = (r: OverheadRow | undefined) =>
        r
          ? {
              throughputRatio: round2(r.load.requestsPerS / b.load.requestsPerS),
              loadAddedP99Ms: round2(r.load.p99Ms - b.load.p99Ms),
              cpuUsPerRequest: r.load.cpuUsPerRequest,
            }
          : null;
      return {
        endpoint: probe.label,
        addedP50Ms: round2(p.sequential.p50Ms - d.sequential.p50Ms),
        addedP99Ms: round2(p.sequential.p99Ms - d.sequential.p99Ms),
        loadAddedP50Ms: round2(p.load.p50Ms - d.load.p50Ms),
        loadAddedP99Ms: round2(p.load.p99Ms - d.load.p99Ms),
        throughputRatio: round2(p.load.requestsPerS / d.load.requestsPerS),
        vsBare: against(p) ?? NOT_MEASURED,
        frameworkVsBare: against(row('framework')) ?? NOT_MEASURED,
        redisVsBare: against(row('proxy+redis')),
      };
    });
    return {
      options,
      node: process.version,
      cpus: (await import('node:os')).availableParallelism(),
      rows,
      summary,
    };
  } finally {
    agent.destroy();
    for (const child of children) child.kill('SIGTERM');
    await redis?.stop();
  }
}

function printReport(report: OverheadReport): void {
  const { options } = report;
  console.log(
    `\nProxy overhead on loopback (node ${report.node}, ${report.cpus} CPUs; sequential: ${options.sequential} requests each, interleaved; load: autocannon ${options.connections} connections × ${options.durationS} s, 2 rounds)\n`,
  );
  console.log(
    [
      'endpoint'.padEnd(34),
      'target'.padEnd(11),
      'seq p50 ms'.padStart(11),
      'seq p99 ms'.padStart(11),
      'load p50 ms'.padStart(12),
      'load p99 ms'.padStart(12),
      'req/s'.padStart(9),
      'errors'.padStart(7),
      'CPU µs/req'.padStart(11),
    ].join(' '),
  );
  for (const row of report.rows) {
    console.log(
      [
        row.endpoint.padEnd(34),
        row.target.padEnd(11),
        row.sequential.p50Ms.toFixed(2).padStart(11),
        row.sequential.p99Ms.toFixed(2).padStart(11),
        row.load.p50Ms.toFixed(2).padStart(12),
        row.load.p99Ms.toFixed(2).padStart(12),
        row.load.requestsPerS.toFixed(0).padStart(9),
        String(row.load.errors).padStart(7),
        (row.load.cpuUsPerRequest === null ? '—' : row.load.cpuUsPerRequest.toFixed(0)).padStart(
          11,
        ),
      ].join(' '),
    );
  }
  console.log('\nAdded by the proxy:');
  for (const line of report.summary) {
    console.log(
      `  ${line.endpoint}: +${line.addedP50Ms} ms p50, +${line.addedP99Ms} ms p99 (sequential); ` +
        `+${line.loadAddedP50Ms} ms p50, +${line.loadAddedP99Ms} ms p99 under load; ` +
        `throughput ${Math.round(line.throughputRatio * 100)}% of direct, ` +
        `${Math.round(line.vsBare.throughputRatio * 100)}% of the bare proxy ` +
        `(+${line.vsBare.loadAddedP99Ms} ms p99 over it; the framework alone ${Math.round(line.frameworkVsBare.throughputRatio * 100)}%)` +
        (line.redisVsBare
          ? `; with Redis ${Math.round(line.redisVsBare.throughputRatio * 100)}% of the bare proxy`
          : ''),
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      sequential: { type: 'string', default: '1000' },
    },
  });
  const report = await measureProxyOverhead({
    durationS: Number(values.duration),
    connections: Number(values.connections),
    sequential: Number(values.sequential),
  });
  printReport(report);
  mkdirSync('reports/bench', { recursive: true });
  writeFileSync('reports/bench/proxy-overhead.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log('\nWritten to reports/bench/proxy-overhead.json');
}
