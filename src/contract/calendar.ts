// A booking's calendar file: a tiny iCalendar (RFC 5545) writer for one all-day event, and
// the event of a booking. The confirmation page offers it for download and the app
// server attaches it to the confirmation e-mail, so both say the same; it is ours so that
// no calendar library ships for one file.
import { addDays } from './common.ts';
import type { Booking } from './booking.ts';
import type { HotelContent } from './hotel.ts';

export interface AllDayEvent {
  /** Globally unique and stable: the same booking gives the same UID, so a re-import updates. */
  uid: string;
  /** First day (YYYY-MM-DD). */
  startDate: string;
  /** Day after the last day (YYYY-MM-DD): DTEND of an all-day event is exclusive. */
  endDate: string;
  summary: string;
  description?: string;
  location?: string;
  /** When the file was made; DTSTAMP. */
  stamp: Date;
}

/** TEXT values: backslash, semicolon and comma escaped, line breaks as "\n" (RFC 5545 3.3.11). */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Lines longer than 75 octets are folded: CRLF and one space, never splitting a
 * UTF-8 character (RFC 5545 3.1).
 */
export function foldIcsLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function icsDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new Error(`not a date: ${isoDate}`);
  return isoDate.replace(/-/g, '');
}

function icsStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function buildIcs(event: AllDayEvent, productId = '-//Staylane//Booking//EN'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${icsStamp(event.stamp)}`,
    `DTSTART;VALUE=DATE:${icsDate(event.startDate)}`,
    `DTEND;VALUE=DATE:${icsDate(event.endDate)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    // A hotel stay does not make the traveller busy for other appointments.
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/** What the event says, in the shopper's words. */
export interface BookingIcsTexts {
  summary: string;
  description: string;
}

/**
 * A booking's event: from check-in through check-out day (DTEND is exclusive, so it is the
 * day after check-out), at the hotel's address when its content is known.
 */
export function bookingIcs(
  booking: Booking,
  hotel: HotelContent | undefined,
  texts: BookingIcsTexts,
  now: Date = new Date(),
): string {
  const location = hotel
    ? [hotel.hotel_name, hotel.address, hotel.city, hotel.country].filter(Boolean).join(', ')
    : booking.hotel_name;
  return buildIcs({
    uid: `${booking.booking_id}@staylane`,
    startDate: booking.check_in,
    endDate: addDays(booking.check_out, 1),
    summary: texts.summary,
    description: texts.description,
    location,
    stamp: now,
  });
}
