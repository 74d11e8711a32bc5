// Where the app server's CPU time per proxied request goes: the app server (upstream mode,
// access log on, limits lifted as in the overhead row) in front of the standalone sandbox,
// run under V8's sampling profiler (`node --cpu-prof`) while autocannon sends it the
// overhead row's price poll (or its search). Only the samples of the load window count,
// and each is charged to what it was doing, in µs per request answered.
//
//   npx tsx bench/proxy-profile.ts [--probe poll|search] [--duration 10] [--connections 10]
//                                  [--redis]
//
// The poll is measured once the search's price refresh is COMPLETE, so it carries every
// hotel's update, as it does when the overhead row measures it. Results: a table on stdout,
// reports/bench/proxy-profile.json and the profile itself (open it in Chrome DevTools).
// With --redis the app server counts its limits in a Redis of its own, as the overhead row's
// third line does (Debian's redis-server, started on a free loopback port).
import autocannon from 'autocannon';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  buildProbes,
  expectOk,
  probeHeaders,
  sandboxTarget,
  type Probe,
  type Target,
} from './proxy-overhead.ts';
import { startRedis } from '../server/test-support/redis-server.ts';
import { startServerScript, upstreamAppEnv } from './support/processes.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * What a sample's function belongs to, in the terms of the app's guarantees. The first
 * rule that matches wins; a function's own frame decides, not its callers. JSON.parse and
 * JSON.stringify are V8 builtins, so their time shows in their callers' frames (the
 * upstream client's `interpret`, Hono's `json`).
 */
