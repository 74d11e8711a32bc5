// The sandbox's settings from the environment, for `npm run sandbox` (main.ts) and the
// app server's embedded sandbox. A wrong value stops the start with a readable list
// naming each variable.
import { z } from 'zod';
import { commaList } from '../shared/comma-list.ts';
import { NO_FAULTS, SANDBOX_DEMO_KEY, type SandboxFaults, type SandboxOptions } from './options.ts';

export class SandboxConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid sandbox configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SandboxConfigError';
  }
}

const FAULT_ENTRY = /^(429|500|slow|slow_ms)=([0-9]+(?:\.[0-9]+)?)$/;

/** "429=0.2,500=0.1,slow=0.1,slow_ms=1500" → rates (shares of requests) and the slow delay. */
export function parseFaults(text: string): SandboxFaults {
  const faults = { ...NO_FAULTS, slowMs: 1500 };
  for (const part of commaList(text)) {
    const match = FAULT_ENTRY.exec(part);
    if (!match) {
      throw new Error(
        `"${part}" is not one of 429=<share>, 500=<share>, slow=<share>, slow_ms=<ms>`,
      );
    }
    const value = Number(match[2]);
    if (match[1] === 'slow_ms') {
      if (!Number.isInteger(value) || value > 60_000)
        throw new Error('slow_ms must be whole ms up to 60000');
      faults.slowMs = value;
      continue;
    }
    if (value > 1) throw new Error(`${match[1]} must be a share from 0 to 1`);
    if (match[1] === '429') faults.rate429 = value;
    else if (match[1] === '500') faults.rate500 = value;
    else faults.rateSlow = value;
  }
  if (faults.rate429 + faults.rate500 > 1)
    throw new Error('429 and 500 together must not exceed 1');
  return faults;
}

const EnvSchema = z.object({
  SANDBOX_SEED: z.string().min(1).max(200, 'must be at most 200 characters').default('staylane'),
  SANDBOX_NOW: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 instant such as 2026-12-01T10:00:00Z' })
    .optional(),
  SANDBOX_API_KEYS: z
    .string()
    .transform(commaList)
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^[\x21-\x7e]{8,200}$/, 'keys must be 8 to 200 visible ASCII characters'),
        )
        .min(1, 'must list at least one key'),
    )
    .optional(),
  SANDBOX_DB: z.string().min(1).default('data/sandbox.db'),
  SANDBOX_PREBOOK_SURPRISES: z.enum(['on', 'off'], 'must be on or off').optional(),
  SANDBOX_FAULTS: z
    .string()
    .transform((text, ctx) => {
      try {
        return parseFaults(text);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: error instanceof Error ? error.message : 'is not valid',
        });
        return z.NEVER;
      }
    })
    .optional(),
});

/** A clock that starts at `start` (SANDBOX_NOW) and then runs at real speed. */
export function clockFrom(start: number | null): () => number {
  if (start === null) return Date.now;
  const offset = start - Date.now();
  return () => Date.now() + offset;
}

/**
 * The sandbox options from SANDBOX_SEED, SANDBOX_NOW, SANDBOX_API_KEYS, SANDBOX_DB,
 * SANDBOX_FAULTS and SANDBOX_PREBOOK_SURPRISES (blank counts as unset);
 * `publicBaseUrl` is the caller's business.
 */
export function sandboxOptionsFromEnv(
  env: NodeJS.ProcessEnv,
  defaults: { publicBaseUrl: string },
): SandboxOptions {
  const present = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => name.startsWith('SANDBOX_') && value !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new SandboxConfigError(
      parsed.error.issues.map(
        (issue) => `${String(issue.path[0] ?? 'environment')}: ${issue.message}`,
      ),
    );
  }
  const config = parsed.data;
  return {
    seed: config.SANDBOX_SEED,
    now: clockFrom(config.SANDBOX_NOW === undefined ? null : Date.parse(config.SANDBOX_NOW)),
    apiKeys: config.SANDBOX_API_KEYS ?? [SANDBOX_DEMO_KEY],
    dbPath: config.SANDBOX_DB,
    faults: config.SANDBOX_FAULTS ?? NO_FAULTS,
    publicBaseUrl: defaults.publicBaseUrl,
    prebookSurprises: config.SANDBOX_PREBOOK_SURPRISES !== 'off',
  };
}
