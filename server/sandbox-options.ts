// Options of the embedded sandbox, read from the environment. A stand-in until the
// sandbox ships its own `sandboxOptionsFromEnv` (server/sandbox/config.ts); the app
// server only adds what is its business: image URLs under /sandbox.
import { SANDBOX_DEMO_KEY, type SandboxOptions } from './sandbox/app.ts';

export const SANDBOX_PUBLIC_BASE_URL = '/sandbox';

/** A clock that starts at `startIso` (SANDBOX_NOW) and then runs at real speed. */
function clockFrom(startIso: string | undefined): () => number {
  if (!startIso) return Date.now;
  const start = Date.parse(startIso);
  if (Number.isNaN(start)) throw new Error('SANDBOX_NOW: must be an ISO 8601 instant');
  const offset = start - Date.now();
  return () => Date.now() + offset;
}

export function embeddedSandboxOptions(env: NodeJS.ProcessEnv = process.env): SandboxOptions {
  const keys = (env.SANDBOX_API_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  return {
    seed: env.SANDBOX_SEED || 'staylane',
    now: clockFrom(env.SANDBOX_NOW || undefined),
    apiKeys: keys.length > 0 ? keys : [SANDBOX_DEMO_KEY],
    dbPath: env.SANDBOX_DB || 'data/sandbox.db',
    faults: { rate429: 0, rate500: 0, rateSlow: 0, slowMs: 0 },
    publicBaseUrl: SANDBOX_PUBLIC_BASE_URL,
  };
}