const CATEGORIES: { name: string; test: (fn: string, url: string) => boolean }[] = [
  { name: 'idle (waiting for I/O)', test: (fn) => fn === '(idle)' },
  { name: 'garbage collection', test: (fn) => fn === '(garbage collector)' },
  // ajv's compiled checks are functions it writes at run time: no script, `validate<n>`.
  {
    name: 'answer check (compiled, ajv)',
    test: (fn, url) =>
      (url === '' && /^validate\d+$/.test(fn)) || url.includes('/node_modules/ajv/'),
  },
  { name: 'input checks (zod)', test: (_, url) => url.includes('/node_modules/zod/') },
  {
    name: 'socket reads and writes (syscalls)',
    test: (fn, url) =>
      url === '' &&
      /^(writev|writeBuffer|writeLatin1String|writeUtf8String|writeString|onStreamRead)$/.test(fn),
  },
  { name: 'access line (pino)', test: (_, url) => /\/node_modules\/(pino|sonic-boom)/.test(url) },
  { name: 'metrics (prom-client)', test: (_, url) => url.includes('/node_modules/prom-client/') },
  {
    name: 'Hono and its Node adapter',
    test: (_, url) => /\/node_modules\/(hono|@hono)\//.test(url),
  },
  { name: 'upstream client and transport', test: (_, url) => url.includes('/server/upstream/') },
  { name: 'our routes and middleware', test: (_, url) => /\/(server|src)\//.test(url) },
  {
    name: 'undici (web Headers, Request, Response)',
    test: (_, url) => url.includes('internal/deps/undici'),
  },
  {
    name: 'node:http, net and streams',
    test: (_, url) => /^node:(_http|http|net|internal\/(streams|stream_base|http))/.test(url),
  },
  { name: 'node: other', test: (_, url) => url.startsWith('node:') },
  { name: 'microtasks and timers', test: (fn) => /^(runMicrotasks|processTimers)$/.test(fn) },
];
const OTHER = 'other (V8, libraries)';

export interface ProfileReport {
  probe: string;
  durationS: number;
  connections: number;
  requests: number;
  requestsPerS: number;
  /** The app server's CPU time per request in the window (samples not idle). */
  cpuUsPerRequest: number;
  byCategory: { category: string; usPerRequest: number }[];
  topFunctions: { fn: string; usPerRequest: number }[];
}

function monotonicUs(): number {
  // The profiler's clock: CLOCK_MONOTONIC in µs, the same as process.hrtime.
  return Number(process.hrtime.bigint() / 1000n);
}

export function summarize(
  profile: CpuProfile,
  window: { fromUs: number; toUs: number },
  requests: number,
): Pick<ProfileReport, 'cpuUsPerRequest' | 'byCategory' | 'topFunctions'> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    const next = profile.timeDeltas[index + 1] ?? 0;
    if (at >= window.fromUs && at <= window.toUs) selfUs.set(id, (selfUs.get(id) ?? 0) + next);
  });
  const categories = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const category = CATEGORIES.find((c) => c.test(frame.functionName, frame.url))?.name ?? OTHER;
    categories.set(category, (categories.get(category) ?? 0) + us);
    if (frame.functionName !== '(idle)') busy += us;
    const where = frame.url
      .replace(/^.*\/node_modules\//, '')
      .replace(/^file:\/\/.*?\/(server|src)\//, '$1/');
    const fn = `${frame.functionName || '(anonymous)'} ${where}${where ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const perRequest = (us: number) => Math.round((us / requests) * 10) / 10;
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    cpuUsPerRequest: perRequest(busy),
    byCategory: sorted(categories).map(([category, us]) => ({
      category,
      usPerRequest: perRequest(us),
    })),
    topFunctions: sorted(functions)
      .slice(0, 25)
      .map(([fn, us]) => ({ fn, usPerRequest: perRequest(us) })),
  };
}

export async function waitForComplete(direct: Target, probe: Probe): Promise<void> {
  const fullPoll = { ...probe, path: probe.path.replace(/&since=\d+$/, '') };
  for (let attempt = 0; attempt < 120; attempt++) {
    const answer = (await expectOk(direct, fullPoll)) as { refresh_status: string };
    if (answer.refresh_status === 'COMPLETE') return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('the search never finished refreshing its prices');
}

export async function profileProxy(options: {
  probe: 'poll' | 'search';
  durationS: number;
  connections: number;
  redis?: boolean;
}): Promise<{ report: ProfileReport; profileText: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'staylane-profile-'));
  const profileDir = join(dataDir, 'profile');
  const sandbox = await startServerScript('bench/support/sandbox-server.ts', {
    SANDBOX_DB: join(dataDir, 'sandbox.db'),
    SANDBOX_SEED: process.env.SANDBOX_SEED ?? 'bench',
  });
  const redis = options.redis ? await startRedis() : null;
  const app = await startServerScript(
    'bench/support/app-server.ts',
    { ...upstreamAppEnv(sandbox.port), ...(redis ? { REDIS_URL: redis.url } : {}) },
    120_000,
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=100'],
  );
  try {
    const direct = sandboxTarget(sandbox.port);
    const [search, poll] = await buildProbes(direct);
    const probe = options.probe === 'poll' ? poll : search;
    if (!probe) throw new Error('no probe');
    if (options.probe === 'poll') await waitForComplete(direct, probe);
    const target = `http://127.0.0.1:${app.port}/api${probe.path}`;
    const headers = probeHeaders(probe);
    const load = (durationS: number) =>
      autocannon({
        url: target,
        method: probe.method,
        headers,
        body: probe.body,
        connections: options.connections,
        duration: durationS,
      });
    await load(2); // the JIT and the keep-alive pools warm up outside the window
    const fromUs = monotonicUs();
    const result = await load(options.durationS);
    const toUs = monotonicUs();
    await app.stop(); // the profile is written as the process exits
    const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('the app server wrote no profile');
    const profileText = readFileSync(join(profileDir, file), 'utf8');
    const profile = JSON.parse(profileText) as CpuProfile;
    const requests = result.requests.total;
    return {
      report: {
        probe: probe.label,
        durationS: options.durationS,
        connections: options.connections,
        requests,
        requestsPerS: Math.round(result.requests.average),
        ...summarize(profile, { fromUs, toUs }, requests),
      },
      profileText,
    };
  } finally {
    await app.stop();
    await sandbox.stop();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      probe: { type: 'string', default: 'poll' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      redis: { type: 'boolean', default: false },
    },
  });
  if (values.probe !== 'poll' && values.probe !== 'search') {
    console.error('--probe: poll or search');
    process.exit(2);
  }
  const { report, profileText } = await profileProxy({
    probe: values.probe,
    durationS: Number(values.duration),
    connections: Number(values.connections),
    redis: values.redis,
  });
  console.log(
    `\n${report.probe}: ${report.requestsPerS} req/s under the profiler, ${report.cpuUsPerRequest} µs of CPU per request (${report.requests} requests)\n`,
  );
  for (const line of report.byCategory) {
    console.log(`${line.usPerRequest.toFixed(1).padStart(8)} µs  ${line.category}`);
  }
  console.log('\nFunctions (self time):');
  for (const line of report.topFunctions) {
    console.log(`${line.usPerRequest.toFixed(1).padStart(8)} µs  ${line.fn}`);
  }
  mkdirSync('reports/bench', { recursive: true });
  const name = `proxy-profile-${values.probe}${values.redis ? '-redis' : ''}`;
  writeFileSync(`reports/bench/${name}.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`reports/bench/${name}.cpuprofile`, profileText);
  console.log(`\nWritten to reports/bench/${name}.json and reports/bench/${name}.cpuprofile`);
}
