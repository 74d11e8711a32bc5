// Measures the sandbox: inventory size, start-up time and memory, and the server-side
// time of searches on the largest city (new sessions: each search a different stay).
//
//   node --expose-gc --import tsx server/sandbox/test-support/measure.ts
//
// Times are taken around app.request() (in-process, no socket): the sandbox's own time.
import { performance } from 'node:perf_hooks';
import { TEST_NOW } from '../../../src/contract/testing/clock.ts';
import { SANDBOX_DEMO_KEY } from '../app.ts';
import { inventoryHash, loadInventory } from '../inventory/generate.ts';
import { createSteppedSandbox } from './harness.ts';

const RUNS = 200;
const WARM_UP = 20;
const gc = (globalThis as { gc?: () => void }).gc;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const clock = { now: TEST_NOW };
const started = performance.now();
const sandbox = createSteppedSandbox(clock);
const startupMs = performance.now() - started;
gc?.();
const memory = process.memoryUsage();
const { inventory } = sandbox.context;
const { geography } = inventory;

const placeTypes = new Map<string, number>();
for (const place of geography.places)
  placeTypes.set(place.type, (placeTypes.get(place.type) ?? 0) + 1);
const largest = geography.cities.reduce((a, b) =>
  (inventory.cityHotels[b.index]?.length ?? 0) > (inventory.cityHotels[a.index]?.length ?? 0)
    ? b
    : a,
);

console.log(
  `inventory: ${geography.cities.length} cities, ${geography.places.length} places (${[...placeTypes].map(([t, n]) => `${n} ${t}`).join(', ')}), ${inventory.hotels.length} hotels (${inventory.mappedHotelCount} mapped), generated-inventory hash ${inventoryHash(loadInventory('staylane')).slice(0, 12)}`,
);
console.log(
  `start-up (createSandbox: geography + inventory generation): ${startupMs.toFixed(0)} ms`,
);
console.log(
  `memory after start-up: heap ${megabytes(memory.heapUsed)} (inventory +${megabytes(memory.heapUsed - heapBefore)}), RSS ${megabytes(memory.rss)}${gc ? '' : ' (run with --expose-gc for settled figures)'}`,
);

const headers = { 'x-api-key': SANDBOX_DEMO_KEY, 'content-type': 'application/json' };
function day(offset: number): string {
  return new Date(Date.parse('2026-12-01T00:00:00Z') + offset * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

async function measure(label: string, bodyFor: (i: number) => unknown): Promise<void> {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS + WARM_UP; i++) {
    const body = JSON.stringify(bodyFor(i));
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const response = await sandbox.app.request('/hotels/search', { method: 'POST', headers, body });
    await response.arrayBuffer();
    const elapsed = performance.now() - t0;
    const used = process.cpuUsage(c0);
    if (response.status !== 200) throw new Error(`${label}: status ${response.status}`);
    if (i >= WARM_UP) {
      times.push(elapsed);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  // Wall time is what a caller waits; CPU time is less disturbed by other processes.
  console.log(
    `${label.padEnd(58)} wall p50 ${percentile(times, 0.5).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms; CPU p50 ${percentile(cpu, 0.5).toFixed(2)} ms (n=${RUNS})`,
  );
}

const destination = { type: 'city', id: largest.id };
console.log(
  `largest city: ${largest.name} (${inventory.cityHotels[largest.index]?.length ?? 0} hotels)`,
);
// Each run is a new stay, so each search takes a new snapshot (the expensive path).
await measure('search, new session, no filters, 20 per page', (i) => ({
  destination,
  check_in: day(i % 300),
  check_out: day((i % 300) + 3),
  rooms: [{ adults: 2 }],
}));
await measure('search, new session, stars+facilities+price, price sort', (i) => ({
  destination,
  check_in: day(i % 300),
  check_out: day((i % 300) + 3),
  rooms: [{ adults: 2 }],
  star_ratings: [3, 4],
  facility_ids: [1, 29],
  price_max_usd_cents: 60_000,
  sort: 'price_low_to_high',
}));
await measure('search, new session, no filters, value sort, 100 per page', (i) => ({
  destination,
  check_in: day(i % 300),
  check_out: day((i % 300) + 2),
  rooms: [{ adults: 1 }, { adults: 2, child_ages: [6] }],
  sort: 'value',
  limit: 100,
}));
await measure('search, same session (next pages and repeats)', (i) => ({
  destination,
  check_in: day(400),
  check_out: day(403),
  rooms: [{ adults: 2 }],
  limit: 20 + (i % 5),
}));
