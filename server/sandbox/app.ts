// The embedded sandbox of the hotel API: a Hono app of its own that implements the
// upstream surface of api-contract.md at its root. The app server reaches it through
// the same upstream client code as a remote {base_url} (an in-process transport).
//
// INTERFACE (agreed between the sandbox and the app server; the implementation
// behind it is issue 3 / issue 4):
//   createSandbox(options) → { app, close }
//   - app.fetch(request) answers every upstream endpoint at the root (/hotels/search, …)
//     and GET /images/* (public, no key) for the hotel images it generates.
//   - image URLs in responses are `${publicBaseUrl}/images/…`; the app server mounts
//     the image route at /sandbox/images/* and passes publicBaseUrl '/sandbox'.
//   - now(): the sandbox clock in ms; SANDBOX_NOW starts it at a fixed instant and it
//     then runs at real speed, so refresh simulation and expiries still progress.
import { Hono } from 'hono';

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
}

export interface Sandbox {
  app: Hono;
  /** Closes the database and stops timers. */
  close(): void;
}

export function createSandbox(_options: SandboxOptions): Sandbox {
  const app = new Hono();
  return { app, close: () => undefined };
}
