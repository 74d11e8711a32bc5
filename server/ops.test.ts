// What an operator relies on: slow clients are cut off within the configured timeouts,
// the connection cap holds, and the metrics listener (never the public port) counts
// what happened, by route template and outcome, without ids or secrets.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { createMetrics } from './metrics.ts';
import { serveMetrics } from './metrics-server.ts';
import { startServer, type RunningServer } from './start.ts';
import {
  appOnSandbox,
  bookableToken,
  bookBody,
  call,
  DECEMBER_STAY,
  jsonPost,
  PARIS,
  sandboxForFile,
  untilAnswered,
} from './test-support/embedded-stack.ts';
import { memoryLogger } from './test-support/silent-logger.ts';

/** Resolves when the server closes the socket, with what it had sent by then. */
function closed(socket: Socket): Promise<string> {
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  return new Promise((resolve) => {
    socket.on('close', () => {
      resolve(received);
    });
  });
}

/** Writes `text` one byte at a time, `everyMs` apart, until done or the socket closes. */
function trickle(socket: Socket, text: string, everyMs: number): { bytesSent: () => number } {
  let sent = 0;
  const timer = setInterval(() => {
    if (sent >= text.length || socket.destroyed) {
      clearInterval(timer);
      return;
    }
    socket.write(text[sent++] ?? '');
  }, everyMs);
  socket.on('close', () => {
    clearInterval(timer);
  });
  return { bytesSent: () => sent };
}

/** `data` sent a byte every 300 ms is cut off with a 408 before it is all sent. */
async function expectCutOffTrickling(socket: Socket, closing: Promise<string>, data: string) {
  const sending = trickle(socket, data, 300);
  const received = await closing;
  expect(sending.bytesSent()).toBeLessThan(data.length);
  expect(received).toMatch(/^HTTP\/1\.1 408/);
}

describe('timeouts and the connection cap (a real socket)', () => {
  let server: RunningServer;
  const { logger, lines } = memoryLogger();

  beforeAll(async () => {
    const config = readConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      HTTP_HEADERS_TIMEOUT_MS: '1500',
      HTTP_REQUEST_TIMEOUT_MS: '2500',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
      HTTP_MAX_CONNECTIONS: '3',
      METRICS_PORT: '0',
    });
    server = await startServer({
      config,
      env: { SANDBOX_DB: ':memory:' },
      logger,
      version: 'test',
      staticDir: null,
    });
  }, 60_000);
  afterAll(async () => {
    await server.close({ graceMs: 1_000 });
  });

  const open = () => connect(server.port, '127.0.0.1');

  it('headers sent one byte every 300 ms: closed at the headers timeout, long before they end', async () => {
    const socket = open();
    const done = closed(socket);
    const headers = `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'x'.repeat(60)}\r\n\r\n`;
    // 1.5 s at 300 ms a byte is ~5 bytes; the connection checks run every second.
    await expectCutOffTrickling(socket, done, headers);
  }, 20_000);

  it('a body sent one byte every 300 ms after complete headers: closed at the request timeout', async () => {
    const socket = open();
    const done = closed(socket);
    const body = JSON.stringify({
      reference: 'ABC123',
      last_name: 'x'.repeat(80),
      email: 'x@example.com',
    });
    socket.write(
      `POST /api/bookings/lookup HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await expectCutOffTrickling(socket, done, body);
  }, 20_000);

  it('beyond the connection cap, a new connection is closed without an answer', async () => {
    const held = [open(), open(), open()];
    await Promise.all(held.map((socket) => new Promise((ok) => socket.once('connect', ok))));
    // Each held connection is answered once and kept alive: the server counts it.
    for (const socket of held) socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await Promise.all(held.map((socket) => new Promise((ok) => socket.once('data', ok))));
    const extra = open();
    expect(await closed(extra)).toBe('');
    for (const socket of held) socket.destroy();
    // Once the server has seen them go, it takes connections again.
    for (;;) {
      const probe = open();
      const answer = closed(probe);
      probe.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      if ((await answer).startsWith('HTTP/1.1 200')) break;
    }
  }, 20_000);

  it('a client that hangs up mid-body is a client event in the log, not an error', async () => {
    const socket = open();
    await new Promise((ok) => socket.once('connect', ok));
    const seen = lines.length;
    socket.write(
      'POST /api/bookings/lookup HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"reference":',
    );
    // Let the server start reading the body, then hang up.
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    const deadline = Date.now() + 5_000;
    while (!lines.slice(seen).some((line) => line.includes('client went away'))) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const logged = lines
      .slice(seen)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(logged.some((line) => line.msg === 'client went away' && line.level === 30)).toBe(true);
  }, 20_000);

  it('serves metrics on its own listener only: the public port answers /metrics 404', async () => {
    expect(server.metricsPort).not.toBeNull();
    const scraped = await fetch(`http://127.0.0.1:${server.metricsPort ?? 0}/metrics`);
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('staylane_redis_up -1');
    const onPublic = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(onPublic.status).toBe(404);
  });
});

