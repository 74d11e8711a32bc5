// A booking e-mail as its holder reads it: the confirmation after a booking, or the word
// that it is cancelled. HTML (inline styles: mail clients drop style sheets; right to left
// for Arabic) and plain text say the same; the confirmation carries the stay as a
// calendar file and the link that opens the booking on any device.
import {
  bookingIcs,
  fullRefundUntil,
  isRightToLeft,
  nightsBetween,
  type Booking,
  type HotelContent,
  type Language,
} from '../../src/contract/index.ts';
import { escapeHtml } from '../http/html.ts';
import { MAIL_WORDS } from './words.ts';

export type MailKind = 'confirmed' | 'cancelled';

export interface BookingMail {
  subject: string;
  text: string;
  html: string;
  /** The calendar file, for a confirmation. */
  ics: string | null;
}

export interface MailFacts {
  kind: MailKind;
  booking: Booking;
  /** The hotel's content, for its address and time zone (absent: its name only, UTC). */
  hotel: HotelContent | undefined;
  language: Language;
  /** Opens the booking with its token in the fragment (never seen by a server). */
  manageUrl: string;
  /** The shopper's own time zone, when the browser said it. */
  shopperTimeZone: string | null;
  now?: Date;
}

function money(cents: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
}

function moment(iso: string, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

function stayDates(booking: Booking, language: Language): string {
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
    day(booking.check_in),
    day(booking.check_out),
  );
}

export function renderBookingMail(facts: MailFacts): BookingMail {
  const { kind, booking, hotel, language } = facts;
  const words = MAIL_WORDS[language];
  const currency = booking.price.currency;
  const hotelZone = hotel?.timezone ?? 'UTC';
  const adults = booking.rooms.reduce((sum, room) => sum + room.adults, 0);
  const children = booking.rooms.reduce((sum, room) => sum + room.child_ages.length, 0);
  const atProperty = booking.pay_at_hotel_usd_cents ?? 0;
  const address = hotel
    ? [hotel.address, hotel.city, hotel.country].filter(Boolean).join(', ')
    : null;

  const rows: [string, string][] = [
    [words.reference, booking.reference],
    [words.hotel, [booking.hotel_name, address].filter(Boolean).join(' — ')],
    [
      words.dates,
      `${stayDates(booking, language)} · ${words.nights(nightsBetween(booking.check_in, booking.check_out))}`,
    ],
    [words.room, `${booking.room_name} · ${words.guests(adults, children)}`],
  ];
  if (kind === 'confirmed') {
    rows.push([words.charged, money(booking.price.amount - atProperty, currency, language)]);
    if (atProperty > 0) rows.push([words.dueAtProperty, money(atProperty, currency, language)]);
  } else {
    rows.push([words.refund, money(booking.refund_amount ?? 0, currency, language)]);
  }

  const terms: string[] = [];
  if (kind === 'confirmed') {
    const until =
      fullRefundUntil(booking.cancellation_timeline, booking.price.amount) ??
      booking.free_cancellation_until;
    if (until) {
      terms.push(words.freeCancellation(moment(until, language, hotelZone)));
      const own = facts.shopperTimeZone;
      if (own && own !== hotelZone) terms.push(words.yourTime(moment(until, language, own)));
    } else if (booking.is_refundable === false) terms.push(words.nonRefundable);
  }

  const name = booking.holder.first_name;
  const subject =
    kind === 'confirmed'
      ? words.confirmedSubject(booking.hotel_name, booking.reference)
      : words.cancelledSubject(booking.hotel_name, booking.reference);
  const intro = kind === 'confirmed' ? words.confirmedIntro(name) : words.cancelledIntro(name);

  const text = [
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(terms.length ? ['', ...terms] : []),
    '',
    `${words.manage}: ${facts.manageUrl}`,
    words.manageNote,
    ...(kind === 'confirmed' ? ['', words.calendar] : []),
    '',
    words.footer,
  ].join('\n');

  const dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  const cell = 'padding:6px 12px 6px 0;vertical-align:top;';
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px;">
<p style="margin:0 0 16px;font-size:18px;font-weight:700;">${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse;font-size:15px;">
${rows
  .map(
    ([label, value]) =>
      `<tr><th scope="row" style="${cell}text-align:start;color:#334155;font-weight:600;">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
${terms.map((term) => `<p style="margin:16px 0 0;">${escapeHtml(term)}</p>`).join('\n')}
<p style="margin:24px 0 8px;"><a href="${escapeHtml(facts.manageUrl)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:600;">${escapeHtml(words.manage)}</a></p>
<p style="margin:0;color:#475569;font-size:13px;">${escapeHtml(words.manageNote)}</p>
${kind === 'confirmed' ? `<p style="margin:16px 0 0;color:#475569;font-size:13px;">${escapeHtml(words.calendar)}</p>` : ''}
</div>
<p style="max-width:560px;margin:16px auto 0;color:#475569;font-size:12px;">${escapeHtml(words.footer)}</p>
</body>
</html>
`;

  const ics =
    kind === 'confirmed'
      ? bookingIcs(
          booking,
          hotel,
          {
            summary: `${booking.hotel_name} (${booking.reference})`,
            description: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
          },
          facts.now,
        )
      : null;
  return { subject, text, html, ics };
}
