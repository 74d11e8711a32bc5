// `npm run soak [-- --shoppers 200 --minutes 5 …]`: the long load and soak test.
//
// Simulated shoppers, each its own client (X-Forwarded-For behind one trusted proxy, as
// production behind a load balancer), use the app server the way the results page does,
// only harder: type a destination (autocomplete), search, poll the prices every 2 s with
// the hotels on screen for the whole time they look (the app stops at COMPLETE; these do
// not), sometimes load the next page or open a hotel (content and room options), then
// search again (another stay or sort) after 45–120 s. One in ten keeps its first search
// open for the whole run (until the session expires, then searches again). A few greedy
// clients poll 20 times a second on purpose: their 429s are the only errors allowed.
//
// The server runs in a child process (scripts/soak-server.ts: the embedded sandbox with
// its clock at --clock-speed × real time, so the 15-minute session lifetime passes inside
// the run) on loopback only; every few seconds it reports RSS, heap and live sessions.
//
// Bounded: --minutes of load (after a --ramp-seconds start) and at most --max-requests.
// Prints a table and writes reports/soak.json. Exits 1 when an ungreedy request failed.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    shoppers: { type: 'string', default: '200' },
    minutes: { type: 'string', default: '5' },
    'poll-seconds': { type: 'string', default: '2' },
    'clock-speed': { type: 'string', default: '4' },
    greedy: { type: 'string', default: '2' },
    'ramp-seconds': { type: 'string', default: '20' },
    'sample-seconds': { type: 'string', default: '5' },
    'max-requests': { type: 'string' },
    out: { type: 'string', default: 'reports/soak.json' },
  },
});

const SHOPPERS = Number(args.shoppers);
const MINUTES = Number(args.minutes);
const POLL_MS = Number(args['poll-seconds']) * 1000;
const CLOCK_SPEED = Number(args['clock-speed']);
const GREEDY = Number(args.greedy);
const RAMP_MS = Number(args['ramp-seconds']) * 1000;
const SAMPLE_MS = Number(args['sample-seconds']) * 1000;
// Twice what the run should need (the polls, a third more for the rest, the greedy
// clients' 20/s): a bound, not a target.
const MAX_REQUESTS = Number(
  args['max-requests'] ??
    Math.ceil(
      2 *
        (((SHOPPERS * (MINUTES * 60_000 + RAMP_MS)) / Math.max(1, POLL_MS)) * 1.35 +
          GREEDY * (MINUTES * 60 + RAMP_MS / 1000) * 20),
    ),
);
for (const [name, value] of Object.entries({
  SHOPPERS,
  MINUTES,
  POLL_MS,
  CLOCK_SPEED,
  GREEDY,
  RAMP_MS,
  SAMPLE_MS,
  MAX_REQUESTS,
})) {
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`--${name.toLowerCase()} must be a number ≥ 0`);
}

/* ------------------------------------------------------------------ the server */

interface Sample {
  kind: 'sample';
  rssBytes: number;
  heapUsedBytes: number;
  sessions: number;
  sessionEntries: number;
  quotes: number;
  tokens: number;
  sandboxNow: number;
}

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork('scripts/soak-server.ts', [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      SANDBOX_SEED: 'staylane',
      SANDBOX_DB: ':memory:',
      SOAK_CLOCK_SPEED: String(CLOCK_SPEED),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { kind: string; port: number }) => {
      if (message.kind === 'ready') resolve({ child, port: message.port });
    });
    child.once('exit', (code) => reject(new Error(`soak server exited (${code})`)));
  });
}

