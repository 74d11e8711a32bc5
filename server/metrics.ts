// Prometheus metrics of one app instance, on a registry of its own (several apps run
// in one test process; the default global registry would mix them). Labels are route
// templates, classes and outcomes: never raw paths, ids, addresses or keys.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PageRenderOutcome } from './http/pages.ts';
import type { RateLimitClass } from './http/rate-limit.ts';
import type { RedisState } from './shared-store.ts';
import type { UpstreamObserver } from './upstream/observer.ts';

export type UpstreamState = 'ok' | 'failing' | 'unknown';

export type BookingLookupOutcome = 'found' | 'unknown_reference' | 'wrong_details';

export interface Metrics {
  readonly registry: Registry;
  readonly upstream: UpstreamObserver;
  request(route: string, method: string, status: number, seconds: number): void;
  rateLimited(rateClass: RateLimitClass): void;
  pricePoll(status: string): void;
  booking(outcome: string): void;
  /**
   * A booking look-up or cancel that reached the hotel API: found, an unknown reference,
   * or wrong details for one that exists (with how many that reference had this hour).
   */
  bookingLookup(outcome: BookingLookupOutcome, wrongAttemptsOnReference?: number): void;
  /** A page the server would render: refused by the page limit, or shed to the plain shell. */
  pageRender(outcome: PageRenderOutcome): void;
  setRedisState(state: RedisState): void;
  /** A booking e-mail: sent, retried after an SMTP failure, given up, or a duplicate not sent. */
  mail(kind: string, outcome: MailOutcome): void;
  /** From the last upstream attempts: failing when the recent ones all failed. */
  upstreamState(): UpstreamState;
}

export type MailOutcome = 'sent' | 'retried' | 'given_up' | 'duplicate';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const RECENT_ATTEMPTS = 5;

export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers });

  const requests = counter(
    'staylane_http_requests_total',
    'Requests answered, by route template, method and status.',
    ['route', 'method', 'status'],
  );
  const duration = new Histogram({
    name: 'staylane_http_request_duration_seconds',
    help: 'Time to answer, by route template.',
    labelNames: ['route', 'method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    registers,
  });
  const upstreamAttempts = counter(
    'staylane_upstream_attempts_total',
    'Calls to the hotel API, by endpoint, outcome and attempt number.',
    ['endpoint', 'outcome', 'attempt'],
  );
  const retries = counter(
    'staylane_upstream_retries_total',
    'Upstream attempts retried, by endpoint.',
    ['endpoint'],
  );
  const limited = counter(
    'staylane_rate_limited_total',
    'Requests refused 429 by our own limits, by class.',
    ['class'],
  );
  const polls = counter(
    'staylane_price_polls_total',
    'Price polls answered, by refresh status (or error).',
    ['status'],
  );
  const mails = counter(
    'staylane_mails_total',
    'Booking e-mails by kind (confirmed, cancelled) and outcome (sent, retried, given_up, duplicate); never by address.',
    ['kind', 'outcome'],
  );
  const bookings = counter(
    'staylane_bookings_total',
    'Book requests, by outcome (booked, replayed, or the error code).',
    ['outcome'],
  );
  const lookups = counter(
    'staylane_booking_lookups_total',
    'Booking look-ups and cancels answered by the hotel API, by outcome (found, unknown_reference, wrong_details).',
    ['outcome'],
  );
  const wrongAttempts = new Histogram({
    name: 'staylane_booking_lookup_wrong_attempts_per_reference',
    help: 'At each wrong look-up of an existing reference, how many wrong ones that reference had in the last hour.',
    buckets: [1, 2, 3, 5, 10, 20, 50, 100],
    registers,
  });
  const pages = counter(
    'staylane_page_renders_total',
    'Pages asked of the server, by how they went out: rendered, redirected (a search form sent without script), shell (not a page the server renders), shed (the plain shell: too many renders in flight), failed (the plain shell after a failed render).',
    ['outcome'],
  );
  const redisUp = new Gauge({
    name: 'staylane_redis_up',
    help: '1 while rate limits are shared through Redis, 0 while counted per instance, -1 without Redis.',
    registers,
  });
  redisUp.set(-1);

  const recent: boolean[] = [];
  return {
    registry,
    upstream: {
      attempt(endpoint, attempt, outcome) {
        upstreamAttempts.inc({ endpoint, outcome, attempt: String(Math.min(attempt, 9)) });
        recent.push(outcome === '2xx' || outcome === '4xx' || outcome === '429');
        if (recent.length > RECENT_ATTEMPTS) recent.shift();
      },
      retry(endpoint) {
        retries.inc({ endpoint });
      },
    },
    request(route, method, status, seconds) {
      const m = KNOWN_METHODS.has(method) ? method : 'other';
      requests.inc({ route, method: m, status: String(status) });
      duration.observe({ route, method: m }, seconds);
    },
    rateLimited(rateClass) {
      limited.inc({ class: rateClass });
    },
    pricePoll(status) {
      polls.inc({ status });
    },
    booking(outcome) {
      bookings.inc({ outcome });
    },
    bookingLookup(outcome, wrongAttemptsOnReference) {
      lookups.inc({ outcome });
      if (wrongAttemptsOnReference !== undefined) wrongAttempts.observe(wrongAttemptsOnReference);
    },
    pageRender(outcome) {
      pages.inc({ outcome });
    },
    mail(kind, outcome) {
      mails.inc({ kind, outcome });
    },
    setRedisState(state) {
      redisUp.set(state === 'up' ? 1 : state === 'down' ? 0 : -1);
    },
    upstreamState() {
      if (recent.length === 0) return 'unknown';
      return recent.some(Boolean) ? 'ok' : 'failing';
    },
  };
}
