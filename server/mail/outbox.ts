// The booking e-mails waiting to go, and their sending: never in the way of the answer
// (the book route hands a job over and answers at once), once per booking and kind (a book
// retried with the same Idempotency-Key hands the same job over and is not sent again),
// and retried with growing delays when SMTP fails, for a bounded time, then given up,
// logged and counted. A job holds no address and no name: the booking is read again from
// the hotel API when it is sent, so what waits here is a reference, a language and a kind.
//
// This outbox is the instance's memory: a job pending when the instance stops is lost, and
// two instances handed the same booking (a retried book that reached another one) each
// send it (docs/reliability.md, "Booking e-mails").
import type { Language } from '../../src/contract/index.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics.ts';
import type { MailKind } from './render.ts';

export interface MailJob {
  kind: MailKind;
  reference: string;
  language: Language;
  /** The shopper's own time zone, when the browser said it with the book. */
  shopperTimeZone: string | null;
}

/** Writes and sends one job's e-mail; throws when SMTP (or the booking's read) failed. */
export type SendJob = (job: MailJob) => Promise<void>;

/** The waits before each retry after a failed send; after the last, the job is given up. */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  5_000, 30_000, 120_000, 600_000, 1_800_000,
];

/** How long a job's key is remembered, so a replayed book sends nothing again. */
const SENT_MEMORY_MS = 24 * 60 * 60_000;
const SENT_MEMORY_ENTRIES = 50_000;

export interface Outbox {
  /** Takes a job over; answers at once, whatever happens to the e-mail. */
  enqueue(job: MailJob): void;
  /** Resolves when no job is being sent or waits for a retry (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
}

/** No e-mails (no SMTP_URL): jobs are dropped. */
export const NO_OUTBOX: Outbox = {
  enqueue: () => undefined,
  idle: () => Promise.resolve(),
  close: () => undefined,
};

/** The IANA time zone a browser sent with its book (the `Time-Zone` header), or null. */
export function shopperTimeZoneOf(header: string | undefined): string | null {
  if (!header || header.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: header }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const jobKey = (job: MailJob) => `${job.kind}:${job.reference}`;

export function createMemoryOutbox({
  send,
  logger,
  metrics,
  retryScheduleMs = DEFAULT_RETRY_SCHEDULE_MS,
  now = Date.now,
}: {
  send: SendJob;
  logger: Logger;
  metrics: Metrics;
  retryScheduleMs?: readonly number[];
  now?: () => number;
}): Outbox {
  /** Keys of the jobs taken over (pending or sent), with when. */
  const taken = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let busy = 0;
  let waiters: (() => void)[] = [];
  let closed = false;

  const settle = () => {
    if (busy > 0 || timers.size > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };

  function remember(key: string): boolean {
    const at = now();
    const seen = taken.get(key);
    if (seen !== undefined && at - seen < SENT_MEMORY_MS) return false;
    taken.delete(key);
    taken.set(key, at);
    if (taken.size > SENT_MEMORY_ENTRIES) {
      const oldest = taken.keys().next().value;
      if (oldest !== undefined) taken.delete(oldest);
    }
    return true;
  }

  async function attempt(job: MailJob, failures: number): Promise<void> {
    busy += 1;
    try {
      await send(job);
      metrics.mail(job.kind, 'sent');
    } catch (error) {
      const wait = retryScheduleMs[failures];
      // The code only: an SMTP server's message may quote the recipient's address.
      const code = (error as { code?: unknown }).code;
      const reason = typeof code === 'string' ? code : 'unknown';
      if (wait === undefined || closed) {
        metrics.mail(job.kind, 'given_up');
        logger.error({ kind: job.kind, attempts: failures + 1, reason }, 'booking e-mail given up');
      } else {
        metrics.mail(job.kind, 'retried');
        logger.warn({ kind: job.kind, retryInMs: wait, reason }, 'booking e-mail failed; retrying');
        const timer = setTimeout(() => {
          timers.delete(timer);
          void attempt(job, failures + 1);
        }, wait);
        timers.add(timer);
      }
    } finally {
      busy -= 1;
      settle();
    }
  }

  return {
    enqueue(job) {
      if (closed) return;
      if (!remember(jobKey(job))) {
        metrics.mail(job.kind, 'duplicate');
        return;
      }
      void attempt(job, 0);
    },
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      }),
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      settle();
    },
  };
}
