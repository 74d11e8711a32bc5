// Sending a booking e-mail: the booking read again from the hotel API (the job holds no
// address), the hotel's content for its address and time zone, the words in the shopper's
// language, the link with the booking's access token in its fragment, and the SMTP
// server of SMTP_URL: STARTTLS required unless it is on this machine.
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import * as z from 'zod/mini';
import { BookingSchema } from '../../src/contract/index.ts';
import type { BookingAccess } from '../booking-access.ts';
import { isLoopback } from '../config.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import type { SendJob } from './outbox.ts';
import { renderBookingMail } from './render.ts';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Content-Language: the shopper's language, for mail clients and the sandbox's outbox. */
  headers: Record<string, string>;
  attachments: { filename: string; content: string; contentType: string }[];
}

/** Hands a message to an SMTP server; throws (with a `code`) when it is not taken. */
export type Deliver = (mail: OutgoingMail) => Promise<void>;

/** The SMTP server of an `smtp://` or `smtps://` URL, credentials decoded. */
export function smtpDelivery(url: string): { deliver: Deliver; close: () => void } {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const loopback = isLoopback(parsed);
  const transport = nodemailer.createTransport({
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port) || (secure ? 465 : 587),
    secure,
    // Across a network the message (names, the manage link) travels encrypted or not at all.
    requireTLS: !secure && !loopback,
    ignoreTLS: loopback && !secure,
    auth: parsed.username
      ? {
          user: decodeURIComponent(parsed.username),
          pass: decodeURIComponent(parsed.password),
        }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    deliver: async (mail) => {
      await transport.sendMail(mail);
    },
    close: () => {
      transport.close();
    },
  };
}

const FoundSchema = z.looseObject({ reference: z.string() });

export function bookingMailer({
  upstream,
  access,
  deliver,
  from,
  publicUrl,
}: {
  upstream: UpstreamClient;
  access: BookingAccess;
  deliver: Deliver;
  /** The sender, e.g. `Staylane <bookings@example.com>` (MAIL_FROM). */
  from: string;
  /**
   * Where shoppers reach the app, for the manage link (PUBLIC_URL; in sandbox mode without
   * it, the address this server listens on, known once it does).
   */
  publicUrl: () => string;
}): SendJob {
  return async (job) => {
    const common = { requestId: randomUUID(), language: job.language };
    const found = await upstream.call('findBookings', {
      ...common,
      query: { reference: job.reference },
      dataSchema: FoundSchema,
    });
    if (!found.ok) throw Object.assign(new Error('booking unreadable'), { code: found.code });
    const booking = BookingSchema.parse(found.data);
    const content = await upstream.call('content', {
      ...common,
      params: { hotel_id: booking.hotel_id },
    });
    const hotel = content.ok ? content.data : undefined;
    const token = access.tokenOf(booking.reference, booking.holder.last_name);
    const mail = renderBookingMail({
      kind: job.kind,
      booking,
      hotel,
      language: job.language,
      manageUrl: `${publicUrl()}/trips/${booking.reference}#token=${token}`,
      shopperTimeZone: job.shopperTimeZone,
    });
    await deliver({
      from,
      to: booking.holder.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { 'Content-Language': job.language },
      attachments: mail.ics
        ? [
            {
              filename: `staylane-${booking.reference}.ics`,
              content: mail.ics,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            },
          ]
        : [],
    });
  };
}
