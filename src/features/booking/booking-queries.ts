// The one query-key factory of the booking feature (keys hold every input), and the
// requests of the booking flow. Bookings found by reference, last name and e-mail address,
// or read with the access token a trip keeps, are server state: the confirmation page,
// manage booking and trips read them from here, and a cancellation writes its answer back.
import { queryOptions } from '@tanstack/react-query';
import {
  ACCESS_TOKEN_HEADER,
  type Booking,
  type HeldBooking,
  type Prebook,
} from '../../contract/index.ts';
import { apiFetch, isApiError } from '../../lib/api-client.ts';
import type { BookAttempt } from './book-attempt.ts';
import { BOOKING_ROUTES } from '../../contract/booking-routes.ts';

/** What finds a booking: its reference and its holder's last name and e-mail address. */
export interface BookingLookup {
  /** Upper-case, as the API compares it. */
  reference: string;
  lastName: string;
  email: string;
}

export function normalizeLookup(reference: string, lastName: string, email: string): BookingLookup {
  return {
    reference: reference.trim().toUpperCase(),
    lastName: lastName.trim(),
    email: email.trim(),
  };
}

/** The look-up of a booking the shopper just made. */
export function lookupOf(booking: Booking): BookingLookup {
  return normalizeLookup(booking.reference, booking.holder.last_name, booking.holder.email);
}

function lookupBody(lookup: BookingLookup) {
  return { reference: lookup.reference, last_name: lookup.lastName, email: lookup.email };
}

/** What opens a booking kept on this device: its reference and its access token. */
export interface HeldRef {
  reference: string;
  token: string;
}

export const bookingKeys = {
  all: ['booking'] as const,
  prebook: () => [...bookingKeys.all, 'prebook'] as const,
  book: () => [...bookingKeys.all, 'book'] as const,
  cancel: () => [...bookingKeys.all, 'cancel'] as const,
  lookup: (lookup: BookingLookup) => [...bookingKeys.all, 'lookup', lookup] as const,
  held: (held: HeldRef) => [...bookingKeys.all, 'held', held] as const,
};

/** Transient failures are tried again; a 429 and a 404 are answers. */
const retryTransient = (failureCount: number, error: unknown) =>
  failureCount < 2 && isApiError(error) && error.retryable && error.status !== 429;

export const bookingQueries = {
  /**
   * A booking by reference and the holder's last name and e-mail address. Look-ups are rate limited
   * and answer no faster than 400 ms by design: a found booking stays fresh for a
   * while, and only transient failures (not a 429) are retried.
   */
  lookup: (lookup: BookingLookup) =>
    queryOptions({
      queryKey: bookingKeys.lookup(lookup),
      queryFn: ({ signal }) => lookUpBooking(lookup, signal),
      staleTime: 5 * 60_000,
      retry: retryTransient,
    }),
  /**
   * A booking this device keeps, read with its token: its status is live, so it is read
   * again when a page shows it after a minute.
   */
  held: (held: HeldRef) =>
    queryOptions({
      queryKey: bookingKeys.held(held),
      queryFn: ({ signal }) => readHeldBooking(held, signal),
      staleTime: 60_000,
      retry: retryTransient,
    }),
};

function heldRequest(held: HeldRef, signal?: AbortSignal) {
  return {
    params: { reference: held.reference },
    headers: { [ACCESS_TOKEN_HEADER]: held.token },
    signal,
  };
}

export function readHeldBooking(held: HeldRef, signal?: AbortSignal): Promise<HeldBooking> {
  return apiFetch(BOOKING_ROUTES.heldBooking, heldRequest(held, signal));
}

export function cancelHeldBooking(held: HeldRef): Promise<HeldBooking> {
  return apiFetch(BOOKING_ROUTES.heldBookingCancel, heldRequest(held));
}

export function lookUpBooking(lookup: BookingLookup, signal?: AbortSignal): Promise<HeldBooking> {
  return apiFetch(BOOKING_ROUTES.bookingLookup, {
    body: lookupBody(lookup),
    signal,
  });
}

export function cancelBooking(lookup: BookingLookup): Promise<HeldBooking> {
  return apiFetch(BOOKING_ROUTES.bookingCancel, {
    body: lookupBody(lookup),
  });
}

/** Prebook is sent once per click, never retried on its own: supplier availability can change. */
export function prebookRate(bookingToken: string): Promise<Prebook> {
  return apiFetch(BOOKING_ROUTES.prebook, {
    body: { booking_token: bookingToken },
  });
}

/**
 * One send of an attempt: its key, and its stored bytes (parsing and re-serializing a
 * string JSON.stringify made gives the same string, so the body on the wire is the
 * attempt's, byte for byte).
 */
export function sendBookAttempt(attempt: BookAttempt): Promise<HeldBooking> {
  return apiFetch(BOOKING_ROUTES.book, {
    body: JSON.parse(attempt.body) as unknown,
    // The shopper's time zone: the confirmation e-mail gives the free-cancellation
    // deadline in it too, beside the hotel's.
    headers: {
      'Idempotency-Key': attempt.key,
      'Time-Zone': Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
  });
}
