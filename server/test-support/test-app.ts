// The app server wired to the fake upstream, a fake clock and an in-memory log:
// what most server tests start from.
import { TEST_NOW } from '../../src/contract/testing/clock.ts';
import { createApp, type AppOptions } from '../app.ts';
import {
  createUpstreamClient,
  type UpstreamClientOptions,
  type UpstreamTimeouts,
} from '../upstream/client.ts';
import type { RetrySettings } from '../upstream/retry.ts';
import { createFakeClock } from './fake-clock.ts';
import { createFakeUpstream } from './fake-upstream.ts';
import { memoryLogger } from './silent-logger.ts';

/** The key the app server holds in tests: long and unusual, so a scan cannot miss it. */
export const TEST_KEY = 'test-key-0123456789';

/**
 * An upstream client in front of the fake hotel API (which holds `keys`, by default the
 * test key), with a fake clock and an in-memory log; `overrides` replace any option.
 */
export function fakeUpstreamClient(
  options: { keys?: string[] } & Partial<UpstreamClientOptions> = {},
) {
  const { keys = [TEST_KEY], ...overrides } = options;
  const fake = createFakeUpstream({ keys });
  const time = createFakeClock();
  const { logger, lines } = memoryLogger('debug');
  const upstream = createUpstreamClient({
    baseUrl: 'http://upstream.test/v1',
    transport: fake.transport,
    apiKey: () => keys[0] ?? '',
    logger,
    clock: time.clock,
    ...overrides,
  });
  return { fake, time, logger, lines, upstream };
}

/** The app server as the tests run it (upstream mode, no static files, a fixed today). */
export function testAppOver(
  options: Pick<AppOptions, 'upstream' | 'logger'> & Partial<AppOptions>,
) {
  return createApp({
    mode: 'upstream',
    staticDir: null,
    version: 'test',
    today: () => new Date(TEST_NOW),
    lookupMinDurationMs: 0,
    ...options,
  });
}

export function createTestApp(
  overrides: Partial<AppOptions> & {
    retry?: Partial<RetrySettings>;
    timeouts?: Partial<UpstreamTimeouts>;
  } = {},
) {
  const { retry, timeouts, ...appOverrides } = overrides;
  const { fake, time, logger, lines, upstream } = fakeUpstreamClient({ retry, timeouts });
  const app = testAppOver({ upstream, logger, ...appOverrides });
  return { app, fake, time, lines, upstream };
}

export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/**
 * A POST whose body is streamed in 8 KiB chunks, so it has no Content-Length: a size limit
 * must hold while the body is read, not only against a declared length.
 */
export function postStreamed(
  text: string,
  headers: Record<string, string> = {},
): RequestInit & { duplex: 'half' } {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 8_192)
        controller.enqueue(bytes.subarray(at, at + 8_192));
      controller.close();
    },
  });
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
    duplex: 'half',
  };
}

export interface EnvelopeBody {
  success: boolean;
  message: string;
  data?: unknown;
  error?: { code: string; details: { field: string; message: string }[]; request_id: string };
}

export async function readEnvelope(response: Response): Promise<EnvelopeBody> {
  return (await response.json()) as EnvelopeBody;
}
