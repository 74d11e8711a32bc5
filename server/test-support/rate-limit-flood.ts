// A flood of distinct clients through the limiter of every class, in a process of its
// own so that its memory can be read honestly (vitest's workers hold much else):
//
//   node --expose-gc --import tsx server/test-support/rate-limit-flood.ts [clients]
//
// Prints one JSON line: the RSS growth the limiter holds (after a collection), the peak
// seen between collections, and what a prober who spent its look-ups before the flood,
// and one arriving with a new address after it, were told. 800,000 requests would span
// many collections in a server; here they run in seconds, so the script collects every
// 10,000 clients, or V8 would keep the garbage of the whole burst as heap high-water.
import { createRateLimiter, RATE_LIMIT_CLASSES, type RateLimitClass } from '../http/rate-limit.ts';

const clients = Number(process.argv[2] ?? 200_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const limiter = createRateLimiter({ clientOf: () => ({ client: 'unused' }) });

/** 200 or 429, as the middleware would answer (the HTTP layer adds nothing to keep). */
async function ask(rateClass: RateLimitClass, client: string): Promise<number> {
  return (await limiter.check(rateClass, { client })) === null ? 200 : 429;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
gc();
const before = process.memoryUsage().rss;
// The prober spends its look-ups first.
for (let i = 0; i < 5; i++) await ask('lookup', 'prober');
let peak = before;
for (let i = 0; i < clients; i++) {
  const address = `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::/64`;
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
  prober_after_flood: await ask('lookup', 'prober'),
  newcomer_after_flood: await ask('lookup', 'brand-new-client'),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