function sampleOf(child: ChildProcess, gc = false): Promise<Sample> {
  return new Promise((resolve) => {
    const onMessage = (message: Sample | { kind: 'ready' }) => {
      if (message.kind !== 'sample') return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.send({ kind: 'sample', gc });
  });
}

/* ------------------------------------------------------------------ the client side */

const { child, port } = await startServer();
const BASE = { host: '127.0.0.1', port }; // loopback only, by construction
const agent = new Agent({ keepAlive: true, maxSockets: SHOPPERS + GREEDY + 16 });
/** For the one retry after a stale keep-alive socket: a connection of its own. */
const freshConnections = new Agent({ keepAlive: false });

type Endpoint = 'autocomplete' | 'search' | 'prices' | 'content' | 'rooms';
const latencies: Record<Endpoint, number[]> = {
  autocomplete: [],
  search: [],
  prices: [],
  content: [],
  rooms: [],
};
const errors: Record<string, number> = {};
const greedy = { requests: 0, limited: 0, other: 0 };
const searchIds = new Set<string>();
let expiredPolls = 0;
let requests = 0;
let stopAt = Number.POSITIVE_INFINITY;
const stopped = () => Date.now() >= stopAt || requests >= MAX_REQUESTS;

interface Answer {
  status: number;
  json: { data?: never; error?: { code: string } };
}

/**
 * A keep-alive socket the server closed as idle while we picked it: browsers (and Node's
 * docs) send the request again on a fresh connection. Counted, not hidden.
 */
const staleSocketRetries: Record<string, number> = {};

function send(
  method: 'GET' | 'POST',
  path: string,
  client: string,
  body?: unknown,
  retry = true,
): Promise<Answer & { ms: number }> {
  requests++;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        ...BASE,
        agent: retry ? agent : freshConnections,
        method,
        path,
        headers: {
          'X-Forwarded-For': client,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          let json: Answer['json'] = {};
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['json'];
          } catch {
            // counted as an error below if the status says so
          }
          resolve({ status: res.statusCode ?? 0, json, ms: performance.now() - started });
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.name;
      if (retry && req.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE')) {
        staleSocketRetries[code] = (staleSocketRetries[code] ?? 0) + 1;
        void send(method, path, client, body, false).then((again) => {
          resolve({ ...again, ms: performance.now() - started });
        });
        return;
      }
      const how = `${req.reusedSocket ? 'reused' : 'new'} socket${retry ? '' : ', a retry'}`;
      resolve({
        status: 0,
        json: { error: { code: `${code} (${how})` } },
        ms: performance.now() - started,
      });
    });
    req.end(payload);
  });
}

/** A shopper's request: timed, and anything but success is an error. */
async function shopperCall(
  endpoint: Endpoint,
  method: 'GET' | 'POST',
  path: string,
  client: string,
  body?: unknown,
) {
  const answer = await send(method, path, client, body);
  latencies[endpoint].push(answer.ms);
  if (answer.status !== 200) {
    const key = `${endpoint} ${answer.status} ${answer.json.error?.code ?? ''}`.trim();
    errors[key] = (errors[key] ?? 0) + 1;
    return null;
  }
  return answer.json.data as unknown;
}

const CITIES = [
  'paris',
  'london',
  'new york',
  'tokyo',
  'rome',
  'barcelona',
  'berlin',
  'amsterdam',
  'lisbon',
  'madrid',
  'vienna',
  'prague',
  'istanbul',
  'dubai',
  'singapore',
  'bangkok',
  'sydney',
  'los angeles',
  'chicago',
  'toronto',
  'mexico city',
  'sao paulo',
  'buenos aires',
  'cairo',
  'mumbai',
  'delhi',
  'seoul',
  'osaka',
  'hong kong',
  'zurich',
  'munich',
  'milan',
  'venice',
  'florence',
  'athens',
  'dublin',
  'edinburgh',
  'copenhagen',
  'stockholm',
  'oslo',
  'helsinki',
  'warsaw',
  'budapest',
  'nice',
  'marrakesh',
  'cape town',
  'bali',
  'phuket',
  'kyoto',
  'san francisco',
];
const SORTS = ['recommended', 'price_low_to_high', 'stars', 'value', 'distance_from_center'];

const random = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stay() {
  const day = 86_400_000;
  const checkIn = new Date(Date.now() + Math.floor(random(2, 150)) * day);
  const checkOut = new Date(checkIn.getTime() + Math.floor(random(1, 8)) * day);
  const rooms = Array.from({ length: Math.random() < 0.8 ? 1 : 2 }, () => ({
    adults: Math.floor(random(1, 4)),
  }));
  return {
    check_in: checkIn.toISOString().slice(0, 10),
    check_out: checkOut.toISOString().slice(0, 10),
    rooms,
  };
}

