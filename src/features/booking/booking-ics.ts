// The calendar entry of a booking: one all-day event from check-in through check-out
// day (DTEND is exclusive, so it is the day after check-out), with the reference and
// what the traveller needs at the desk.
import { addDays, type Booking, type HotelContent } from '../../contract/index.ts';
import { buildIcs } from '../../lib/ics.ts';

export interface IcsTexts {
  summary: string;
  description: string;
}

export function bookingIcs(
  booking: Booking,
  hotel: HotelContent | undefined,
  texts: IcsTexts,
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

/** Saves text as a file: a link to an object URL, clicked, then let go. */
export function downloadTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