describe('metrics after a booking', () => {
  const shared = sandboxForFile();

  it('count requests by route template, upstream attempts, price polls and bookings; no ids', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const { sandbox, clock } = shared;
    const { app } = appOnSandbox(sandbox, clock, { metrics, logLevel: 'silent' });
    const { hotelId, token } = await bookableToken(app, sandbox);
    const prebook = await untilAnswered(() =>
      call<{ prebook_id: string }>(app, '/api/hotels/prebook', jsonPost({ booking_token: token })),
    );
    const booked = await call<{ reference: string; booking_id: string }>(
      app,
      '/api/hotels/book',
      jsonPost(bookBody(prebook.json.data.prebook_id), { 'Idempotency-Key': 'metrics-0001' }),
    );
    expect(booked.status).toBe(201);
    const searched = await untilAnswered(() =>
      call<{ search_id: string }>(
        app,
        '/api/hotels/search',
        jsonPost({ destination: { type: 'city', id: PARIS }, ...DECEMBER_STAY, nationality: 'IN' }),
      ),
    );
    expect(searched.status).toBe(200);
    const polled = await call<{ refresh_status: string }>(
      app,
      `/api/hotels/search/${searched.json.data.search_id}/prices`,
    );
    expect(polled.status).toBe(200);
    await call(app, '/api/hotels/search/not-a-search/prices');
    await call(app, '/api/no/such/thing');

    const listener = await serveMetrics(metrics.registry, { port: 0, host: '127.0.0.1' });
    try {
      const text = await (await fetch(`http://127.0.0.1:${listener.port}/metrics`)).text();
      const value = (line: string) => {
        const found = text.split('\n').find((l) => l.startsWith(`${line} `));
        return found ? Number(found.slice(line.length + 1)) : 0;
      };
      expect(
        value('staylane_http_requests_total{route="/api/hotels/book",method="POST",status="201"}'),
      ).toBe(1);
      expect(value('staylane_bookings_total{outcome="booked"}')).toBe(1);
      expect(
        value('staylane_upstream_attempts_total{endpoint="book",outcome="2xx",attempt="1"}'),
      ).toBe(1);
      expect(
        value('staylane_http_requests_total{route="/api/hotels/rooms",method="POST",status="200"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(
        value(
          'staylane_http_requests_total{route="/api/hotels/search/:search_id/prices",method="GET",status="400"}',
        ),
      ).toBe(1);
      expect(
        value('staylane_http_requests_total{route="unmatched",method="GET",status="404"}'),
      ).toBe(1);
      expect(value(`staylane_price_polls_total{status="${polled.json.data.refresh_status}"}`)).toBe(
        1,
      );
      expect(text).toContain('staylane_http_request_duration_seconds_bucket');
      // Templates only: no hotel id, prebook id, reference or raw path.
      for (const secret of [
        String(hotelId),
        prebook.json.data.prebook_id,
        booked.json.data.reference,
        'not-a-search',
        searched.json.data.search_id,
        '/api/no/such/thing',
      ]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await listener.close();
    }
  }, 60_000);
});
