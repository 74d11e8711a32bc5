import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '../test-support/fake-upstream.ts';
import { bufferedBodyOf, createHttpTransport } from './transport.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serveApp(app: Hono) {
  const server = await listen(app);
  cleanups.push(() => server.close());
  return server;
}

describe('the HTTP transport', () => {
  it('sends method, headers and body, and hands the answer over buffered', async () => {
    const app = new Hono();
    app.post('/echo', async (c) =>
      c.json({ body: await c.req.text(), key: c.req.header('x-api-key') }, 201, { 'x-extra': '1' }),
    );
    const server = await serveApp(app);
    const http = createHttpTransport();
    cleanups.push(() => http.close());
    const response = await http.transport(
      new Request(`${server.url}/echo`, {
        method: 'POST',
        headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
        body: '{"a":1}',
      }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('x-extra')).toBe('1');
    expect(bufferedBodyOf(response)?.toString('utf8')).toBe('{"body":"{\\"a\\":1}","key":"k"}');
    expect(await response.json()).toEqual({ body: '{"a":1}', key: 'k' });
  });

  it('keeps connections alive across requests', async () => {
    const app = new Hono();
    app.get('/', (c) => c.text('ok'));
    const server = await serveApp(app);
    const http = createHttpTransport();
    cleanups.push(() => http.close());
    for (let i = 0; i < 10; i++) await http.transport(new Request(`${server.url}/`));
    expect(server.connections()).toBe(1);
  });

  it('refuses an answer over the cap and aborts on the signal', async () => {
    const app = new Hono();
    app.get('/big', (c) => c.text('x'.repeat(50_000)));
    app.get('/slow', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      return c.text('late');
    });
    const server = await serveApp(app);
    const http = createHttpTransport({ maxResponseBytes: 10_000 });
    cleanups.push(() => http.close());
    await expect(http.transport(new Request(`${server.url}/big`))).rejects.toThrow(/larger than/);
    const controller = new AbortController();
    const pending = http.transport(
      new Request(`${server.url}/slow`, { signal: controller.signal }),
    );
    setTimeout(() => {
      controller.abort();
    }, 20);
    await expect(pending).rejects.toThrow();
  });

  it('fails like fetch when nothing listens', async () => {
    const http = createHttpTransport();
    cleanups.push(() => http.close());
    await expect(http.transport(new Request('http://127.0.0.1:9/'))).rejects.toThrow();
  });
});