interface SearchData {
  search_id: string;
  next_cursor?: string | null;
  hotels: { hotel_id: string }[];
}

async function shopper(index: number): Promise<void> {
  const client = `10.${(index >> 8) & 255}.${index & 255}.${1 + (index % 200)}`;
  const lingerer = index % 10 === 0;
  await sleep(random(0, RAMP_MS));
  while (!stopped()) {
    // Typing a destination: two or three prefixes, then the first city suggested.
    const name = pick(CITIES);
    let destination: { type: string; id: number } | undefined;
    for (const length of [3, Math.min(name.length, 5), name.length]) {
      const data = (await shopperCall(
        'autocomplete',
        'GET',
        `/api/destinations/autocomplete?query=${encodeURIComponent(name.slice(0, length))}`,
        client,
      )) as {
        destinations: { type: string; id: number }[];
      } | null;
      destination = data?.destinations[0] ?? destination;
    }
    if (!destination || stopped()) continue;
    const request = {
      destination: { type: destination.type, id: destination.id },
      ...stay(),
      sort: pick(SORTS),
    };
    const search = (await shopperCall(
      'search',
      'POST',
      '/api/hotels/search',
      client,
      request,
    )) as SearchData | null;
    if (!search) continue;
    searchIds.add(search.search_id);
    const onScreen = search.hotels.slice(0, 20).map((hotel) => hotel.hotel_id);
    let cursor = search.next_cursor ?? null;
    let since: number | undefined;
    const leaveAt = lingerer ? Number.POSITIVE_INFINITY : Date.now() + random(45_000, 120_000);
    while (!stopped() && Date.now() < leaveAt) {
      await sleep(POLL_MS);
      if (stopped()) break;
      const query = new URLSearchParams({ refresh_ids: onScreen.join(',') });
      if (since !== undefined) query.set('since', String(since));
      const prices = (await shopperCall(
        'prices',
        'GET',
        `/api/hotels/search/${search.search_id}/prices?${query.toString()}`,
        client,
      )) as {
        refresh_status: string;
        version: number;
      } | null;
      if (prices?.refresh_status === 'EXPIRED') {
        expiredPolls++;
        break; // the session is over: search again
      }
      if (prices) since = prices.version;
      const roll = Math.random();
      if (roll < 0.05 && cursor) {
        const next = (await shopperCall('search', 'POST', '/api/hotels/search', client, {
          ...request,
          cursor,
        })) as SearchData | null;
        cursor = next?.next_cursor ?? null;
      } else if (roll < 0.08 && onScreen.length > 0) {
        const hotelId = pick(onScreen);
        await shopperCall('content', 'GET', `/api/hotels/${hotelId}/content`, client);
        await shopperCall('rooms', 'POST', '/api/hotels/rooms', client, {
          hotel_id: hotelId,
          check_in: request.check_in,
          check_out: request.check_out,
          rooms: request.rooms,
        });
      }
    }
  }
}

/** Polls far faster than the rate limit allows, on purpose: 429s expected, nothing else. */
async function greedyClient(index: number): Promise<void> {
  const client = `192.0.2.${index + 1}`;
  const answer = await send('POST', '/api/hotels/search', client, {
    destination: { type: 'city', id: 2_988_507 },
    ...stay(),
  });
  const searchId =
    (answer.json.data as SearchData | undefined)?.search_id ?? 'unknown-search-id-0000';
  searchIds.add(searchId);
  while (!stopped()) {
    await sleep(50);
    const poll = await send('GET', `/api/hotels/search/${searchId}/prices`, client);
    greedy.requests++;
    if (poll.status === 429) greedy.limited++;
    else if (poll.status !== 200) greedy.other++;
  }
}

/* ------------------------------------------------------------------ the run */

