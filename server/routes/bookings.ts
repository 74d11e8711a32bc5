// /api/bookings/lookup and /api/bookings/cancel: a traveller finds (or cancels) a
// booking with its reference, the holder's last name and the holder's e-mail address.
// /api/bookings/:reference (and its /cancel): the browser that holds the booking's access
// token reads (or cancels) it with that, under the read limit. The raw /bookings endpoints
// stay upstream-only. Wrong details, a wrong token and an unknown reference get the same
// 404 body after the same time, so references cannot be probed, and wrong attempts are
// counted per reference for the operator, never locking the holder out.
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  ACCESS_TOKEN_HEADER,
  AccessTokenSchema,
  BOOKING_ROUTES,
  BookingIdSchema,
  BookingLookupRequestSchema,
  BookingSchema,
  ReferenceSchema,
  type Booking,
  type BookingLookupRequest,
} from '../../src/contract/index.ts';
import { heldBooking, isHolder } from '../booking-access.ts';
import type { AppEnv } from '../http/env.ts';
import { errorResponse } from '../http/errors.ts';
import { countAttempts, forwarded, sendUpstreamResult } from '../http/upstream-response.ts';
import { validated } from '../http/validation.ts';
import type { UpstreamFailure, UpstreamResult } from '../upstream/client.ts';
import type { RouteDeps } from './deps.ts';

export interface BookingRouteOptions {
  /**
   * Every look-up answer (after input validation) takes at least this long, or the
   * upstream's recent p99 look-up time when that is longer, so "no such reference" and
   * "wrong name" cannot be told apart by timing either.
   */
  minDurationMs: number;
}

export const DEFAULT_LOOKUP_MIN_DURATION_MS = 400;
/** How many recent upstream look-up times the floor is learnt from. */
const RECENT_LOOKUPS = 200;

/**
 * The floor of a look-up's duration: the larger of the configured minimum and the p99
 * of the upstream's recent look-up times. A real upstream answers an unknown reference
 * faster than it fetches a found booking; a floor below that difference would give
 * references away, so it learns the slow side.
 */
export class LookupFloor {
  private readonly recent: number[] = [];
  private next = 0;

  constructor(private readonly minMs: number) {}

  record(ms: number): void {
    if (this.recent.length < RECENT_LOOKUPS) this.recent.push(ms);
    else this.recent[this.next] = ms;
    this.next = (this.next + 1) % RECENT_LOOKUPS;
  }

  ms(): number {
    if (this.recent.length === 0) return this.minMs;
    const sorted = [...this.recent].sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
    return Math.max(this.minMs, p99);
  }
}

/**
 * What the holder check needs of a found booking. A booking made elsewhere may carry a
 * holder our strict schema refuses; refusing it before the check would answer 502 where
 * wrong details get 404, and so say that the reference exists.
 */
const FoundBookingSchema = z.looseObject({
  reference: z.string(),
  holder: z.looseObject({ last_name: z.string(), email: z.string() }),
});

/** How long wrong attempts on one reference are remembered, and for how many references. */
const WRONG_ATTEMPTS_WINDOW_MS = 60 * 60_000;
const WRONG_ATTEMPTS_REFERENCES = 10_000;

/**
 * Wrong details given for references that exist, per reference over the last hour, for
 * the metrics only: a reference being guessed at shows there, and its holder is never
 * locked out (a lock would let anyone who knows a reference keep its holder from
 * cancelling). Bounded: the oldest reference is forgotten first.
 */
export class WrongAttempts {
  private readonly byReference = new Map<string, { count: number; since: number }>();

