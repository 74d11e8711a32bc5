// Booking e-mails through the app server over the real sandbox, sent to a real SMTP server:
// what the holder receives (both parts, the calendar file, the manage link), once per
// booking, in the shopper's language, never in the way of the book answer, and sent once
// SMTP comes back within the retry window.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type HeldBooking } from '../../src/contract/index.ts';
import { createBookingAccess } from '../booking-access.ts';
import { createMetrics } from '../metrics.ts';
import { bookingClient, bookOne, HOLDER, post } from '../test-support/booking-flow.ts';
import { sandboxForFile } from '../test-support/embedded-stack.ts';
import { memoryLogger } from '../test-support/silent-logger.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../test-support/smtp-catcher.ts';
import { bookingMailer, smtpDelivery } from './mailer.ts';
import { createMemoryOutbox, type Outbox } from './outbox.ts';

const shared = sandboxForFile({ seed: 'mail' });
const PUBLIC_URL = 'https://book.example.com';
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp.stop();
});

/** The app with e-mails on, through the catcher; `retryScheduleMs` short for the tests. */
function withMail(retryScheduleMs: readonly number[] = [50, 100, 200, 400, 800, 1600]) {
  const access = createBookingAccess(['a-booking-token-secret-for-this-test-only']);
  const delivery = smtpDelivery(smtp.url);
  const metrics = createMetrics({ processMetrics: false });
  const { logger, lines } = memoryLogger('debug');
  let outbox: Outbox | undefined;
  const client = bookingClient(shared, {
    bookingAccess: access,
    outbox: (upstream) => {
      outbox = createMemoryOutbox({
        send: bookingMailer({
          upstream,
          access,
          deliver: delivery.deliver,
          from: 'Staylane <bookings@staylane.test>',
          publicUrl: () => PUBLIC_URL,
        }),
        logger,
        metrics,
        retryScheduleMs,
      });
      return outbox;
    },
  });
  return {
    client,
    metrics,
    lines,
    idle: () => outbox?.idle() ?? Promise.resolve(),
    close: () => {
      outbox?.close();
      delivery.close();
    },
  };
}

const messagesTo = (reference: string) =>
  smtp.messages.filter((message) => message.subject?.includes(reference));

describe('booking e-mails', () => {
  it('sends the holder one confirmation with both parts, the calendar file and the manage link', async () => {
    const mail = withMail();
    const { booked, request } = await bookOne(mail.client, 'mail-book-1', {
      'Time-Zone': 'America/New_York',
    });
    expect(booked.response.status).toBe(201);
    const booking: HeldBooking = booked.body.data;
    // The same book again (a retry with the same key): replayed, and no second e-mail.
    const replay = await mail.client.call<HeldBooking>(
      '/api/hotels/book',
      post(request, { 'Idempotency-Key': 'mail-book-1' }),
    );
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    await mail.idle();

    const [message, ...more] = messagesTo(booking.reference);
    expect(more).toEqual([]);
    expect(message?.to).toMatchObject({ value: [{ address: HOLDER.email }] });
    expect(message?.from?.value).toEqual([{ name: 'Staylane', address: 'bookings@staylane.test' }]);
    expect(message?.subject).toBe(
      `Booking confirmed: ${booking.hotel_name} (${booking.reference})`,
    );
    const link = `${PUBLIC_URL}/trips/${booking.reference}#token=${booking.access_token}`;
    expect(message?.text).toContain(`Manage your booking: ${link}`);
    expect(message?.text).toContain(`Hello ${HOLDER.first_name}, your stay is booked.`);
    expect(message?.html).toContain(`href="${link}"`);
    expect(message?.html).toContain('<html lang="en" dir="ltr">');

    const ics = message?.attachments.find((file) => file.contentType === 'text/calendar');
    expect(ics?.filename).toBe(`staylane-${booking.reference}.ics`);
    const calendar = new ICAL.Component(
      ICAL.parse(ics?.content.toString('utf8') ?? '') as unknown[],
    );
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(event.startDate.toString()).toBe(booking.check_in);
    expect(event.endDate.toString()).toBe(addDays(booking.check_out, 1));
    expect(event.summary).toContain(booking.reference);

    const sent = await mail.metrics.registry.getSingleMetricAsString('staylane_mails_total');
    expect(sent).toContain('staylane_mails_total{kind="confirmed",outcome="sent"} 1');
    expect(sent).toContain('staylane_mails_total{kind="confirmed",outcome="duplicate"} 1');
    // No address and no name in the log, nor in the metrics.
    for (const personal of [HOLDER.email, HOLDER.last_name, HOLDER.first_name]) {
      expect(mail.lines.join('\n')).not.toContain(personal);
      expect(sent).not.toContain(personal);
    }
    mail.close();
  });

  it("writes in the shopper's language, right to left in Arabic, and says a cancellation too", async () => {
    const mail = withMail();
    const { booked } = await bookOne(mail.client, 'mail-book-2', { language: 'ar' });
    const { reference, access_token: token } = booked.body.data;
    await mail.idle();
    const [confirmed] = messagesTo(reference);
    expect(confirmed?.subject).toMatch(/^تم تأكيد الحجز: /);
    expect(confirmed?.html).toContain('<html lang="ar" dir="rtl">');

    const cancelled = await mail.client.call<HeldBooking>(`/api/bookings/${reference}/cancel`, {
      method: 'POST',
      headers: { 'Booking-Access-Token': token, language: 'fr' },
    });
    expect(cancelled.response.status).toBe(200);
    await mail.idle();
    const cancellation = messagesTo(reference).find((message) =>
      message.subject?.startsWith('Réservation annulée'),
    );
    expect(cancellation?.text).toContain('votre réservation est annulée');
    expect(cancellation?.attachments).toEqual([]);
    mail.close();
  });

  it('answers the book at once while SMTP is down, and sends the e-mail once SMTP is back', async () => {
    const mail = withMail([100, 200, 400, 800, 1600, 3200]);
    await smtp.stop();
    try {
      const started = performance.now();
      const { booked } = await bookOne(mail.client, 'mail-book-3');
      expect(booked.response.status).toBe(201);
      const { reference } = booked.body.data;
      // The book did not wait for SMTP: a retry is already scheduled, nothing was sent.
      const retried = () => mail.metrics.registry.getSingleMetricAsString('staylane_mails_total');
      await expect.poll(retried).toContain('outcome="retried"');
      expect(messagesTo(reference)).toEqual([]);
      expect(performance.now() - started).toBeLessThan(30_000);
      await smtp.start();
      await mail.idle();
      expect(messagesTo(reference)).toHaveLength(1);
      expect(await retried()).toContain('staylane_mails_total{kind="confirmed",outcome="sent"} 1');
    } finally {
      await smtp.start();
      mail.close();
    }
  });

  it('gives up after the last retry, logs and counts it, and sends nothing later', async () => {
    const mail = withMail([20, 40]);
    await smtp.stop();
    try {
      const { booked } = await bookOne(mail.client, 'mail-book-4');
      await mail.idle();
      const counted = await mail.metrics.registry.getSingleMetricAsString('staylane_mails_total');
      expect(counted).toContain('staylane_mails_total{kind="confirmed",outcome="retried"} 2');
      expect(counted).toContain('staylane_mails_total{kind="confirmed",outcome="given_up"} 1');
      expect(mail.lines.some((line) => line.includes('booking e-mail given up'))).toBe(true);
      await smtp.start();
      expect(messagesTo(booked.body.data.reference)).toEqual([]);
    } finally {
      await smtp.start();
      mail.close();
    }
  });
});