const samples: (Sample & { atS: number })[] = [];
const runStart = Date.now();
stopAt = runStart + RAMP_MS + MINUTES * 60_000;
const takeSample = async (gc = false) => {
  samples.push({
    ...(await sampleOf(child, gc)),
    atS: Math.round((Date.now() - runStart) / 100) / 10,
  });
};
await takeSample(true);
const sampler = setInterval(() => void takeSample(), SAMPLE_MS);
console.log(
  `soak: ${SHOPPERS} shoppers + ${GREEDY} greedy clients, ${MINUTES} min after a ${RAMP_MS / 1000} s ramp, polls every ${POLL_MS / 1000} s, sandbox clock ×${CLOCK_SPEED}, at most ${MAX_REQUESTS.toLocaleString('en')} requests, server on 127.0.0.1:${port}`,
);
const progress = setInterval(() => {
  const last = samples.at(-1);
  console.log(
    `  ${Math.round((Date.now() - runStart) / 1000)} s: ${requests.toLocaleString('en')} requests, ${Object.values(errors).reduce((a, b) => a + b, 0)} errors, RSS ${((last?.rssBytes ?? 0) / 2 ** 20).toFixed(0)} MB, ${last?.sessions ?? 0} live sessions`,
  );
}, 30_000);
await Promise.all([
  ...Array.from({ length: SHOPPERS }, (_, i) => shopper(i)),
  ...Array.from({ length: GREEDY }, (_, i) => greedyClient(i)),
]);
clearInterval(sampler);
clearInterval(progress);
await takeSample(true);
child.send({ kind: 'stop' });
agent.destroy();
freshConnections.destroy();

/* ------------------------------------------------------------------ the figures */

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
const round = (ms: number) => Math.round(ms * 10) / 10;
function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}
const all = Object.values(latencies).flat();
const byEndpoint = Object.fromEntries(
  Object.entries(latencies).map(([name, values]) => [name, stats(values)]),
);
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const afterRamp = samples.find((s) => s.atS * 1000 >= RAMP_MS + 60_000) ?? samples[0];
const last = samples.at(-1);
const rss = samples.map((s) => s.rssBytes);
const heap = samples.map((s) => s.heapUsedBytes);
// RSS trend over the last half of the run (MB per minute, least squares): flat is ~0.
const tail = samples.slice(Math.floor(samples.length / 2));
const meanT = tail.reduce((a, s) => a + s.atS, 0) / tail.length;
const meanR = tail.reduce((a, s) => a + s.rssBytes, 0) / tail.length;
const slope =
  tail.reduce((a, s) => a + (s.atS - meanT) * (s.rssBytes - meanR), 0) /
  Math.max(
    1e-9,
    tail.reduce((a, s) => a + (s.atS - meanT) ** 2, 0),
  );
const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
const report = {
  options: {
    shoppers: SHOPPERS,
    minutes: MINUTES,
    pollSeconds: POLL_MS / 1000,
    clockSpeed: CLOCK_SPEED,
    greedy: GREEDY,
    rampSeconds: RAMP_MS / 1000,
    maxRequests: MAX_REQUESTS,
  },
  machine: { node: process.version, cpus: cpus().length },
  durationS: Math.round((Date.now() - runStart) / 1000),
  requests,
  shopperRequests: all.length,
  requestsPerS: Math.round((all.length / ((Date.now() - runStart) / 1000)) * 10) / 10,
  errors: { total: errorCount, byKind: errors },
  staleSocketRetries,
  greedy,
  latency: { all: stats(all), byEndpoint },
  memory: {
    rssStartMb: mb(samples[0]?.rssBytes ?? 0),
    rssAfterRampMb: mb(afterRamp?.rssBytes ?? 0),
    rssAfterRampAtS: afterRamp?.atS ?? 0,
    rssEndMb: mb(last?.rssBytes ?? 0),
    rssMaxMb: mb(Math.max(...rss)),
    rssTrendLastHalfMbPerMin: Math.round(((slope * 60) / 2 ** 20) * 100) / 100,
    heapStartMb: mb(heap[0] ?? 0),
    heapEndMb: mb(heap.at(-1) ?? 0),
    heapMaxMb: mb(Math.max(...heap)),
  },
  sessions: {
    created: searchIds.size,
    maxLive: Math.max(...samples.map((s) => s.sessions)),
    liveAtEnd: last?.sessions ?? 0,
    freed: searchIds.size - (last?.sessions ?? 0),
    expiredPollsSeen: expiredPolls,
    maxEntries: Math.max(...samples.map((s) => s.sessionEntries)),
    sandboxMinutesElapsed:
      Math.round((((last?.sandboxNow ?? 0) - (samples[0]?.sandboxNow ?? 0)) / 60_000) * 10) / 10,
  },
  caches: {
    quotesMax: Math.max(...samples.map((s) => s.quotes)),
    quotesAtEnd: last?.quotes ?? 0,
    tokensMax: Math.max(...samples.map((s) => s.tokens)),
    tokensAtEnd: last?.tokens ?? 0,
  },
  samples: samples.map((s) => ({
    atS: s.atS,
    rssMb: mb(s.rssBytes),
    heapMb: mb(s.heapUsedBytes),
    sessions: s.sessions,
    entries: s.sessionEntries,
    quotes: s.quotes,
    tokens: s.tokens,
  })),
};
mkdirSync(dirname(args.out), { recursive: true });
writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);

