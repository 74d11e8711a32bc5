// The routes of /api the booking calls: prebook and book (the hotel API's, passed on), and
// the app server's own routes for a traveller: look-up and cancel with the holder's details,
// read and cancel with the access token a booking's answer carried.
import { HeldBookingSchema, PrebookSchema } from './booking.ts';
import type { ApiRoute } from './routes.ts';

export const BOOKING_ROUTES = {
  prebook: { method: 'POST', path: '/hotels/prebook', data: PrebookSchema },
  book: { method: 'POST', path: '/hotels/book', data: HeldBookingSchema },
  bookingLookup: { method: 'POST', path: '/bookings/lookup', data: HeldBookingSchema },
  bookingCancel: { method: 'POST', path: '/bookings/cancel', data: HeldBookingSchema },
  heldBooking: { method: 'GET', path: '/bookings/:reference', data: HeldBookingSchema },
  heldBookingCancel: {
    method: 'POST',
    path: '/bookings/:reference/cancel',
    data: HeldBookingSchema,
  },
} as const satisfies Record<string, ApiRoute>;
