// How the upstream client reaches the hotel API. A transport takes an exchange in plain
// values and answers the whole body as text: a remote base URL goes through undici's
// keep-alive pool, the embedded sandbox is its Hono app's fetch (in-process, no socket).
// Plain values rather than web Request/Response: building and reading those objects
// cost more than the rest of a proxied price poll (docs/decisions/040-running-at-scale.md).
import type { IncomingHttpHeaders } from 'node:http';
import { Agent } from 'undici';
import { readCapped } from '../shared/read-capped.ts';

/** One request to the hotel API, as the upstream client sends it. */
export interface UpstreamExchange {
  method: string;
  url: string;
  headers: Readonly<Record<string, string>>;
  /** The JSON body, serialized once by the client. */
  body: string | undefined;
  /** Called off when the attempt runs out of time. */
  cancel: AttemptCancel;
  /** A larger answer is refused (a runaway upstream must not exhaust memory). */
  maxBytes: number;
}

/**
 * How an attempt is called off when it runs out of time: an AbortSignal's one use here, for
 * a fraction of its cost. The client makes one for every attempt, and an AbortController
 * with the listener a transport puts on its signal took about 6 µs, a few per cent of a
 * price poll (docs/decisions/053-a-cheaper-price-poll.md).
 */
export class AttemptCancel {
  #reason: Error | null = null;
  #listener: ((reason: Error) => void) | null = null;

  /** Why the attempt was called off; null while it may go on. */
  get reason(): Error | null {
    return this.#reason;
  }

  cancel(reason: Error): void {
    if (this.#reason) return;
    this.#reason = reason;
    const listener = this.#listener;
    this.#listener = null;
    listener?.(reason);
  }

  /**
   * The transport's one listener (null removes it). Told at once when the attempt was
   * already called off.
   */
  onCancel(listener: ((reason: Error) => void) | null): void {
    if (listener && this.#reason) {
      listener(this.#reason);
      return;
    }
    this.#listener = listener;
  }
}

/** Its whole answer. */
export interface UpstreamAnswer {
  status: number;
  /** A header by lower-case name, or null. */
  header(name: string): string | null;
  text: string;
}

export type Transport = (exchange: UpstreamExchange) => Promise<UpstreamAnswer>;

/** A web handler called in-process (the sandbox's or a test's Hono app). */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

export class ResponseTooLargeError extends Error {
  constructor(limit: number) {
    super(`The upstream answer is larger than ${limit} bytes`);
    this.name = 'ResponseTooLargeError';
  }
}

export interface HttpTransport {
  transport: Transport;
  /** Closes the pooled sockets (graceful shutdown). */
  close(): void;
}

/** Sockets per upstream origin; requests beyond them wait in the pool. */
const MAX_CONNECTIONS = 64;
/** How long an idle pooled socket stays open, below typical upstream idle timeouts (5 s+). */
const IDLE_SOCKET_MS = 4_000;

/**
 * undici's dispatcher (the engine under Node's own fetch) with a keep-alive pool per
 * upstream origin, driven through its handler callbacks: the answer's chunks are gathered
 * as they arrive, with no WHATWG Request or Response, no stream and no async iterator
 * between the socket and the client, which reads the whole answer anyway. Node's own
 * ClientRequest and Agent, and undici's `request` (a stream per answer), spent more CPU per
 * call, which the price poll pays on every answer (docs/decisions/053-a-cheaper-price-poll.md).
 */
export function createHttpTransport(): HttpTransport {
  const agent = new Agent({
    connections: MAX_CONNECTIONS,
    keepAliveTimeout: IDLE_SOCKET_MS,
    keepAliveMaxTimeout: IDLE_SOCKET_MS,
  });

  const transport: Transport = (exchange) =>
    new Promise((resolve, reject) => {
      const { cancel, maxBytes } = exchange;
      if (cancel.reason) throw cancel.reason;
      const url = new URL(exchange.url);
      const chunks: Buffer[] = [];
      let size = 0;
      let status = 0;
      let headers: IncomingHttpHeaders = {};
      agent.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: exchange.method,
          headers: exchange.headers,
          body: exchange.body,
          // The attempt's own deadline (its cancel) is the one timeout.
          headersTimeout: 0,
          bodyTimeout: 0,
        },
        {
          onRequestStart(controller) {
            cancel.onCancel((reason) => {
              controller.abort(reason);
            });
          },
          onResponseStart(_controller, statusCode, responseHeaders) {
            status = statusCode;
            headers = responseHeaders;
          },
          onResponseData(controller, chunk) {
            size += chunk.length;
            if (size > maxBytes) controller.abort(new ResponseTooLargeError(maxBytes));
            else chunks.push(chunk);
          },
          onResponseEnd() {
            cancel.onCancel(null);
            resolve({
              status,
              // A header sent twice reads as absent: neither value can be trusted.
              header: (name) => {
                const value = headers[name];
                return typeof value === 'string' ? value : null;
              },
              text: Buffer.concat(chunks, size).toString('utf8'),
            });
          },
          onResponseError(_controller, error) {
            cancel.onCancel(null);
            reject(error);
          },
        },
      );
    });

  return {
    transport,
    close() {
      void agent.destroy();
    },
  };
}

/** The embedded sandbox (or any Hono app) as a transport: called in-process. */
export function inProcessTransport(app: { fetch: FetchHandler }): Transport {
  return async (exchange) => {
    const controller = new AbortController();
    exchange.cancel.onCancel((reason) => {
      controller.abort(reason);
    });
    let bytes: Buffer | null;
    let response: Response;
    try {
      response = await app.fetch(
        new Request(exchange.url, {
          method: exchange.method,
          headers: exchange.headers,
          body: exchange.body,
          signal: controller.signal,
        }),
      );
      bytes = await readCapped(response.body, exchange.maxBytes);
    } finally {
      exchange.cancel.onCancel(null);
    }
    if (bytes === null) throw new ResponseTooLargeError(exchange.maxBytes);
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      text: bytes.toString('utf8'),
    };
  };
}
