import { Hono } from 'hono';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '../test-support/fake-upstream.ts';
import {
  AttemptCancel,
  createHttpTransport,
  inProcessTransport,
  type UpstreamExchange,
} from './transport.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function exchange(url: string, more: Partial<UpstreamExchange> = {}): UpstreamExchange {
  return {
    method: 'GET',
    url,
    headers: {},
    body: undefined,
    cancel: new AttemptCancel(),
    maxBytes: 10_000,
    ...more,
  };
}

async function serveApp(app: Hono) {
  const server = await listen(app);
  cleanups.push(() => server.close());
  return server;
}

describe('the HTTP transport', () => {
  it('sends method, headers and body, and answers status, headers and text', async () => {
    const app = new Hono();
    app.post('/echo', async (c) =>
      c.json({ body: await c.req.text(), key: c.req.header('x-api-key') }, 201, { 'x-extra': '1' }),
    );
    const server = await serveApp(app);
    const http = createHttpTransport();
    cleanups.push(() => http.close());
    const headers = { 'x-api-key': 'k', 'content-type': 'application/json' };
    const answer = await http.transport(
      exchange(`${server.url}/echo`, { method: 'POST', headers, body: '{"a":1}' }),
    );
    expect(answer.status).toBe(201);
    expect(answer.header('x-extra')).toBe('1');
    expect(answer.header('x-missing')).toBeNull();
    expect(JSON.parse(answer.text)).toEqual({ body: '{"a":1}', key: 'k' });
    // The exchange is the client's: the transport adds its content-length to a copy.
    expect(headers).toEqual({ 'x-api-key': 'k', 'content-type': 'application/json' });
  });

  it('keeps connections alive across requests', async () => {
    const app = new Hono();
    app.get('/', (c) => c.text('ok'));
    const server = await serveApp(app);
    const http = createHttpTransport();
    cleanups.push(() => http.close());
    for (let i = 0; i < 20; i++) await http.transport(exchange(`${server.url}/`));
    // The pool frees a socket a turn after its answer ends, so a request sent in the same
    // turn may take a second one; after that the two are reused.
    expect(server.connections()).toBeLessThanOrEqual(2);
  });

  it('refuses an answer over the cap and stops a request called off', async () => {
    const app = new Hono();
    app.get('/big', (c) => c.text('x'.repeat(50_000)));
    app.get('/slow', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      return c.text('late');
    });
    const server = await serveApp(app);
    const http = createHttpTransport();
    cleanups.push(() => http.close());
    await expect(http.transport(exchange(`${server.url}/big`))).rejects.toThrow(/larger than/);
    const cancel = new AttemptCancel();
    const pending = http.transport(exchange(`${server.url}/slow`, { cancel }));
    setTimeout(() => {
      cancel.cancel(new Error('out of time'));
    }, 20);
    await expect(pending).rejects.toThrow('out of time');
  });

  it('reads a header sent twice as absent: neither value can be trusted', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, [
        ['Content-Language', 'fr'],
        ['X-Twice', 'a'],
        ['X-Twice', 'b'],
      ]);
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const http = createHttpTransport();
    cleanups.push(() => http.close());
    const answer = await http.transport(exchange(`http://127.0.0.1:${port}/`));
    expect(answer.header('content-language')).toBe('fr');
    expect(answer.header('x-twice')).toBeNull();
    expect(answer.text).toBe('{}');
  });

  it('does not send a request called off before it could go', async () => {
    const app = new Hono();
    let reached = 0;
    app.get('/', (c) => {
      reached++;
      return c.text('ok');
    });
    const server = await serveApp(app);
    const http = createHttpTransport();
    cleanups.push(() => http.close());
    const cancel = new AttemptCancel();
    cancel.cancel(new Error('out of time'));
    await expect(http.transport(exchange(`${server.url}/`, { cancel }))).rejects.toThrow(
      'out of time',
    );
    await http.transport(exchange(`${server.url}/`));
    expect(reached).toBe(1);
  });

  it('fails like fetch when nothing listens', async () => {
    const http = createHttpTransport();
    cleanups.push(() => http.close());
    await expect(http.transport(exchange('http://127.0.0.1:9/'))).rejects.toThrow();
  });
});

describe('the in-process transport', () => {
  it('calls the app with the exchange and refuses an answer over the cap', async () => {
    const app = new Hono();
    app.post('/echo', async (c) =>
      c.json({ body: await c.req.text(), key: c.req.header('x-api-key') }, 201, { 'x-extra': '1' }),
    );
    app.get('/big', (c) => c.text('x'.repeat(50_000)));
    const transport = inProcessTransport(app);
    const answer = await transport(
      exchange('http://sandbox.internal/echo', {
        method: 'POST',
        headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
        body: '{"a":1}',
      }),
    );
    expect(answer.status).toBe(201);
    expect(answer.header('x-extra')).toBe('1');
    expect(JSON.parse(answer.text)).toEqual({ body: '{"a":1}', key: 'k' });
    await expect(transport(exchange('http://sandbox.internal/big'))).rejects.toThrow(/larger than/);
  });
});
