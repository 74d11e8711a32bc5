// GET /bookings/{booking_id}, GET /bookings?reference=…, POST
// /bookings/{booking_id}/cancel (docs/api.md, "Bookings on the hotel API"). A booking is
// visible only to the organization (API key) that made it: every query names the
// organization, so another key's booking is simply not found.
import type { Context, Hono } from 'hono';
import {
  BookingIdSchema,
  BookingsQuerySchema,
  issuesToDetails,
  successEnvelope,
} from '../../../src/contract/index.ts';
import type { SandboxContext } from '../context.ts';
import type { StoredBooking } from '../db/store.ts';
import { refundAt } from '../hotel/cancellation.ts';
import { readJsonBody } from '../http/body.ts';
import type { SandboxEnv } from '../http/env.ts';
import { problem } from '../http/errors.ts';
import { successMessage, type SuccessMessage } from '../http/messages.ts';
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

  app.get('/bookings', (c) => {
    const query = BookingsQuerySchema.safeParse(c.req.query());
    if (!query.success) return problem(c, 'VALIDATION_FAILED', issuesToDetails(query.error.issues));
    const booking = store.bookingByReference(organizationOf(c.get('apiKey')), query.data.reference);
    return booking ? answer(c, booking, 'booking') : problem(c, 'BOOKING_NOT_FOUND');
  });

  app.get('/bookings/:booking_id', (c) => {
    const id = BookingIdSchema.safeParse(c.req.param('booking_id'));
    if (!id.success) {
      return problem(c, 'VALIDATION_FAILED', issuesToDetails(id.error.issues, 'booking_id'));
    }
    const booking = store.booking(id.data, organizationOf(c.get('apiKey')));
    return booking ? answer(c, booking, 'booking') : problem(c, 'BOOKING_NOT_FOUND');
  });

  app.post('/bookings/:booking_id/cancel', async (c) => {
    // The call needs no body; one that is sent must still be JSON (docs/api.md, "JSON bodies").
    const length = c.req.header('content-length');
    const hasBody =
      (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
    if (c.req.header('content-type') === undefined) {
      if (hasBody) return problem(c, 'UNSUPPORTED_MEDIA_TYPE');
    } else if (length !== '0') {
      const body = await readJsonBody(c);
      if (!body.ok) return body.response;
    }
    const id = BookingIdSchema.safeParse(c.req.param('booking_id'));
    if (!id.success) {
      return problem(c, 'VALIDATION_FAILED', issuesToDetails(id.error.issues, 'booking_id'));
    }
    const org = organizationOf(c.get('apiKey'));
    const found = store.booking(id.data, org);
    if (!found) return problem(c, 'BOOKING_NOT_FOUND');
    if (found.status !== 'CANCELLED') {
      const now = ctx.now();
      // One UPDATE … WHERE status <> 'CANCELLED': of two racing cancels only one applies.
      store.cancel(found.bookingId, org, now, refundAt(found.prebook.cancellationTimeline, now));
    }
    const booking = store.booking(id.data, org) ?? found;
    return answer(c, booking, 'cancelled');
  });
}
