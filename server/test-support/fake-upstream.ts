// A small fake of the hotel API for tests: a Hono app that answers every endpoint
// of the contract with valid fixture data, or with scripted replies (errors,
// broken bodies, hangs, dropped connections), and records every request it got
// (headers and body included) so tests can check what the app server sent.
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type { AddressInfo } from 'node:net';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ENDPOINTS, type EndpointName, type ErrorDetail } from '../../src/contract/index.ts';
import { inProcessTransport, type Transport } from '../upstream/transport.ts';
import * as fixtures from './fixtures.ts';

export interface ScriptedReply {
  /** Default 200 (201 for book). */
  status?: number;
  /** `data` of a success envelope. */
  data?: unknown;
  /** An error envelope. */
  error?: { code: string; message?: string; details?: ErrorDetail[]; stack?: string };
  /** A raw body instead of an envelope (broken upstreams). */
  text?: string;
  headers?: Record<string, string>;
  /** Never answers (until the caller gives up). */
  hang?: boolean;
  /** Drops the connection without an answer. */
  drop?: boolean;
  delayMs?: number;
}

export interface RecordedRequest {
  endpoint: EndpointName;
  method: string;
  path: string;
  url: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
}

const DEFAULT_DATA: Record<EndpointName, unknown> = {
  searchHotels: fixtures.searchData,
  searchPrices: fixtures.pricesData,
  autocomplete: fixtures.autocompleteData,
  nationalities: fixtures.nationalitiesData,
  filters: fixtures.filtersData,
  rooms: fixtures.roomsData,
  content: fixtures.contentData,
  prebook: fixtures.prebookData,
  book: fixtures.bookingData,
  getBooking: fixtures.bookingData,
  findBookings: fixtures.bookingData,
  cancelBooking: fixtures.cancelledBookingData,
};

const DROPPED = 'x-fake-dropped';

interface Bindings {
  incoming?: { socket: { destroy(): void } };
}

export interface FakeUpstream {
  app: Hono<{ Bindings: Bindings }>;
  /** In-process transport (a dropped connection becomes a thrown TypeError, like fetch). */
  transport: Transport;
  requests: RecordedRequest[];
  /** Queues replies for an endpoint; when the queue is empty, fixture data is answered. */
  reply(endpoint: EndpointName, ...replies: ScriptedReply[]): void;
  /** Keys accepted (x-api-key); others get 401. */
  acceptKeys(...keys: string[]): void;
  /** Requests made to one endpoint. */
  callsTo(endpoint: EndpointName): RecordedRequest[];
}

export function createFakeUpstream(options: { keys?: string[] } = {}): FakeUpstream {
  const app = new Hono<{ Bindings: Bindings }>();
  const requests: RecordedRequest[] = [];
  const queues = new Map<EndpointName, ScriptedReply[]>();
  let keys = options.keys ?? ['test-key-0123456789'];

  function answer(endpoint: EndpointName) {
    return async (c: Context<{ Bindings: Bindings }>) => {
      const url = new URL(c.req.url);
      const headers: Record<string, string> = {};
      c.req.raw.headers.forEach((value, name) => {
        headers[name] = value;
      });
      requests.push({
        endpoint,
        method: c.req.method,
        path: url.pathname,
        url: c.req.url,
        query: Object.fromEntries(url.searchParams),
        headers,
        body: await c.req.text(),
      });
      const requestId = c.req.header('x-request-id') ?? 'fake';
      c.header('X-Request-Id', requestId);
      if (!keys.includes(c.req.header('x-api-key') ?? '')) {
        return c.json(
          {
            success: false,
            message: 'Missing or wrong x-api-key',
            error: { code: 'UNAUTHORIZED', details: [], request_id: requestId },
          },
          401,
        );
      }

      const reply = queues.get(endpoint)?.shift() ?? {};
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (reply.hang) {
        await new Promise<void>((resolve) => {
          c.req.raw.signal.addEventListener('abort', () => {
            resolve();
          });
        });
        return c.text('too late', 504);
      }
      if (reply.drop) {
        const socket = c.env.incoming?.socket;
        if (socket) {
          socket.destroy();
          return new Promise<Response>(() => undefined);
        }
        return c.body(null, 599 as ContentfulStatusCode, { [DROPPED]: '1' });
      }
      for (const [name, value] of Object.entries(reply.headers ?? {})) c.header(name, value);
      if (reply.text !== undefined) {
        return c.body(reply.text, (reply.status ?? 200) as ContentfulStatusCode, {
          'content-type': 'application/json',
        });
      }
      if (reply.error) {
        return c.json(
          {
            success: false,
            message: reply.error.message ?? reply.error.code,
            error: {
              code: reply.error.code,
              details: reply.error.details ?? [],
              request_id: requestId,
              ...(reply.error.stack ? { stack: reply.error.stack } : {}),
            },
          },
          (reply.status ?? 400) as ContentfulStatusCode,
        );
      }
      const status = reply.status ?? (endpoint === 'book' ? 201 : 200);
      return c.json(
        { success: true, message: 'ok', data: reply.data ?? DEFAULT_DATA[endpoint] },
        status as ContentfulStatusCode,
      );
    };
  }

  // At the root and under /v1, so tests can check that a base URL's path is kept.
  const routes = new Hono<{ Bindings: Bindings }>();
  for (const [name, spec] of Object.entries(ENDPOINTS) as [
    EndpointName,
    (typeof ENDPOINTS)[EndpointName],
  ][]) {
    routes.on(spec.method, spec.path, answer(name));
  }
  app.route('/v1', routes);
  app.route('/', routes);

  const transport: Transport = inProcessTransport({
    fetch: async (request) => {
      const response = await app.fetch(request, {});
      if (response.headers.get(DROPPED)) throw new TypeError('fetch failed');
      return response;
    },
  });

  return {
    app,
    transport,
    requests,
    reply(endpoint, ...replies) {
      queues.set(endpoint, [...(queues.get(endpoint) ?? []), ...replies]);
    },
    acceptKeys(...accepted) {
      keys = accepted;
    },
    callsTo(endpoint) {
      return requests.filter((request) => request.endpoint === endpoint);
    },
  };
}

/** Serves a Hono app on a loopback port; counts connections; close() ends it. */
export async function listen(app: {
  fetch: Parameters<typeof serve>[0]['fetch'];
}): Promise<{ url: string; port: number; connections: () => number; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    let connections = 0;
    const server = serve(
      { fetch: app.fetch, port: 0, hostname: '127.0.0.1' },
      (info: AddressInfo) => {
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          port: info.port,
          connections: () => connections,
          close: () =>
            new Promise<void>((done) => {
              (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
              server.close(() => {
                done();
              });
            }),
        });
      },
    );
    server.on('connection', () => {
      connections++;
    });
  });
}
