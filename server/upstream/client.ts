// The one client of the hotel API. Everything the app server sends upstream goes through
// `call`: the key, the forwarded headers (and nothing else of the browser's), the
// retries, the time budget (docs/api.md, "Retries and time budgets"), and the parsing of
// every answer with the contract's schemas, so a broken upstream answer is a clean 502.
import type * as z from 'zod/mini';
import {
  SANDBOX_SHOPPER_HEADER,
  parseRetryAfterMs,
  ENDPOINTS,
  ERROR_STATUS,
  ErrorEnvelopeSchema,
  SUPPORTED_LANGUAGES,
  isErrorCode,
  isWorthRetrying,
  successEnvelopeSchema,
  type EndpointName,
  type ErrorDetail,
  type Language,
} from '../../src/contract/index.ts';
import type { Logger } from '../logger.ts';
import {
  DEFAULT_RETRY,
  backoffDelayMs,
  systemClock,
  type RetrySettings,
  type UpstreamClock,
} from './retry.ts';
import { answerCheck, type AnswerCheck } from './answer-check.ts';
import { statusClass, type UpstreamObserver } from './observer.ts';
import {
  AttemptCancel,
  ResponseTooLargeError,
  type Transport,
  type UpstreamAnswer,
} from './transport.ts';

export interface UpstreamTimeouts {
  /** Budget of a call, all attempts and waits included. */
  defaultMs: number;
  /** Budget of a search with pricing_mode live, which may wait ~15 s upstream. */
  liveSearchMs: number;
}

export const DEFAULT_TIMEOUTS: UpstreamTimeouts = { defaultMs: 10_000, liveSearchMs: 20_000 };

export interface UpstreamClientOptions {
  /** `https://api.example.com/v1`, or any origin for an in-process transport. */
  baseUrl: string;
  transport: Transport;
  /** Read for every attempt, so a rotated key is used from the next attempt on. */
  apiKey: () => string;
  logger: Logger;
  clock?: UpstreamClock;
  retry?: Partial<RetrySettings>;
  timeouts?: Partial<UpstreamTimeouts>;
  /** Larger answers are a broken upstream (502). */
  maxResponseBytes?: number;
  /** Told of every attempt and retry (metrics). */
  observer?: UpstreamObserver;
}

export interface UpstreamRequest {
  /** Path parameters, already validated by the route; encoded here. */
  params?: Readonly<Record<string, string | number>>;
  /** Query parameters, already validated and normalized by the route. */
  query?: Readonly<Record<string, string | number | undefined>>;
  /** JSON body, already validated; serialized once so every attempt sends the same bytes. */
  body?: unknown;
  requestId: string;
  language: Language;
  /** POST /hotels/book only. */
  idempotencyKey?: string;
  /** Sandbox mode only (the app sets it there alone): the opaque shopper id. */
  shopper?: string;
  /** A search with pricing_mode live gets the longer budget. */
  live?: boolean;
  /** Replaces the endpoint's data schema (a search with `fields` has sparse hotel items). */
  dataSchema?: z.ZodMiniType;
}

type EndpointData<E extends EndpointName> = z.output<(typeof ENDPOINTS)[E]['data']>;

export interface UpstreamSuccess<T> {
  ok: true;
  status: number;
  message: string;
  data: T;
  /** The language the upstream says it answered in, when it is one we support. */
  contentLanguage: Language | null;
  /** Idempotent-Replayed: true (a book answered from the idempotency record). */
  replayed: boolean;
  attempts: number;
}

export interface UpstreamFailure {
  ok: false;
  status: number;
  /** A contract code, or a newer upstream code passed through as is. */
  code: string;
  message: string;
  details: ErrorDetail[];
  /** Seconds, for a Retry-After header on 429/503. */
  retryAfterS: number | null;
  /** Idempotent-Replayed: true (a book's 409/410 answered again from its idempotency record). */
  replayed?: boolean;
  attempts: number;
}

export type UpstreamResult<T> = UpstreamSuccess<T> | UpstreamFailure;

export interface UpstreamClient {
  call<E extends EndpointName>(
    endpoint: E,
    request: UpstreamRequest,
  ): Promise<UpstreamResult<EndpointData<E>>>;
  readonly timeouts: UpstreamTimeouts;
}

/** One attempt, as the retry loop sees it. */
type Attempt =
  | ({ kind: 'response' } & UpstreamAnswer)
  | { kind: 'network'; error: string }
  | { kind: 'too-large' }
  | { kind: 'timeout' };

class AttemptTimedOut extends Error {}

const CODE_PATTERN = /^[A-Z][A-Z0-9_]{1,63}$/;
const MAX_MESSAGE = 300;
const MAX_DETAILS = 50;
/** Upstream error codes that mean our request or configuration is wrong, not the browser's. */
const OUR_FAULT_CODES: ReadonlySet<string> = new Set([
  'UNAUTHORIZED',
  'NOT_FOUND',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
]);

