// The routes of /api the booking calls: prebook and book (the hotel API's, passed on), and
// the app server's own look-up and cancel of a booking for a traveller.
import { BookingSchema, PrebookSchema } from './booking.ts';
import type { ApiRoute } from './routes.ts';

export const BOOKING_ROUTES = {
  prebook: { method: 'POST', path: '/hotels/prebook', data: PrebookSchema },
  book: { method: 'POST', path: '/hotels/book', data: BookingSchema },
  bookingLookup: { method: 'POST', path: '/bookings/lookup', data: BookingSchema },
  bookingCancel: { method: 'POST', path: '/bookings/cancel', data: BookingSchema },
} as const satisfies Record<string, ApiRoute>;
