// The exchange rates the app converts with: the ECB's file read strictly, rates that are
// too old or unreadable never used (USD only), the sandbox's snapshot fixed on its first
// day, and instances sharing one reading through a real Redis.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRatesReader, parseEcbXml } from './exchange-rates.ts';
import { connectSharedStore, type SharedStore } from './shared-store.ts';
import { missingRedis, startRedis, type RedisServer } from './test-support/redis-server.ts';
import { memoryLogger } from './test-support/silent-logger.ts';

const SNAPSHOT = 'server/reference/ecb-reference-rates.xml';
const XML = readFileSync(SNAPSHOT, 'utf8');

/** The ECB's file for `day`, with `rates` (currency → rate). */
function ecbFile(day: string, rates: Record<string, string>): string {
  const cubes = Object.entries(rates)
    .map(([currency, rate]) => `<Cube currency='${currency}' rate='${rate}'/>`)
    .join('');
  return `<?xml version="1.0"?><gesmes:Envelope><Cube><Cube time='${day}'>${cubes}</Cube></Cube></gesmes:Envelope>`;
}

/** A fetch that answers `body` (or `status`) and counts its calls. */
function serving(answers: { status?: number; body?: string }[]) {
  let calls = 0;
  const fetchStub = (() => {
    const answer = answers[Math.min(calls, answers.length - 1)] ?? {};
    calls++;
    return Promise.resolve(new Response(answer.body ?? '', { status: answer.status ?? 200 }));
  }) as typeof fetch;
  return { fetch: fetchStub, calls: () => calls };
}

describe('the ECB file', () => {
  it('reads the shipped snapshot: its day and every rate', () => {
    const rates = parseEcbXml(XML);
    expect(rates.date).toBe('2022-07-08');
    expect(rates.rates.USD).toBe(1.0163);
    expect(rates.rates.JPY).toBe(138.05);
    expect(Object.keys(rates.rates)).toHaveLength(30);
  });

  it('refuses what is not one, saying why', () => {
    expect(() => parseEcbXml('<html>maintenance</html>')).toThrow(/no <Cube time/);
    expect(() => parseEcbXml(ecbFile('2026-11-20', { GBP: '0.86' }))).toThrow(/no USD rate/);
    expect(() => parseEcbXml(ecbFile('2026-11-20', { USD: '1.05', JPY: '-3' }))).toThrow(
      /JPY is not a positive number/,
    );
    expect(() => parseEcbXml(ecbFile('2026-11-20', { USD: 'abc' }))).toThrow(/USD/);
    expect(() => parseEcbXml(ecbFile('2026-13-40', { USD: '1.05' }))).toThrow(/day/);
  });
});

describe('the rates reader', () => {
  const fixed = (day: string) => Date.parse(`${day}T12:00:00Z`);

  it('uses rates up to 30 days old, warning once after a week; older, none (USD only)', async () => {
    const { logger, lines } = memoryLogger();
    let now = fixed('2026-11-21');
    const source = serving([{ body: ecbFile('2026-11-20', { USD: '1.05', EUR: '1' }) }]);
    const reader = createRatesReader({
      url: 'https://rates.test/',
      now: () => now,
      logger,
      ...source,
    });
    await reader.refresh();
    expect(reader.current()?.rates.USD).toBe(1.05);
    expect(lines).toEqual([]);
    now = fixed('2026-11-28'); // 8 days
    expect(reader.current()?.date).toBe('2026-11-20');
    expect(reader.current()?.date).toBe('2026-11-20');
    expect(lines.filter((line) => line.includes('more than a week old'))).toHaveLength(1);
    now = fixed('2026-12-21'); // 31 days
    expect(reader.current()).toBeNull();
    expect(lines.filter((line) => line.includes('too old'))).toHaveLength(1);
    reader.close();
  });

  it('answers none when the file is missing or unreadable, and keeps what it had when a later reading fails', async () => {
    const { logger, lines } = memoryLogger();
    const missing = createRatesReader({
      url: 'https://rates.test/',
      now: () => fixed('2026-11-21'),
      logger,
      ...serving([{ status: 404 }]),
    });
    await missing.refresh();
    expect(missing.current()).toBeNull();
    expect(lines.some((line) => line.includes('prices show in USD only'))).toBe(true);
    missing.close();

    const flaky = serving([
      { body: ecbFile('2026-11-20', { USD: '1.05' }) },
      { body: '<html>bad gateway</html>' },
    ]);
    const reader = createRatesReader({
      url: 'https://rates.test/',
      now: () => fixed('2026-11-21'),
      logger,
      ...flaky,
    });
    await reader.refresh();
    await reader.refresh();
    expect(flaky.calls()).toBe(2);
    expect(reader.current()?.rates.USD).toBe(1.05);
    expect(lines.some((line) => line.includes('the earlier ones stay in use'))).toBe(true);
    reader.close();
  });

  it('in sandbox mode fixes the snapshot on the sandbox clock’s first day: a run months later still converts', async () => {
    const { logger } = memoryLogger();
    let now = fixed('2027-06-01');
    const reader = createRatesReader({ snapshotFile: SNAPSHOT, now: () => now, logger });
    await reader.refresh();
    expect(reader.current()).toMatchObject({ date: '2027-06-01', rates: { USD: 1.0163 } });
    // Left running for more than a month, the demo's rates age like any others.
    now = fixed('2027-07-05');
    expect(reader.current()).toBeNull();
    reader.close();
  });
});

describe.skipIf(missingRedis())('instances sharing their rates through Redis', () => {
  let redis: RedisServer;
  const stores: SharedStore[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    for (let i = 0; i < 2; i++) {
      const store = connectSharedStore({
        url: redis.url,
        commandTimeoutMs: 250,
        logger: memoryLogger().logger,
      });
      stores.push(store);
    }
    const deadline = Date.now() + 10_000;
    while (!stores.every((store) => store.state() === 'up')) {
      if (Date.now() > deadline) throw new Error('redis never up');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }, 30_000);

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await redis.stop();
  });

  it('the second instance converts with the first one’s reading, without reading the URL again', async () => {
    const source = serving([
      { body: ecbFile('2026-11-20', { USD: '1.05' }) },
      { body: ecbFile('2026-11-21', { USD: '9.99' }) },
    ]);
    const reader = (store: SharedStore) =>
      createRatesReader({
        url: 'https://rates.test/',
        now: () => Date.parse('2026-11-21T12:00:00Z'),
        logger: memoryLogger().logger,
        sharedStore: store,
        ...source,
      });
    const [first, second] = stores.map(reader);
    await first!.refresh();
    await second!.refresh();
    expect(source.calls()).toBe(1);
    expect(second!.current()).toEqual(first!.current());
    first!.close();
    second!.close();
  });
});