const rows: [string, string][] = [
  [
    'run',
    `${report.durationS} s, ${SHOPPERS} shoppers + ${GREEDY} greedy, ${report.requests.toLocaleString('en')} requests (${report.requestsPerS}/s from shoppers)`,
  ],
  ['errors (shoppers)', `${errorCount}${errorCount ? ` ${JSON.stringify(errors)}` : ''}`],
  [
    'greedy clients',
    `${greedy.requests.toLocaleString('en')} polls: ${greedy.limited.toLocaleString('en')} × 429 (deliberate), ${greedy.other} other failures`,
  ],
  [
    'latency all',
    `p50 ${report.latency.all.p50Ms} ms, p95 ${report.latency.all.p95Ms} ms, p99 ${report.latency.all.p99Ms} ms, max ${report.latency.all.maxMs} ms`,
  ],
  ...Object.entries(byEndpoint).map(([name, s]): [string, string] => [
    `  ${name}`,
    `${s.count.toLocaleString('en')} × p50 ${s.p50Ms} / p99 ${s.p99Ms} / max ${s.maxMs} ms`,
  ]),
  [
    'RSS',
    `start ${report.memory.rssStartMb} MB, at ${report.memory.rssAfterRampAtS} s ${report.memory.rssAfterRampMb} MB, end ${report.memory.rssEndMb} MB, max ${report.memory.rssMaxMb} MB; trend over the last half ${report.memory.rssTrendLastHalfMbPerMin} MB/min`,
  ],
  [
    'heap',
    `start ${report.memory.heapStartMb} MB, end ${report.memory.heapEndMb} MB (both after a full GC), max ${report.memory.heapMaxMb} MB`,
  ],
  [
    'search sessions',
    `${report.sessions.created} created, at most ${report.sessions.maxLive} live, ${report.sessions.liveAtEnd} live at the end → ${report.sessions.freed} freed; ${report.sessions.expiredPollsSeen} polls answered EXPIRED; ${report.sessions.sandboxMinutesElapsed} sandbox minutes`,
  ],
  [
    'other caches',
    `supplier quotes at most ${report.caches.quotesMax.toLocaleString('en')} (cap 200,000), booking tokens at most ${report.caches.tokensMax.toLocaleString('en')} (cap 100,000)`,
  ],
  [
    'stale keep-alive sockets',
    `${Object.values(staleSocketRetries).reduce((a, b) => a + b, 0)} requests sent again on a fresh connection ${JSON.stringify(staleSocketRetries)}`,
  ],
];
const width = Math.max(...rows.map(([name]) => name.length));
console.log('');
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
console.log(`\nreport: ${args.out}`);
process.exit(errorCount === 0 && greedy.other === 0 ? 0 : 1);
