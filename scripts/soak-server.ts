// The app server for `npm run soak`, in a process of its own (the load generator's work
// must not count against it): wired as sandbox mode wires it (server/start.ts: the
// embedded sandbox in-process behind the one upstream client, production rate limits,
// the access log on), listening on loopback only, behind one trusted proxy (every
// simulated shopper is its own client through X-Forwarded-For), with two soak-only
// choices:
//
// - the sandbox clock runs SOAK_CLOCK_SPEED times faster than real time, so the
//   15-minute search-session lifetime passes inside a 5-minute run and expired
//   sessions can be seen leaving memory;
// - it answers the parent's IPC "sample" with its RSS, heap and the sandbox's live
//   search sessions (count and snapshot entries), which no HTTP endpoint exposes.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createApp } from '../server/app.ts';
import { createLogger } from '../server/logger.ts';
import { createSandbox, SANDBOX_DEMO_KEY } from '../server/sandbox/app.ts';
import { sandboxOptionsFromEnv } from '../server/sandbox/config.ts';
import { createUpstreamClient } from '../server/upstream/client.ts';
import { inProcessTransport } from '../server/upstream/transport.ts';

const speed = Number(process.env.SOAK_CLOCK_SPEED ?? '4');
const started = Date.now();
/** Real time, run `speed` times faster from the start. */
const now = () => started + (Date.now() - started) * speed;

const options = { ...sandboxOptionsFromEnv(process.env, { publicBaseUrl: '/sandbox' }), now };
const sandbox = createSandbox(options);
// Production logs every request at info; the lines go nowhere, their cost stays.
const logger = createLogger({ level: 'info', destination: pino.destination('/dev/null') });
const transport = inProcessTransport(sandbox.app);
const app = createApp({
  mode: 'sandbox',
  logger,
  staticDir: null,
  version: 'soak',
  upstream: createUpstreamClient({
    baseUrl: 'http://sandbox.internal',
    transport,
    apiKey: () => SANDBOX_DEMO_KEY,
    logger,
  }),
  today: () => new Date(now()),
  sandboxImages: (request) => sandbox.app.fetch(request),
  trustProxy: 1,
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  process.send?.({ kind: 'ready', port: info.port, sandboxNow: now() });
});

process.on('message', (message: { kind: string; gc?: boolean }) => {
  if (message.kind === 'sample') {
    // First and last samples only: a full collection first, so the heap is what is live
    // (not done in between, where its pause would land in the latencies).
    if (message.gc) (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    const { sessions, quotes, tokens } = sandbox.context;
    process.send?.({
      kind: 'sample',
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      sessions: sessions.size,
      sessionEntries: sessions.entryCount,
      // The other bounded caches that grow with traffic (capacities 200,000 and 100,000).
      quotes: quotes.size,
      tokens: tokens.size,
      sandboxNow: now(),
    });
  }
  if (message.kind === 'stop') {
    server.close();
    sandbox.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
