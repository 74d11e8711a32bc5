// A flood of distinct clients through the limiter of every class, in a process of its
// own so that its memory can be read honestly (vitest's workers hold much else):
//
//   node --expose-gc --import tsx server/test-support/rate-limit-flood.ts [clients]
//
// Prints one JSON line: the RSS growth the limiter holds (after a collection), the peak
// seen between collections, and what a prober who spent its look-ups before the flood,
// one arriving with a new address of the flood's own network after it, and one from
// another network, were told. The flood comes from four IPv4 /16s: IPv4 has no network
// budgets, so nothing but the table's cap stands in its way. 800,000 requests would span
// many collections in a server; here they run in seconds, so the script collects every
// 10,000 clients, or V8 would keep the garbage of the whole burst as heap high-water.
import { clientKeysOf } from '../http/client-address.ts';
import {
  createRateLimiter,
  overflowKeys,
  RATE_LIMIT_CLASSES,
  type RateLimitClass,
} from '../http/rate-limit.ts';

const clients = Number(process.argv[2] ?? 200_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

// A fixed secret, so that the shopper from another network surely has another bucket.
const overflowSecret = new Uint8Array(16);
const limiter = createRateLimiter({
  clientOf: () => ({ client: 'unused', network: 'unused' }),
  overflowSecret,
});

/** 200 or 429, as the middleware would answer (the HTTP layer adds nothing to keep). */
async function ask(rateClass: RateLimitClass, address: string): Promise<number> {
  return (await limiter.check(rateClass, clientKeysOf(address))) === null ? 200 : 429;
}

const floodAddress = (i: number) => `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`;
const bucketOf = overflowKeys(overflowSecret);
const floodBuckets = new Set(
  [0, 1, 2, 3].map((n) => bucketOf(clientKeysOf(floodAddress(n << 16)).network)),
);
const otherNetwork = [...Array(256).keys()]
  .map((n) => `203.${n}.113.9`)
  .find((address) => !floodBuckets.has(bucketOf(clientKeysOf(address).network)));
if (!otherNetwork) throw new Error('no network outside the flood’s buckets');

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
gc();
const before = process.memoryUsage().rss;
// The prober spends its look-ups first.
for (let i = 0; i < 5; i++) await ask('lookup', '192.0.2.66');
let peak = before;
for (let i = 0; i < clients; i++) {
  const address = floodAddress(i);
  for (const name of RATE_LIMIT_CLASSES) await ask(name, address);
  if (i % 10_000 === 0) {
    peak = Math.max(peak, process.memoryUsage().rss);
    gc();
  }
}
gc();
const after = process.memoryUsage().rss;
const result = {
  clients,
  rss_growth_mb: mb(after - before),
  peak_growth_mb: mb(Math.max(peak, after) - before),
  prober_after_flood: await ask('lookup', '192.0.2.66'),
  newcomer_after_flood: await ask('lookup', '10.0.255.254'),
  other_network_after_flood: await ask('lookup', otherNetwork),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
