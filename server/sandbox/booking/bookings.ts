// GET /bookings/{booking_id}, GET /bookings?reference=…, POST
// /bookings/{booking_id}/cancel (docs/api.md, "Bookings on the hotel API"). A booking is
// visible only to the organization (API key) that made it: every query names the
// organization, so another key's booking is simply not found.
import type { Context, Hono } from 'hono';
import {
  BookingIdSchema,
  BookingsQuerySchema,
  refundAt,
  successEnvelope,
} from '../../../src/contract/index.ts';
import type { SandboxContext } from '../context.ts';
import type { StoredBooking } from '../db/store.ts';
import type { SandboxEnv } from '../http/env.ts';
import { errorResponse } from '../http/errors.ts';
import { successMessage, type SuccessMessage } from '../http/messages.ts';
import { validated } from '../http/validation.ts';
import { organizationOf } from '../organization.ts';
import { presentBooking } from './present.ts';

export function registerBookingRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  const { store } = ctx;

  function answer(c: Context<SandboxEnv>, booking: StoredBooking, message: SuccessMessage) {
    const language = c.get('language');
    return c.json(
      successEnvelope(successMessage(language, message), presentBooking(booking, language)),
    );
  }

  app.get(
    '/bookings',
    validated({ query: BookingsQuerySchema }, (c, { query }) => {
      const booking = store.bookingByReference(organizationOf(c.get('apiKey')), query.reference);
      return booking ? answer(c, booking, 'booking') : errorResponse(c, 'BOOKING_NOT_FOUND');
    }),
  );

  app.get(
    '/bookings/:booking_id',
    validated({ params: { booking_id: BookingIdSchema } }, (c, { params }) => {
      const booking = store.booking(params.booking_id, organizationOf(c.get('apiKey')));
      return booking ? answer(c, booking, 'booking') : errorResponse(c, 'BOOKING_NOT_FOUND');
    }),
  );

  app.post(
    '/bookings/:booking_id/cancel',
    // The call needs no body; one that is sent must still be JSON (docs/api.md, "JSON bodies").
    validated({ params: { booking_id: BookingIdSchema }, body: 'unused' }, (c, { params }) => {
      const org = organizationOf(c.get('apiKey'));
      const found = store.booking(params.booking_id, org);
      if (!found) return errorResponse(c, 'BOOKING_NOT_FOUND');
      if (found.status !== 'CANCELLED') {
        const now = ctx.now();
        // One UPDATE … WHERE status <> 'CANCELLED': of two racing cancels only one applies.
        store.cancel(found.bookingId, org, now, refundAt(found.prebook.cancellationTimeline, now));
      }
      const booking = store.booking(params.booking_id, org) ?? found;
      return answer(c, booking, 'cancelled');
    }),
  );
}