  /** Counts one wrong attempt on `reference`; how many it has had in the window. */
  add(reference: string, now = Date.now()): number {
    const seen = this.byReference.get(reference);
    const current =
      seen && now - seen.since < WRONG_ATTEMPTS_WINDOW_MS ? seen : { count: 0, since: now };
    this.byReference.delete(reference);
    this.byReference.set(reference, { count: current.count + 1, since: current.since });
    if (this.byReference.size > WRONG_ATTEMPTS_REFERENCES) {
      const oldest = this.byReference.keys().next().value;
      if (oldest !== undefined) this.byReference.delete(oldest);
    }
    return current.count + 1;
  }
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

type Found = z.infer<typeof FoundBookingSchema>;

export function bookingRoutes(
  { upstream, rateLimiter, metrics, bookingAccess, outbox }: RouteDeps,
  options: BookingRouteOptions,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const floor = new LookupFloor(options.minDurationMs);
  const wrongAttempts = new WrongAttempts();

  function notFound(c: Context<AppEnv>): Response {
    return errorResponse(c, 'BOOKING_NOT_FOUND', {
      message: 'No booking matches that reference, last name and e-mail address',
    });
  }

  /**
   * The booking, if the reference exists and `proves` holds of it (the holder's details, or
   * their token); the upstream call is always made.
   */
  async function findBooking(
    c: Context<AppEnv>,
    reference: string,
    proves: (found: Found) => boolean,
  ): Promise<{ booking: Booking } | { failure: UpstreamFailure } | { notFound: true }> {
    const started = performance.now();
    const result = await upstream.call('findBookings', {
      ...forwarded(c),
      query: { reference },
      dataSchema: FoundBookingSchema,
    });
    floor.record(performance.now() - started);
    countAttempts(c, result);
    if (!result.ok) {
      if (result.code !== 'BOOKING_NOT_FOUND') return { failure: result };
      metrics.bookingLookup('unknown_reference');
      return { notFound: true };
    }
    const found = result.data as unknown as Found;
    if (!proves(found)) {
      metrics.bookingLookup('wrong_details', wrongAttempts.add(found.reference));
      return { notFound: true };
    }
    metrics.bookingLookup('found');
    // The holder themself: now the whole booking must be what the contract says.
    const booking = BookingSchema.safeParse(found);
    if (!booking.success) {
      return {
        failure: {
          ok: false,
          status: 502,
          code: 'UPSTREAM_UNAVAILABLE',
          message: 'The hotel service gave an answer we could not read; try again shortly',
          details: [],
          retryAfterS: null,
          attempts: 0,
        },
      };
    }
    return { booking: booking.data };
  }

  /** Everything after validation, the limit's refusal included, waits for the floor. */
  async function atFloor(answer: () => Promise<Response>): Promise<Response> {
    const started = performance.now();
    const response = await answer();
    const remaining = floor.ms() - (performance.now() - started);
    if (remaining > 0) await sleep(remaining);
    return response;
  }

  /**
   * With the holder's details: validation answers at once (it says nothing about
   * bookings) and spends no look-up.
   */
  function byDetails(act: (c: Context<AppEnv>, booking: Booking) => Response | Promise<Response>) {
    const limited = rateLimiter.guard('lookup', async (c, lookup: BookingLookupRequest) => {
      const found = await findBooking(c, lookup.reference, (booking) =>
        isHolder(lookup, booking.holder),
      );
      if ('notFound' in found) return notFound(c);
      if ('failure' in found) return send(c, found.failure);
      return act(c, found.booking);
    });
    return validated({ body: BookingLookupRequestSchema }, (c, { body }) =>
      atFloor(() => limited(c, body)),
    );
  }

  /** With the booking's access token: the same answers and floor, under the read limit. */
  function byToken(act: (c: Context<AppEnv>, booking: Booking) => Response | Promise<Response>) {
    const limited = rateLimiter.guard('read', async (c, reference: string, token: string) => {
      const found = await findBooking(c, reference, (booking) =>
        bookingAccess.verify(token, booking.reference, booking.holder.last_name),
      );
      if ('notFound' in found) return notFound(c);
      if ('failure' in found) return send(c, found.failure);
      return act(c, found.booking);
    });
    return validated(
      {
        params: { reference: ReferenceSchema },
        headers: { [ACCESS_TOKEN_HEADER]: AccessTokenSchema },
      },
      (c, { params, headers }) =>
        atFloor(() => limited(c, params.reference, headers[ACCESS_TOKEN_HEADER])),
    );
  }

  function send<T>(c: Context<AppEnv>, result: UpstreamResult<T>): Response {
    // Attempts were counted as they were made.
    return sendUpstreamResult(c, { ...result, attempts: 0 });
  }

  const found = (c: Context<AppEnv>, booking: Booking) =>
    c.json({ success: true, message: 'Booking found', data: heldBooking(bookingAccess, booking) });

  async function cancel(c: Context<AppEnv>, booking: Booking): Promise<Response> {
    const bookingId = BookingIdSchema.safeParse(booking.booking_id);
    if (!bookingId.success) return errorResponse(c, 'UPSTREAM_UNAVAILABLE');
    const result = await upstream.call('cancelBooking', {
      ...forwarded(c),
      params: { booking_id: bookingId.data },
    });
    if (result.ok) {
      outbox.enqueue({
        kind: 'cancelled',
        reference: result.data.reference,
        language: c.get('language'),
        shopperTimeZone: null,
      });
    }
    return sendUpstreamResult(
      c,
      result.ok ? { ...result, data: heldBooking(bookingAccess, result.data) } : result,
    );
  }

  app.post(BOOKING_ROUTES.bookingLookup.path, byDetails(found));
  app.post(BOOKING_ROUTES.bookingCancel.path, byDetails(cancel));
  app.get(BOOKING_ROUTES.heldBooking.path, byToken(found));
  app.post(BOOKING_ROUTES.heldBookingCancel.path, byToken(cancel));

  return app;
}