const successChecks = new Map<z.ZodMiniType, AnswerCheck>();
function successCheckFor(data: z.ZodMiniType): AnswerCheck {
  let check = successChecks.get(data);
  if (!check) {
    check = answerCheck(successEnvelopeSchema(data));
    successChecks.set(data, check);
  }
  return check;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `/hotels/:hotel_id/content` + {hotel_id: 12} → `/hotels/12/content`, each value one encoded segment. */
export function buildPath(
  pattern: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return pattern.replace(/:([a-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    const text = value === undefined ? '' : String(value);
    if (text === '' || text === '.' || text === '..') {
      throw new Error(`Path parameter ${name} is missing or not a segment`);
    }
    return encodeURIComponent(text);
  });
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const clock = options.clock ?? systemClock;
  const retry: RetrySettings = { ...DEFAULT_RETRY, ...options.retry };
  const timeouts: UpstreamTimeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const maxResponseBytes = options.maxResponseBytes ?? 8 * 1024 * 1024;
  const logger = options.logger;

  async function attemptOnce(
    url: string,
    init: { method: string; headers: Record<string, string>; body: string | undefined },
    timeoutMs: number,
  ): Promise<Attempt> {
    const cancel = new AttemptCancel();
    let timedOut: (reason: AttemptTimedOut) => void = () => undefined;
    const timedOutPromise = new Promise<never>((_resolve, reject) => {
      timedOut = reject;
    });
    const cancelTimer = clock.setTimer(timeoutMs, () => {
      const reason = new AttemptTimedOut();
      cancel.cancel(reason);
      timedOut(reason);
    });
    try {
      // Raced against the timer: an app called in-process may not watch its request's signal.
      const answer = await Promise.race([
        options.transport({ url, ...init, cancel, maxBytes: maxResponseBytes }),
        timedOutPromise,
      ]);
      return { kind: 'response', ...answer };
    } catch (error) {
      if (cancel.reason || error instanceof AttemptTimedOut) return { kind: 'timeout' };
      if (error instanceof ResponseTooLargeError) return { kind: 'too-large' };
      return { kind: 'network', error: error instanceof Error ? error.name : 'unknown' };
    } finally {
      cancelTimer();
    }
  }

  function errorCodeOf(attempt: Attempt): string | null {
    if (attempt.kind !== 'response' || attempt.status < 400) return null;
    try {
      const parsed = ErrorEnvelopeSchema.safeParse(JSON.parse(attempt.text));
      return parsed.success ? parsed.data.error.code : null;
    } catch {
      return null;
    }
  }

  return {
    timeouts,
    async call<E extends EndpointName>(
      endpoint: E,
      request: UpstreamRequest,
    ): Promise<UpstreamResult<EndpointData<E>>> {
      const spec = ENDPOINTS[endpoint];
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(request.query ?? {})) {
        if (value !== undefined) query.set(name, String(value));
      }
      const search = query.size > 0 ? `?${query.toString()}` : '';
      const url = `${options.baseUrl}${buildPath(spec.path, request.params)}${search}`;
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const budgetMs = request.live ? timeouts.liveSearchMs : timeouts.defaultMs;
      const deadline = clock.now() + budgetMs;
      const log = { endpoint, request_id: request.requestId };

      for (let attempts = 1; ; attempts++) {
        // Headers are built from scratch: nothing of the browser's request is copied.
        const headers: Record<string, string> = {
          accept: 'application/json',
          'x-api-key': options.apiKey(),
          language: request.language,
          'x-request-id': request.requestId,
        };
        if (body !== undefined) headers['content-type'] = 'application/json';
        if (request.idempotencyKey !== undefined) {
          headers['idempotency-key'] = request.idempotencyKey;
        }
        if (request.shopper !== undefined) headers[SANDBOX_SHOPPER_HEADER] = request.shopper;

        const remaining = deadline - clock.now();
        const attempt =
          remaining > 0
            ? await attemptOnce(url, { method: spec.method, headers, body }, remaining)
            : ({ kind: 'timeout' } as const);

        options.observer?.attempt(
          endpoint,
          attempts,
          attempt.kind === 'response'
            ? statusClass(attempt.status)
            : attempt.kind === 'too-large'
              ? 'too_large'
              : attempt.kind,
        );
        if (attempt.kind === 'timeout') {
          logger.warn({ ...log, attempts }, 'upstream call ran out of time');
          return failure('UPSTREAM_TIMEOUT', 504, attempts);
        }
        if (attempt.kind === 'too-large') {
          logger.error({ ...log, attempts }, 'upstream answer too large');
          return failure('UPSTREAM_UNAVAILABLE', 502, attempts);
        }

        const outcome =
          attempt.kind === 'network'
            ? ({ kind: 'network' } as const)
            : ({ kind: 'response', status: attempt.status, code: errorCodeOf(attempt) } as const);
        const retryAfterMs =
          attempt.kind === 'response'
            ? parseRetryAfterMs(attempt.header('retry-after'), clock.now())
            : null;

        if (attempts < retry.maxAttempts && isWorthRetrying(spec.retry, outcome)) {
          const delay = backoffDelayMs(attempts, retry, () => clock.random(), retryAfterMs);
          // Only wait if a next attempt can still start within the budget.
          if (clock.now() + delay < deadline) {
            logger.warn(
              {
                ...log,
                attempt: attempts,
                status: outcome.kind === 'response' ? outcome.status : undefined,
                code: outcome.kind === 'response' ? outcome.code : undefined,
                error: attempt.kind === 'network' ? attempt.error : undefined,
                retry_in_ms: delay,
              },
              'upstream attempt failed; retrying',
            );
            options.observer?.retry(endpoint);
            await clock.sleep(delay);
            continue;
          }
        }

        if (attempt.kind === 'network') {
          logger.error({ ...log, attempts, error: attempt.error }, 'upstream unreachable');
          return failure('UPSTREAM_UNAVAILABLE', 502, attempts);
        }
        return interpret(attempt, attempts, retryAfterMs, request.dataSchema ?? spec.data, log);
      }
    },
  };

  function failure(
    code: 'UPSTREAM_TIMEOUT' | 'UPSTREAM_UNAVAILABLE' | 'RATE_LIMITED',
    status: number,
    attempts: number,
    retryAfterS: number | null = null,
  ): UpstreamFailure {
    const message =
      code === 'UPSTREAM_TIMEOUT'
        ? 'The hotel service took too long to answer; try again'
        : code === 'RATE_LIMITED'
          ? 'The hotel service is busy; try again shortly'
          : 'The hotel service is not answering properly; try again shortly';
    return { ok: false, status, code, message, details: [], retryAfterS, attempts };
  }

  function interpret(
    attempt: Extract<Attempt, { kind: 'response' }>,
    attempts: number,
    retryAfterMs: number | null,
    dataSchema: z.ZodMiniType,
    log: Record<string, unknown>,
  ): UpstreamResult<never> {
    const { status } = attempt;
    let json: unknown;
    try {
      json = JSON.parse(attempt.text);
    } catch {
      json = undefined;
    }

    if (status >= 200 && status < 300) {
      const checked = successCheckFor(dataSchema)(json);
      if (!checked.ok) {
        logger.error(
          { ...log, status, problems: checked.problems.slice(0, 5) },
          'upstream answer broke the contract',
        );
        return failure('UPSTREAM_UNAVAILABLE', 502, attempts);
      }
      const envelope = checked.value as { message: string; data: never };
      const language = attempt.header('content-language');
      return {
        ok: true,
        status,
        message: clip(envelope.message, MAX_MESSAGE),
        data: envelope.data,
        contentLanguage: (SUPPORTED_LANGUAGES as readonly (string | null)[]).includes(language)
          ? (language as Language)
          : null,
        replayed: attempt.header('idempotent-replayed') === 'true',
        attempts,
      };
    }

    const retryAfterS = retryAfterMs === null ? null : Math.max(1, Math.ceil(retryAfterMs / 1000));
    if (status === 429) return failure('RATE_LIMITED', 429, attempts, retryAfterS ?? 1);
    if (status === 504) return failure('UPSTREAM_TIMEOUT', 504, attempts);
    if (status >= 500) {
      logger.error({ ...log, status, attempts }, 'upstream failed');
      return failure('UPSTREAM_UNAVAILABLE', 502, attempts, status === 503 ? retryAfterS : null);
    }

    const envelope = ErrorEnvelopeSchema.safeParse(json);
    const code = envelope.success ? envelope.data.error.code : null;
    if (status === 401 || status === 403) {
      logger.error({ ...log, status }, 'the hotel API refused the key');
      return failure('UPSTREAM_UNAVAILABLE', 502, attempts);
    }
    if (
      !envelope.success ||
      code === null ||
      !CODE_PATTERN.test(code) ||
      OUR_FAULT_CODES.has(code) ||
      (isErrorCode(code) && ERROR_STATUS[code] !== status) ||
      status < 400
    ) {
      logger.error({ ...log, status, code }, 'upstream error answer not usable');
      return failure('UPSTREAM_UNAVAILABLE', 502, attempts);
    }
    // Only the contract's fields are passed on, clipped: never upstream internals.
    return {
      ok: false,
      status,
      code,
      message: clip(envelope.data.message, MAX_MESSAGE),
      details: envelope.data.error.details.slice(0, MAX_DETAILS).map((detail) => ({
        field: clip(detail.field, 200),
        message: clip(detail.message, MAX_MESSAGE),
      })),
      retryAfterS: null,
      ...(attempt.header('idempotent-replayed') === 'true' ? { replayed: true } : {}),
      attempts,
    };
  }
}
