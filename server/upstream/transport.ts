// How the upstream client reaches the hotel API. A transport takes an exchange in plain
// values and answers the whole body as text: a remote base URL goes over keep-alive
// node:http(s), the embedded sandbox is its Hono app's fetch (in-process, no socket).
// Plain values rather than web Request/Response: building and reading those objects
// cost more than the rest of a proxied price poll (docs/decisions/040-running-at-scale.md).
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
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

export interface HttpTransportOptions {
  /** Sockets per upstream host; requests beyond it queue in the agent. */
  maxSockets?: number;
  /** Idle sockets kept open for reuse. */
  maxFreeSockets?: number;
  /** How long an idle pooled socket stays open, below typical upstream idle timeouts (5 s+). */
  freeSocketTimeoutMs?: number;
}

/**
 * node:http(s) with a keep-alive Agent rather than the global fetch: it needs no
 * extra dependency to tune the pool (undici's Agent is not importable without the
 * `undici` package), and it costs less per request than fetch's WHATWG streams
 * (docs/decisions/004-app-server.md).
 */
export function createHttpTransport(options: HttpTransportOptions = {}): HttpTransport {
  const agentOptions = {
    keepAlive: true,
    maxSockets: options.maxSockets ?? 64,
    maxFreeSockets: options.maxFreeSockets ?? 16,
    timeout: options.freeSocketTimeoutMs ?? 4_000,
    scheduling: 'lifo' as const,
  };
  const httpAgent = new HttpAgent(agentOptions);
  const httpsAgent = new HttpsAgent(agentOptions);

  const transport: Transport = (exchange) =>
    new Promise((resolve, reject) => {
      const { signal } = exchange;
      if (signal.aborted) {
        reject(signal.reason as Error);
        return;
      }
      const secure = exchange.url.startsWith('https:');
      const headers =
        exchange.body === undefined
          ? exchange.headers
          : { ...exchange.headers, 'content-length': String(Buffer.byteLength(exchange.body)) };
      const outgoing = (secure ? httpsRequest : httpRequest)(
        exchange.url,
        { method: exchange.method, headers, agent: secure ? httpsAgent : httpAgent, signal },
        (incoming) => {
          readIncoming(incoming, exchange.maxBytes).then(resolve, reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(exchange.body);
    });

  return {
    transport,
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

/** Buffers the answer (the client parses all of it anyway), refusing one over the cap. */
function readIncoming(incoming: IncomingMessage, limit: number): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new ResponseTooLargeError(limit));
        incoming.destroy();
        return;
      }
      chunks.push(chunk);
    });
    incoming.on('error', reject);
    incoming.on('aborted', () => {
      reject(new Error('The upstream connection closed mid-answer'));
    });
    incoming.on('end', () => {
      // Node joins repeated headers with ", " (set-cookie aside, which the API never sends).
      const headers = incoming.headers;
      resolve({
        status: incoming.statusCode ?? 502,
        header: (name) => {
          const value = headers[name];
          return typeof value === 'string' ? value : null;
        },
        text: Buffer.concat(chunks, size).toString('utf8'),
      });
    });
  });
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
