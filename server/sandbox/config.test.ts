import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_DEMO_KEY } from './app.ts';
import { parseFaults, SandboxConfigError, sandboxOptionsFromEnv } from './config.ts';

const defaults = { publicBaseUrl: 'http://127.0.0.1:8090' };

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    sandboxOptionsFromEnv(env, defaults);
  } catch (error) {
    if (error instanceof SandboxConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('sandbox configuration from the environment', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has working defaults: seed staylane, the demo key, a database under data/, no faults', () => {
    const options = sandboxOptionsFromEnv({}, defaults);
    expect(options.seed).toBe('staylane');
    expect(options.apiKeys).toEqual([SANDBOX_DEMO_KEY]);
    expect(options.dbPath).toBe('data/sandbox.db');
    expect(options.faults).toEqual({ rate429: 0, rate500: 0, rateSlow: 0, slowMs: 0 });
    expect(options.publicBaseUrl).toBe('http://127.0.0.1:8090');
    expect(Math.abs(options.now() - Date.now())).toBeLessThan(1000);
  });

  it('starts the clock at SANDBOX_NOW and lets it run at real speed', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2030-01-01T00:00:00Z'));
    const options = sandboxOptionsFromEnv({ SANDBOX_NOW: '2026-12-01T10:00:00Z' }, defaults);
    expect(new Date(options.now()).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    vi.advanceTimersByTime(5_000);
    expect(new Date(options.now()).toISOString()).toBe('2026-12-01T10:00:05.000Z');
  });

  it('reads the seed, the keys (comma list), the database and the faults; blank is unset', () => {
    const options = sandboxOptionsFromEnv(
      {
        SANDBOX_SEED: 'demo-2',
        SANDBOX_API_KEYS: ' key-one-0001 , key-two-0002 ,',
        SANDBOX_DB: ':memory:',
        SANDBOX_FAULTS: '429=0.2,500=0.1,slow=0.1,slow_ms=1500',
        SANDBOX_NOW: '',
      },
      defaults,
    );
    expect(options.seed).toBe('demo-2');
    expect(options.apiKeys).toEqual(['key-one-0001', 'key-two-0002']);
    expect(options.dbPath).toBe(':memory:');
    expect(options.faults).toEqual({ rate429: 0.2, rate500: 0.1, rateSlow: 0.1, slowMs: 1500 });
  });

  it('names every wrong variable in one readable error', () => {
    const problems = problemsOf({
      SANDBOX_NOW: 'tomorrow',
      SANDBOX_API_KEYS: 'short',
      SANDBOX_FAULTS: '429=2',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(
      expect.arrayContaining(['SANDBOX_NOW', 'SANDBOX_API_KEYS', 'SANDBOX_FAULTS']),
    );
    expect(problems).toHaveLength(3);
    expect(() => sandboxOptionsFromEnv({ SANDBOX_NOW: 'x' }, defaults)).toThrow(
      /Invalid sandbox configuration:\n {2}- SANDBOX_NOW: /,
    );
  });

  it('parses fault specs and refuses nonsense', () => {
    expect(parseFaults('slow=0.5')).toEqual({
      rate429: 0,
      rate500: 0,
      rateSlow: 0.5,
      slowMs: 1500,
    });
    expect(() => parseFaults('503=0.1')).toThrow(/503=0.1/);
    expect(() => parseFaults('429=0.7,500=0.7')).toThrow(/together/);
    expect(() => parseFaults('slow_ms=1.5')).toThrow(/slow_ms/);
  });
});
