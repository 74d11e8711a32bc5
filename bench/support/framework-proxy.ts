// The middle rung between the bare proxy and the app server: the same framework (Hono on
// its Node adapter) and the same upstream transport as the app, passing every request
// and answer through as they are: no validation, no limits, no logging, no metrics, no
// headers of ours. What the app server costs beyond this is what our own guarantees
// cost. `UPSTREAM` is the sandbox's base URL. Prints `PORT <n>` on stderr when listening.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { SANDBOX_DEMO_KEY } from '../../server/sandbox/options.ts';
import { AttemptCancel, createHttpTransport } from '../../server/upstream/transport.ts';

const upstream = process.env.UPSTREAM ?? '';
const http = createHttpTransport();
const app = new Hono();

app.all('*', async (c) => {
  const url = new URL(c.req.url);
  const body = c.req.method === 'GET' ? undefined : await c.req.text();
  const answer = await http.transport({
    method: c.req.method,
    url: `${upstream}${url.pathname}${url.search}`,
    headers: {
      accept: 'application/json',
      'x-api-key': SANDBOX_DEMO_KEY,
      language: c.req.header('language') ?? 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
    // As in the app, a call is called off by its deadline only, not by the browser leaving.
    cancel: new AttemptCancel(),
    maxBytes: 8 * 1024 * 1024,
  });
  return c.body(answer.text, answer.status as 200, {
    'content-type': answer.header('content-type') ?? 'application/json',
  });
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  process.stderr.write(`PORT ${info.port}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  http.close();
  process.exit(0);
});
