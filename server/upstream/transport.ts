// How the upstream client reaches the hotel API. A transport is a plain
// `(Request) => Promise<Response>`: the embedded sandbox is its Hono app's fetch
// (in-process, no socket), a remote base URL goes over keep-alive HTTP.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export type Transport = (request: Request) => Promise<Response>;

/**
 * The HTTP transport has the whole answer in a Buffer already; it hands it over
 * beside the Response so the client need not read it back through a web stream
 * (the hot path of every proxied request). Other transports do not set it.
 */
const BUFFERED_BODY = Symbol('bufferedBody');

export function bufferedBodyOf(response: Response): Buffer | undefined {
  return (response as Response & { [BUFFERED_BODY]?: Buffer })[BUFFERED_BODY];
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
  /** Larger answers are refused (a runaway upstream must not exhaust memory). */
  maxResponseBytes?: number;
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
  const maxResponseBytes = options.maxResponseBytes ?? 8 * 1024 * 1024;
  const httpAgent = new HttpAgent(agentOptions);
  const httpsAgent = new HttpsAgent(agentOptions);

  const transport: Transport = async (request) => {
    const url = new URL(request.url);
    const secure = url.protocol === 'https:';
    const body = request.body === null ? null : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (body) headers['content-length'] = String(body.length);

    return new Promise<Response>((resolve, reject) => {
      const signal = request.signal;
      if (signal.aborted) {
        reject(signal.reason as Error);
        return;
      }
      const outgoing = (secure ? httpsRequest : httpRequest)(
        url,
        { method: request.method, headers, agent: secure ? httpsAgent : httpAgent, signal },
        (incoming) => {
          readIncoming(incoming, maxResponseBytes).then(resolve, reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body ?? undefined);
    });
  };

  return {
    transport,
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

export class ResponseTooLargeError extends Error {
  constructor(limit: number) {
    super(`The upstream answer is larger than ${limit} bytes`);
    this.name = 'ResponseTooLargeError';
  }
}

/**
 * Buffers the answer (the client parses all of it anyway; a Buffer-backed Response
 * is cheaper than a stream) and refuses one larger than the cap.
 */
function readIncoming(incoming: IncomingMessage, limit: number): Promise<Response> {
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
      const headers = new Headers();
      for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
        headers.append(incoming.rawHeaders[i] ?? '', incoming.rawHeaders[i + 1] ?? '');
      }
      const status = incoming.statusCode ?? 502;
      const noBody = status === 204 || status === 304 || status < 200;
      const body = Buffer.concat(chunks, size);
      const response = new Response(noBody ? null : body, { status, headers });
      if (!noBody) Object.defineProperty(response, BUFFERED_BODY, { value: body });
      resolve(response);
    });
  });
}

/** The embedded sandbox (or any Hono app) as a transport: called in-process. */
export function inProcessTransport(app: {
  fetch: (request: Request) => Response | Promise<Response>;
}): Transport {
  return async (request) => app.fetch(request);
}
