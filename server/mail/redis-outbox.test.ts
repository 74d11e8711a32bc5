// Booking e-mails across instances that share a real Redis, to a real SMTP server: a book
// retried through a second instance sends one e-mail, and an instance that stops with an
// e-mail pending leaves it to another, which sends it.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingAccess } from '../booking-access.ts';
import { createMetrics } from '../metrics.ts';
import { bookingClient, bookOne, post } from '../test-support/booking-flow.ts';
import { sandboxForFile } from '../test-support/embedded-stack.ts';
import { startRedis, type RedisServer } from '../test-support/redis-server.ts';
import { memoryLogger } from '../test-support/silent-logger.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../test-support/smtp-catcher.ts';
import { bookingMailer, smtpDelivery, type Deliver } from './mailer.ts';
import { createMemoryOutbox, type Outbox } from './outbox.ts';
import { createRedisOutbox } from './redis-outbox.ts';

const shared = sandboxForFile({ seed: 'mail-redis' });
const access = createBookingAccess(['a-booking-token-secret-for-this-test-only']);
let smtp: SmtpCatcher;
let redisServer: RedisServer;
const clients: Redis[] = [];
const outboxes: Outbox[] = [];

beforeAll(async () => {
  [smtp, redisServer] = await Promise.all([startSmtpCatcher(), startRedis()]);
});
afterAll(async () => {
  for (const outbox of outboxes) outbox.close();
  for (const client of clients) client.disconnect();
  await Promise.all([smtp.stop(), redisServer.stop()]);
});

/** One app server instance: its own Redis connection, outbox and metrics. */
function instance({ deliver, claimIdleMs = 300 }: { deliver?: Deliver; claimIdleMs?: number }) {
  // As the app's shared client: a command fails at once while Redis is away.
  const redis = new Redis(redisServer.url, { maxRetriesPerRequest: 0, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  clients.push(redis);
  const metrics = createMetrics({ processMetrics: false });
  const { logger } = memoryLogger('warn');
  const delivery = smtpDelivery(smtp.url);
  let outbox: Outbox | undefined;
  const client = bookingClient(shared, {
    bookingAccess: access,
    outbox: (upstream) => {
      const send = bookingMailer({
        upstream,
        access,
        deliver: deliver ?? delivery.deliver,
        from: 'Staylane <bookings@staylane.test>',
        publicUrl: () => 'https://book.example.com',
      });
      outbox = createRedisOutbox({
        redis,
        send,
        fallback: createMemoryOutbox({ send, logger, metrics }),
        logger,
        metrics,
        retryScheduleMs: [50, 100],
        pollMs: 40,
        claimIdleMs,
      });
      outboxes.push(outbox);
      return outbox;
    },
  });
  return {
    client,
    metrics,
    outbox: () => {
      if (!outbox) throw new Error('no outbox yet');
      return outbox;
    },
  };
}

const messagesAbout = (reference: string) =>
  smtp.messages.filter((message) => message.subject?.includes(reference));

describe('booking e-mails through Redis', () => {
  it('a book retried through a second instance sends one e-mail', async () => {
    const first = instance({});
    const second = instance({});
    const { booked, request } = await bookOne(first.client, 'redis-mail-1');
    const replay = await second.client.call(
      '/api/hotels/book',
      post(request, { 'Idempotency-Key': 'redis-mail-1' }),
    );
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    const { reference } = booked.body.data;
    await expect.poll(() => messagesAbout(reference).length, { timeout: 10_000 }).toBe(1);
    await first.outbox().idle();
    await second.outbox().idle();
    expect(messagesAbout(reference)).toHaveLength(1);
    expect(await second.metrics.registry.getSingleMetricAsString('staylane_mails_total')).toContain(
      'staylane_mails_total{kind="confirmed",outcome="duplicate"} 1',
    );
    // Stopped: the next test's jobs are for its own instances.
    first.outbox().close();
    second.outbox().close();
  });

  it('a send slower than the claim time stays with the instance sending it', async () => {
    // A slow mail server: each send takes several claim times. Whichever instance takes
    // the job, the other one must not take it over while it is still being sent.
    let sends = 0;
    const slow: Deliver = async (mail) => {
      sends += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await smtpDelivery(smtp.url).deliver(mail);
    };
    const first = instance({ deliver: slow, claimIdleMs: 300 });
    const second = instance({ deliver: slow, claimIdleMs: 300 });
    const { booked } = await bookOne(first.client, 'redis-mail-slow');
    const { reference } = booked.body.data;
    await expect.poll(() => messagesAbout(reference).length, { timeout: 10_000 }).toBe(1);
    await first.outbox().idle();
    await second.outbox().idle();
    expect(sends).toBe(1);
    expect(messagesAbout(reference)).toHaveLength(1);
    first.outbox().close();
    second.outbox().close();
  });

  it('an instance stopped with an e-mail pending: another one sends it', async () => {
    // The first instance takes the job and never finishes sending it (it dies mid-send).
    let taken = 0;
    const dying = instance({
      deliver: () => {
        taken += 1;
        return new Promise<void>(() => undefined);
      },
    });
    const { booked } = await bookOne(dying.client, 'redis-mail-2');
    const { reference } = booked.body.data;
    expect(booked.response.status).toBe(201);
    await expect.poll(() => taken).toBe(1);
    dying.outbox().close();
    expect(messagesAbout(reference)).toEqual([]);

    const survivor = instance({});
    await expect.poll(() => messagesAbout(reference).length, { timeout: 10_000 }).toBe(1);
    await survivor.outbox().idle();
    expect(messagesAbout(reference)).toHaveLength(1);
  });

  it('while Redis is down, the instance sends from its own memory', async () => {
    const alone = instance({});
    await redisServer.kill9();
    try {
      const { booked } = await bookOne(alone.client, 'redis-mail-3');
      expect(booked.response.status).toBe(201);
      await expect
        .poll(() => messagesAbout(booked.body.data.reference).length, { timeout: 15_000 })
        .toBe(1);
    } finally {
      await redisServer.restart();
      alone.outbox().close();
    }
  });
});
