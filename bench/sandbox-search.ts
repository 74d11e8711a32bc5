// The sandbox's own search time (POST /hotels/search through app.request(): no socket,
// no app server) on the committed inventory and on a ×10 one (SandboxOptions.
// inventoryScale, bench only), the same searches on both.
//
//   npx tsx bench/sandbox-search.ts [--runs 200]             both scales, side by side
//   node --import tsx bench/sandbox-search.ts --scale 10 --json out.json   one scale
//
// Each scale runs in a process of its own, so the ×10 heap (about a million hotels)
// does not slow the ×1 figures through the garbage collector. Every timed search is a
// new search: a stay no other search of the run used, so a new session takes its
// snapshot, and the city's price medians and supplier quotes for that stay are cold —
// the most a search costs. "next page" times the second page of such a session.
//
// "The whole inventory" is not a search the API offers (a destination is a city, a
// place or a hotel); the widest one it takes is the place with the most hotels (a
// region), measured as the stand-in.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SANDBOX_DEMO_KEY, type Sandbox } from '../server/sandbox/app.ts';
import { createTestSandbox } from '../server/sandbox/test-support/harness.ts';
import { SORTS } from '../src/contract/index.ts';
import { TEST_NOW } from '../src/contract/testing/clock.ts';
import { distribution, round, type Distribution } from './support/stats.ts';

export interface SearchCase {
  key: string;
  label: string;
  wallMs: Distribution;
  cpuP50Ms: number;
  /** Hotels the search ranks (the snapshot size) at this scale. */
  results: number;
}

/** The destinations searched: chosen on the ×1 inventory, the same ids on ×10. */
export interface Destinations {
  cityId: number;
  widestPlaceId: number;
  areaPlaceId: number;
}

export interface ScaleReport {
  scale: number;
  destinations: Destinations;
  hotels: number;
  startupMs: number;
  heapMb: number;
  cases: SearchCase[];
}

export interface GrowthReport {
  runs: number;
  scales: [ScaleReport, ScaleReport];
}

const HEADERS = { 'x-api-key': SANDBOX_DEMO_KEY, 'content-type': 'application/json' };
const WARM_UP = 20;

