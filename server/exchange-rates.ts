// The euro reference rates the app converts prices with: the ECB's daily XML, read from
// EXCHANGE_RATES_URL at start and every 6 hours (shared through Redis when configured, so
// every instance converts with the same figures), or in sandbox mode a snapshot shipped
// with the project. Rates that cannot be trusted are never used: too old, missing or
// unreadable, the app shows USD only (docs/api.md, "Exchange rates").
import { readFileSync } from 'node:fs';
import {
  ExchangeRatesSchema,
  RATES_UNUSABLE_AFTER_DAYS,
  RATES_WARN_AFTER_DAYS,
  nightsBetween,
  type ExchangeRates,
} from '../src/contract/index.ts';
import type { Logger } from './logger.ts';
import type { SharedStore } from './shared-store.ts';

/** How often the rates are read again (the ECB fixes them once a working day). */
export const DEFAULT_RATES_REFRESH_MS = 6 * 60 * 60_000;
/** The most of an answer read from EXCHANGE_RATES_URL: the ECB's file is about 1.6 KiB. */
const MAX_RATES_BYTES = 64 * 1024;
const FETCH_TIMEOUT_MS = 10_000;
/** Where instances share the last rates read (with when they were read). */
const REDIS_KEY = 'staylane:exchange-rates';

/**
 * The rates of an ECB daily file (`<Cube time='2026-11-20'>` with `<Cube currency='USD'
 * rate='1.0503'/>` entries). Throws, saying why, when it is not one: no day, no rates, a
 * rate that is not a positive number, or no USD (which every conversion goes through).
 */
export function parseEcbXml(xml: string): ExchangeRates {
  const day = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]\s*>/.exec(xml)?.[1];
  if (!day) throw new Error('no <Cube time="…"> day in the file');
  const rates: Record<string, number> = {};
  for (const match of xml.matchAll(
    /<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([^'"]*)['"]\s*\/>/g,
  )) {
    const [, currency = '', text = ''] = match;
    const rate = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
    if (!(rate > 0)) throw new Error(`the rate of ${currency} is not a positive number`);
    rates[currency] = rate;
  }
  if (rates.USD === undefined) throw new Error('no USD rate in the file');
  const parsed = ExchangeRatesSchema.safeParse({ date: day, rates });
  if (!parsed.success) throw new Error(`not a day's rates (${parsed.error.issues[0]?.message})`);
  return parsed.data;
}

/** How old rates fixed on `date` are on `today`, in days. */
export function ratesAgeDays(date: string, today: string): number {
  return nightsBetween(date, today);
}

export interface RatesReader {
  /** The rates to convert with now, or null (USD only). */
  current(): ExchangeRates | null;
  /** Reads them again (at start, and on the refresh timer). */
  refresh(): Promise<void>;
  close(): void;
}

export interface RatesOptions {
  /** EXCHANGE_RATES_URL: the ECB's daily XML, or a file in its format. */
  url?: string;
  /**
   * Sandbox mode: the shipped snapshot, taken as fixed on the sandbox clock's first day, so
   * a demo or a test run months after it was taken still converts.
   */
  snapshotFile?: string;
  /** The app's clock (the sandbox's in sandbox mode): rates age against its day. */
  now: () => number;
  logger: Logger;
  sharedStore?: Pick<SharedStore, 'redis' | 'state'>;
  refreshMs?: number;
  fetch?: typeof fetch;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function createRatesReader(options: RatesOptions): RatesReader {
  const { logger, sharedStore } = options;
  const refreshMs = options.refreshMs ?? DEFAULT_RATES_REFRESH_MS;
  const fetchFn = options.fetch ?? fetch;
  let latest: ExchangeRates | null = null;
  let timer: NodeJS.Timeout | null = null;
  let warnedFor: string | null = null;

  function usable(): ExchangeRates | null {
    if (!latest) return null;
    const age = ratesAgeDays(latest.date, dayOf(options.now()));
    const tooOld = age > RATES_UNUSABLE_AFTER_DAYS;
    const warning = tooOld ? 'too-old' : age > RATES_WARN_AFTER_DAYS ? 'old' : null;
    // Once per state of the same rates: not on every page drawn.
    if (warning && warnedFor !== `${latest.date}:${warning}`) {
      warnedFor = `${latest.date}:${warning}`;
      logger.warn(
        { rates_date: latest.date, age_days: age },
        tooOld
          ? 'exchange rates too old: prices show in USD only'
          : 'exchange rates are more than a week old',
      );
    }
    return tooOld ? null : latest;
  }

  async function fromRedis(): Promise<ExchangeRates | null> {
    if (!sharedStore?.redis || sharedStore.state() !== 'up') return null;
    try {
      const stored = JSON.parse((await sharedStore.redis.get(REDIS_KEY)) ?? 'null') as {
        readAt?: number;
        rates?: unknown;
      } | null;
      const parsed = ExchangeRatesSchema.safeParse(stored?.rates);
      const fresh = (stored?.readAt ?? 0) > Date.now() - refreshMs;
      return parsed.success && fresh ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async function toRedis(rates: ExchangeRates): Promise<void> {
    if (!sharedStore?.redis || sharedStore.state() !== 'up') return;
    const ttlS = Math.ceil((RATES_UNUSABLE_AFTER_DAYS * 86_400_000) / 1000);
    await sharedStore.redis
      .set(REDIS_KEY, JSON.stringify({ readAt: Date.now(), rates }), 'EX', ttlS)
      .catch(() => undefined);
  }

  async function fromUrl(url: string): Promise<ExchangeRates> {
    const response = await fetchFn(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    if (text.length > MAX_RATES_BYTES) throw new Error('the answer is larger than 64 KiB');
    return parseEcbXml(text);
  }

  async function refresh(): Promise<void> {
    try {
      if (options.snapshotFile) {
        // Read once: the sandbox "fixes" its snapshot's figures on its own first day, and
        // they never change after.
        if (latest) return;
        const snapshot = parseEcbXml(readFileSync(options.snapshotFile, 'utf8'));
        latest = { ...snapshot, date: dayOf(options.now()) };
        return;
      }
      if (!options.url) return;
      const shared = await fromRedis();
      const rates = shared ?? (await fromUrl(options.url));
      if (!shared) await toRedis(rates);
      latest = rates;
    } catch (error) {
      // The rates read before (if any) stay until they are too old.
      logger.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        latest
          ? 'exchange rates not read again: the earlier ones stay in use'
          : 'exchange rates could not be read: prices show in USD only',
      );
    }
  }

  return {
    current: usable,
    refresh: async () => {
      await refresh();
      usable();
      // Only a URL has anything new to read; the snapshot was read once.
      if (!timer && options.url) {
        timer = setInterval(() => void refresh().then(usable), refreshMs);
        timer.unref();
      }
    },
    close: () => {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
