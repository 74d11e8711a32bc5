// The options of createSandbox (the agreed interface; app.ts re-exports these names).
import type { SessionLimits } from './search/session.ts';

/** The documented demo key of the sandbox (an organization of its own). Not a secret. */
export const SANDBOX_DEMO_KEY = 'sandbox-demo-key-0001';

export interface SandboxFaults {
  /** Share (0..1) of requests answered 429 RATE_LIMITED with Retry-After. */
  rate429: number;
  /** Share (0..1) of requests answered 500 INTERNAL. */
  rate500: number;
  /** Share (0..1) of requests delayed by slowMs. */
  rateSlow: number;
  slowMs: number;
}

export const NO_FAULTS: SandboxFaults = { rate429: 0, rate500: 0, rateSlow: 0, slowMs: 0 };

export interface SandboxOptions {
  /** SANDBOX_SEED: same seed, byte-identical inventory. */
  seed: string;
  /** Clock in epoch ms. */
  now: () => number;
  /** SANDBOX_API_KEYS: each key is an organization. */
  apiKeys: readonly string[];
  /** SANDBOX_DB: SQLite file for prebooks, bookings and idempotency records; ':memory:' in tests. */
  dbPath: string;
  faults: SandboxFaults;
  /** Prefix of image URLs: '' or '/sandbox' (embedded) or 'http://127.0.0.1:8090' (standalone). */
  publicBaseUrl: string;
  /**
   * Waits (live-mode searches, slow faults). Default: a real timer. Tests with a manual
   * clock pass one that advances their clock instead.
   */
  sleep?: (ms: number) => Promise<void>;
  /** Bounds of the in-memory search sessions (defaults suit a demo server). */
  sessionLimits?: SessionLimits;
  /**
   * SANDBOX_PREBOOK_SURPRISES: false turns off the random price changes and
   * RATE_UNAVAILABLE answers of prebook (the scenario hotels still take their branch).
   * Default true.
   */
  prebookSurprises?: boolean;
  /**
   * Hotels per city × this whole number (default 1). Not a setting of the sandbox:
   * `npm run bench` uses 10 to measure how search time grows with the inventory.
   */
  inventoryScale?: number;
}
