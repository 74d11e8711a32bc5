// The booking e-mails' outbox shared by every instance through Redis: a job is taken once
// per booking and kind (SET NX, so a book retried through another instance hands over
// nothing new), then kept in a stream read by one consumer group. An instance reads new
// jobs, sends them, and acknowledges and deletes each once sent or given up; a job whose
// sending fails waits in its pending list for the next try, and the instance keeps
// claiming it while it waits. An instance that stops (drained, or dead) leaves its jobs
// pending: once they have been idle for `claimIdleMs`, another instance claims and sends them.
//
// While Redis cannot be reached, jobs go to the instance's memory outbox instead
// (docs/reliability.md, "Booking e-mails").
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics.ts';
import { DEFAULT_RETRY_SCHEDULE_MS, type MailJob, type Outbox, type SendJob } from './outbox.ts';

const STREAM = 'staylane:mail:jobs';
const GROUP = 'mailers';
const TAKEN = 'staylane:mail:taken:';
/** How long a job's key is remembered, so a replayed book sends nothing again. */
const TAKEN_TTL_S = 24 * 60 * 60;
/** Jobs an instance holds at once (being sent or waiting for a retry); more wait in Redis. */
const MAX_HELD = 20;

type StreamEntry = [id: string, fields: string[]];

interface Held {
  job: MailJob;
  failures: number;
  /** When to try again (ms since the epoch); 0 while being sent. */
  nextAt: number;
}

export function createRedisOutbox({
  redis,
  send,
  fallback,
  logger,
  metrics,
  retryScheduleMs = DEFAULT_RETRY_SCHEDULE_MS,
  pollMs = 1_000,
  claimIdleMs = 60_000,
  now = Date.now,
}: {
  redis: Redis;
  send: SendJob;
  /** Where jobs go while Redis cannot be reached. */
  fallback: Outbox;
  logger: Logger;
  metrics: Metrics;
  retryScheduleMs?: readonly number[];
  /** How often the stream is read. */
  pollMs?: number;
  /** How long another instance's job may sit unacknowledged before it is taken over. */
  claimIdleMs?: number;
  now?: () => number;
}): Outbox {
  const consumer = randomUUID();
  /** The jobs this instance holds, by stream id. */
  const held = new Map<string, Held>();
  let closed = false;
  let groupReady: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<void> = Promise.resolve();

  const ensureGroup = () => {
    groupReady ??= redis
      .xgroup('CREATE', STREAM, GROUP, '0', 'MKSTREAM')
      .then(() => undefined)
      .catch((error: unknown) => {
        if (error instanceof Error && error.message.includes('BUSYGROUP')) return;
        groupReady = null;
        throw error;
      });
    return groupReady;
  };

  const jobOf = (fields: string[]): MailJob | null => {
    const at = fields.indexOf('job');
    try {
      return at >= 0 ? (JSON.parse(fields[at + 1] ?? '') as MailJob) : null;
    } catch {
      return null;
    }
  };

  async function finish(id: string): Promise<void> {
    held.delete(id);
    await redis.multi().xack(STREAM, GROUP, id).xdel(STREAM, id).exec();
  }

  async function attempt(id: string, entry: Held): Promise<void> {
    entry.nextAt = 0;
    try {
      await send(entry.job);
      metrics.mail(entry.job.kind, 'sent');
      await finish(id);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const reason = typeof code === 'string' ? code : 'unknown';
      const wait = retryScheduleMs[entry.failures];
      entry.failures += 1;
      if (wait === undefined) {
        metrics.mail(entry.job.kind, 'given_up');
        logger.error(
          { kind: entry.job.kind, attempts: entry.failures, reason },
          'booking e-mail given up',
        );
        await finish(id).catch(() => undefined);
      } else {
        metrics.mail(entry.job.kind, 'retried');
        logger.warn(
          { kind: entry.job.kind, retryInMs: wait, reason },
          'booking e-mail failed; retrying',
        );
        entry.nextAt = now() + wait;
      }
    }
  }

  function take(entries: StreamEntry[]): void {
    for (const [id, fields] of entries) {
      if (held.has(id)) continue;
      const job = jobOf(fields);
      if (!job) {
        void finish(id).catch(() => undefined);
        continue;
      }
      const entry: Held = { job, failures: 0, nextAt: now() };
      held.set(id, entry);
    }
  }

  async function poll(): Promise<void> {
    await ensureGroup();
    if (held.size < MAX_HELD) {
      // Jobs another instance left: idle past the claim time.
      const claimed = (await redis.xautoclaim(
        STREAM,
        GROUP,
        consumer,
        claimIdleMs,
        '0-0',
        'COUNT',
        MAX_HELD - held.size,
      )) as [string, StreamEntry[]];
      take(claimed[1]);
    }
    if (held.size < MAX_HELD) {
      const fresh = (await redis.xreadgroup(
        'GROUP',
        GROUP,
        consumer,
        'COUNT',
        MAX_HELD - held.size,
        'STREAMS',
        STREAM,
        '>',
      )) as [string, StreamEntry[]][] | null;
      for (const [, entries] of fresh ?? []) take(entries);
    }
    // Still ours, whether being sent or waiting for the next try: their idle time is reset
    // on every read. A send is not awaited here, so the reads go on while a slow mail
    // server holds one longer than the claim time, and no other instance takes it over and
    // sends it a second time.
    if (held.size > 0) await redis.xclaim(STREAM, GROUP, consumer, 0, ...held.keys(), 'JUSTID');
    for (const [id, entry] of held) {
      if (entry.nextAt === 0 || entry.nextAt > now()) continue;
      void attempt(id, entry);
    }
  }

  // Said once when reading starts failing and once when it works again, not every poll.
  let unreadable = false;
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      polling = poll()
        .then(() => {
          if (unreadable) logger.info('booking e-mails: Redis read again');
          unreadable = false;
        })
        .catch((error: unknown) => {
          if (!unreadable) {
            logger.warn(
              { reason: error instanceof Error ? error.name : 'unknown' },
              'booking e-mails: Redis not read; pending e-mails wait there',
            );
          }
          unreadable = true;
        })
        .finally(schedule);
    }, pollMs);
  };
  schedule();

  return {
    enqueue(job) {
      if (closed) return;
      const key = `${TAKEN}${job.kind}:${job.reference}`;
      redis
        .set(key, consumer, 'EX', TAKEN_TTL_S, 'NX')
        .then(async (taken) => {
          if (taken === null) {
            metrics.mail(job.kind, 'duplicate');
            return;
          }
          await ensureGroup();
          await redis.xadd(STREAM, '*', 'job', JSON.stringify(job));
        })
        .catch(() => {
          // Redis away: this instance sends it (and cannot tell whether another one will).
          fallback.enqueue(job);
        });
    },
    idle: async () => {
      for (;;) {
        await polling;
        if (closed) return;
        await ensureGroup();
        const pending = (await redis.xpending(STREAM, GROUP)) as [number, ...unknown[]];
        const length = await redis.xlen(STREAM);
        if (pending[0] === 0 && length === 0) return fallback.idle();
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      // What this instance holds stays pending in Redis: another instance claims it.
      held.clear();
      fallback.close();
    },
  };
}