function day(offset: number): string {
  return new Date(TEST_NOW + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Stay number `n` of the run: 330 check-in days × 1–7 nights, none used twice. */
function stay(n: number) {
  const checkIn = 1 + (n % 330);
  const nights = 1 + Math.floor(n / 330);
  return { check_in: day(checkIn), check_out: day(checkIn + nights), rooms: [{ adults: 2 }] };
}

interface SearchAnswer {
  status: number;
  data?: { total_results: number; next_cursor: string | null };
}

async function search(sandbox: Sandbox, body: unknown): Promise<SearchAnswer> {
  const response = await sandbox.app.request('/hotels/search', {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data?: SearchAnswer['data'] };
  return { status: response.status, data: json.data };
}

export async function measureScale(
  scale: number,
  runs: number,
  given?: Destinations,
): Promise<ScaleReport> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const started = performance.now();
  const sandbox = createTestSandbox({ sleep: () => Promise.resolve(), inventoryScale: scale });
  const startupMs = performance.now() - started;
  gc?.();
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
  const { inventory } = sandbox.context;
  const { cities, places } = inventory.geography;

  // Chosen by hotel count on the inventory at hand (the ×1 run), else the ids given.
  const placeSize = (index: number) => inventory.placeHotels[index]?.length ?? 0;
  const cityHotels = (index: number) => inventory.cityHotels[index]?.length ?? 0;
  const destinations: Destinations = given ?? {
    cityId: cities.reduce((a, b) => (cityHotels(b.index) > cityHotels(a.index) ? b : a)).id,
    widestPlaceId: places.reduce((a, b) => (placeSize(b.index) > placeSize(a.index) ? b : a)).id,
    areaPlaceId: places
      .filter((place) => place.cityIndex >= 0)
      .reduce((a, b) => (placeSize(b.index) > placeSize(a.index) ? b : a)).id,
  };
  const largest = cities.find((c) => c.id === destinations.cityId);
  const widest = places.find((p) => p.id === destinations.widestPlaceId);
  const area = places.find((p) => p.id === destinations.areaPlaceId);
  if (!largest || !widest || !area) throw new Error('a destination is not in the geography');
  const city = { type: 'city', id: largest.id };

  const cases: { key: string; label: string; body: Record<string, unknown>; nextPage?: true }[] = [
    ...SORTS.map((sort) => ({
      key: `city-${sort}`,
      label: `largest city (${largest.name}), sort ${sort}`,
      body: { destination: city, sort },
    })),
    {
      key: 'widest',
      label: `whole inventory: widest destination (${widest.type} ${widest.name})`,
      body: { destination: { type: 'place', id: widest.id } },
    },
    {
      key: 'place',
      label: `a place (${area.type} ${area.name}, ${cities[area.cityIndex]?.name ?? ''})`,
      body: { destination: { type: 'place', id: area.id } },
    },
    {
      key: 'heavy-filters',
      label: `largest city, heavy filters (stars, type, 2 facilities, price range), price sort`,
      body: {
        destination: city,
        star_ratings: [3, 4, 5],
        property_types: ['hotel', 'boutique_hotel'],
        facility_ids: [1, 29],
        price_min_usd_cents: 10_000,
        price_max_usd_cents: 80_000,
        sort: 'price_low_to_high',
      },
    },
    {
      key: 'next-page',
      label: 'largest city, next page of a session (cursor)',
      body: { destination: city },
      nextPage: true,
    },
  ];

  let stays = 0;
  const results: SearchCase[] = [];
  for (const spec of cases) {
    const wall: number[] = [];
    const cpu: number[] = [];
    let total = 0;
    for (let i = 0; i < WARM_UP + runs; i++) {
      let body: Record<string, unknown> = { ...spec.body, ...stay(stays++), limit: 20 };
      if (spec.nextPage) {
        const first = await search(sandbox, body);
        body = { ...body, cursor: first.data?.next_cursor };
      }
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const answer = await search(sandbox, body);
      const elapsed = performance.now() - t0;
      const used = process.cpuUsage(c0);
      if (answer.status !== 200) throw new Error(`${spec.label}: HTTP ${answer.status}`);
      total = answer.data?.total_results ?? 0;
      if (i >= WARM_UP) {
        wall.push(elapsed);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    const cpuSorted = [...cpu].sort((a, b) => a - b);
    results.push({
      key: spec.key,
      label: spec.label,
      wallMs: distribution(wall),
      cpuP50Ms: round(cpuSorted[Math.ceil(cpuSorted.length / 2) - 1] ?? Number.NaN),
      results: total,
    });
  }
  sandbox.close();
  return {
    scale,
    destinations,
    hotels: inventory.hotels.length,
    startupMs: Math.round(startupMs),
    heapMb: round(heapMb, 0),
    cases: results,
  };
}

/** One process per scale: ×1 then ×10, the same searches. */
export async function measureSandboxGrowth(runs: number): Promise<GrowthReport> {
  const dir = mkdtempSync(join(tmpdir(), 'staylane-bench-search-'));
  try {
    const reports: ScaleReport[] = [];
    for (const scale of [1, 10]) {
      const out = join(dir, `scale-${scale}.json`);
      const chosen = reports[0]?.destinations;
      await new Promise<void>((resolve, reject) => {
        const child = fork(
          'bench/sandbox-search.ts',
          [
            ...['--scale', String(scale), '--runs', String(runs), '--json', out],
            ...(chosen ? ['--destinations', JSON.stringify(chosen)] : []),
          ],
          { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: 'inherit' },
        );
        child.once('error', reject);
        child.once('exit', (code) => {
          if (code === 0) resolve();
          else reject(new Error(`sandbox search ×${scale} exited ${String(code)}`));
        });
      });
      reports.push(JSON.parse(readFileSync(out, 'utf8')) as ScaleReport);
    }
    const [single, scaled] = reports;
    if (!single || !scaled) throw new Error('missing scale report');
    return { runs, scales: [single, scaled] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      runs: { type: 'string', default: '200' },
      json: { type: 'string' },
      destinations: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  if (values.scale !== undefined) {
    const report = await measureScale(
      Number(values.scale),
      runs,
      values.destinations ? (JSON.parse(values.destinations) as Destinations) : undefined,
    );
    console.log(
      `  sandbox ×${report.scale}: ${report.hotels.toLocaleString('en')} hotels, start-up ${report.startupMs} ms, heap ${report.heapMb} MB`,
    );
    for (const c of report.cases) {
      console.log(
        `    ${c.label.padEnd(78)} p50 ${c.wallMs.p50.toFixed(2)} ms, p95 ${c.wallMs.p95.toFixed(2)} ms (CPU p50 ${c.cpuP50Ms.toFixed(2)}; ${c.results} results, n=${c.wallMs.n})`,
      );
    }
    if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  } else {
    const report = await measureSandboxGrowth(runs);
    const [single, scaled] = report.scales;
    for (const c of single.cases) {
      const big = scaled.cases.find((other) => other.key === c.key);
      console.log(
        `${c.key.padEnd(30)} ×1 p50 ${c.wallMs.p50} ms; ×10 p50 ${big?.wallMs.p50 ?? '?'} ms (${big ? (big.wallMs.p50 / c.wallMs.p50).toFixed(2) : '?'}×)`,
      );
    }
  }
}
