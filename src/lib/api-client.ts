// The one API client of the browser: relative /api paths, `language` and
// X-Request-Id on every call, responses parsed with the contract (answer-reading.ts), and a
// typed error carrying status, code and request id. Components never call fetch.
import type { QueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  equalJitterMs,
  isWorthRetrying,
  type CallFailure,
  type ErrorDetail,
  type Language,
} from '../contract/index.ts';
import { routePath, type ApiRoute, type LazyApiRoute } from '../contract/routes.ts';
import type { readAnswer as ReadAnswer } from './answer-reading.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
    readonly details: ErrorDetail[] = [],
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The failure as the contract's retry rule reads it: no answer at all, or a status and code. */
  get failure(): CallFailure {
    return this.code === 'NETWORK_ERROR'
      ? { kind: 'network' }
      : { kind: 'response', status: this.status, code: this.code };
  }

  /**
   * Worth trying again with a growing delay: the contract's rule (docs/api.md, "Error
   * codes"), read as for a call with an Idempotency-Key, since book is the one call that
   * carries one and the only one ever answered 409 IDEMPOTENCY_IN_PROGRESS.
   */
  get retryable(): boolean {
    return isWorthRetrying('idempotent', this.failure);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

let currentLanguage: Language = 'en';
export function setApiLanguage(language: Language): void {
  currentLanguage = language;
}

export function newRequestId(): string {
  return crypto.randomUUID();
}

export interface ApiRequest {
  /** The route's `:name` parameters. */
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The query client the call is made for (a query function's `client`): a page rendered
   * by the server fetches through that render's own transport.
   */
  client?: QueryClient;
}

/**
 * Where the calls of one query client go. The browser's: the page's own origin over
 * fetch, in the page's language. A server render gets one per request (its language,
 * the app's API in-process), so concurrent renders never share one.
 */
export interface ApiTransport {
  origin: string;
  language: Language;
  fetch: (url: URL, init: RequestInit) => Promise<Response>;
}

const transports = new WeakMap<QueryClient, ApiTransport>();

/** The calls made for `client` go through `transport` instead of the browser's fetch. */
export function setClientTransport(client: QueryClient, transport: ApiTransport): void {
  transports.set(client, transport);
}

function browserTransport(): ApiTransport {
  return {
    origin: window.location.origin,
    language: currentLanguage,
    fetch: (u, i) => fetch(u, i),
  };
}

function networkError(error: unknown, requestId: string): ApiError {
  return new ApiError(
    0,
    'NETWORK_ERROR',
    error instanceof Error ? error.message : 'Network error',
    requestId,
  );
}

/**
 * Calls a route of /api (from the contract's route tables: its method, path and answer's
 * schema) and answers the `data` of its envelope, parsed; throws an ApiError otherwise.
 */
export async function apiFetch<T extends z.ZodMiniType>(
  route: ApiRoute<T> | LazyApiRoute<T>,
  request: ApiRequest = {},
): Promise<z.output<T>> {
  // What reads the answer is fetched while the call is on its way: the envelope's reader,
  // and the route's schema, which only a successful answer needs. Either failing to arrive
  // fails the call as a network error.
  const reader = import('./answer-reading.ts');
  const schema = 'answer' in route ? route.answer() : Promise.resolve(route.data);
  reader.catch(() => undefined);
  schema.catch(() => undefined);
  const transport = (request.client && transports.get(request.client)) ?? browserTransport();
  const url = new URL(`/api${routePath(route, request.params)}`, transport.origin);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const requestId = newRequestId();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    language: transport.language,
    'X-Request-Id': requestId,
    ...request.headers,
  };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await transport.fetch(url, {
      method: route.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (request.signal?.aborted)
      throw new ApiError(0, 'ABORTED', 'The request was cancelled', requestId);
    throw networkError(error, requestId);
  }

  const answeredId = response.headers.get('X-Request-Id') ?? requestId;
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(
      response.status,
      'BAD_RESPONSE',
      'The server sent an answer that is not JSON',
      answeredId,
    );
  }

  let readAnswer: typeof ReadAnswer;
  let dataSchema: T | null;
  try {
    ({ readAnswer } = await reader);
    dataSchema = response.ok ? await schema : null;
  } catch (error) {
    throw networkError(error, answeredId);
  }
  return readAnswer(dataSchema, response, json, answeredId);
}

/** The contract's backoff with equal jitter, honouring Retry-After when the server gave one. */
export function retryDelayMs(attempt: number, error: unknown, baseMs = 500, capMs = 8000): number {
  if (isApiError(error) && error.retryAfterMs !== null) return Math.min(error.retryAfterMs, 30_000);
  return equalJitterMs(attempt, baseMs, capMs, Math.random);
}
