// How the upstream client reaches the hotel API. A transport takes an exchange in plain
// values and answers the whole body as text: a remote base URL goes through undici's
// keep-alive pool, the embedded sandbox is its Hono app's fetch (in-process, no socket).
// Plain values rather than web Request/Response: building and reading those objects
// cost more than the rest of a proxied price poll (docs/decisions/040-running-at-scale.md).
import { Agent, type Dispatcher } from 'undici';
import { readCapped } from '../shared/read-capped.ts';

/** One request to the hotel API, as the upstream client sends it. */
export interface UpstreamExchange {
  method: string;
  url: string;
  headers: Readonly<Record<string, string>>;
  /** The JSON body, serialized once by the client. */
  body: string | undefined;
  /** Aborted when the attempt runs out of time. */
  signal: AbortSignal;
  /** A larger answer is refused (a runaway upstream must not exhaust memory). */
  maxBytes: number;
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
 * upstream origin, called through its plain `request` API rather than fetch: no WHATWG
 * Request, Response or streams are built, and it spends less CPU per call than node:http's
 * ClientRequest and Agent, which the price poll pays on every answer
 * (docs/decisions/053-a-cheaper-price-poll.md).
 */
export function createHttpTransport(): HttpTransport {
  const agent = new Agent({
    connections: MAX_CONNECTIONS,
    keepAliveTimeout: IDLE_SOCKET_MS,
    // An upstream's Keep-Alive hint may shorten the idle time, never lengthen it past ours.
    keepAliveMaxTimeout: IDLE_SOCKET_MS,
  });

  const transport: Transport = async (exchange) => {
    const { signal } = exchange;
    signal.throwIfAborted();
    const url = new URL(exchange.url);
    const answer = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: exchange.method,
      headers: exchange.headers,
      body: exchange.body,
      signal,
      // The attempt's own deadline (the signal) is the one timeout.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    return readBody(answer, exchange.maxBytes);
  };

  return {
    transport,
    close() {
      void agent.destroy();
    },
  };
}

/** Buffers the answer (the client parses all of it anyway), refusing one over the cap. */
async function readBody(answer: Dispatcher.ResponseData, limit: number): Promise<UpstreamAnswer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Leaving the loop destroys the body and with it the connection: the rest is never read.
    if (size > limit) throw new ResponseTooLargeError(limit);
    chunks.push(chunk);
  }
  // Repeated headers arrive as a list (set-cookie aside, the API never sends any).
  const headers = answer.headers;
  return {
    status: answer.statusCode,
    header: (name) => {
      const value = headers[name];
      return typeof value === 'string' ? value : null;
    },
    text: Buffer.concat(chunks, size).toString('utf8'),
  };
}

/** The embedded sandbox (or any Hono app) as a transport: called in-process. */
export function inProcessTransport(app: { fetch: FetchHandler }): Transport {
  return async (exchange) => {
    const response = await app.fetch(
      new Request(exchange.url, {
        method: exchange.method,
        headers: exchange.headers,
        body: exchange.body,
        signal: exchange.signal,
      }),
    );
    const bytes = await readCapped(response.body, exchange.maxBytes);
    if (bytes === null) throw new ResponseTooLargeError(exchange.maxBytes);
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      text: bytes.toString('utf8'),
    };
  };
}
