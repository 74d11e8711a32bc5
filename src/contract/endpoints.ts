// The endpoints of the hotel API, in one table: the app server's /api allowlist and
// its retry rules (docs/api.md, "Retries and time budgets") are derived from it. Those the
// browser calls too take their path and schema from the browser's route tables.
import type * as z from 'zod/mini';
import { BookingSchema } from './booking.ts';
import { BOOKING_ROUTES } from './booking-routes.ts';
import { SHOPPING_ROUTES } from './shopping-routes.ts';

/**
 * - `safe`: read-only, retried on 429/5xx/network errors with backoff.
 * - `idempotent`: retried only with the same Idempotency-Key and an identical body.
 * - `never`: not retried on the caller's behalf (supplier availability can change).
 */
export type RetryPolicy = 'safe' | 'idempotent' | 'never';

export interface EndpointSpec {
  method: 'GET' | 'POST';
  /** Hono-style pattern relative to {base_url} (and to /api on the app server). */
  path: string;
  retry: RetryPolicy;
  /** The `data` of a successful envelope. */
  data: z.ZodMiniType;
  /** Exposed to the browser under /api (the raw /bookings endpoints are not). */
  browser: boolean;
}

export const ENDPOINTS = {
  searchHotels: { ...SHOPPING_ROUTES.searchHotels, retry: 'safe', browser: true },
  searchPrices: { ...SHOPPING_ROUTES.searchPrices, retry: 'safe', browser: true },
  autocomplete: { ...SHOPPING_ROUTES.autocomplete, retry: 'safe', browser: true },
  nationalities: { ...SHOPPING_ROUTES.nationalities, retry: 'safe', browser: true },
  filters: { ...SHOPPING_ROUTES.filters, retry: 'safe', browser: true },
  rooms: { ...SHOPPING_ROUTES.rooms, retry: 'safe', browser: true },
  content: { ...SHOPPING_ROUTES.content, retry: 'safe', browser: true },
  prebook: { ...BOOKING_ROUTES.prebook, retry: 'never', browser: true },
  // The hotel API answers the booking itself; /api adds the holder's access token to it.
  book: { ...BOOKING_ROUTES.book, data: BookingSchema, retry: 'idempotent', browser: true },
  getBooking: {
    method: 'GET',
    path: '/bookings/:booking_id',
    retry: 'safe',
    data: BookingSchema,
    browser: false,
  },
  findBookings: {
    method: 'GET',
    path: '/bookings',
    retry: 'safe',
    data: BookingSchema,
    browser: false,
  },
  cancelBooking: {
    method: 'POST',
    path: '/bookings/:booking_id/cancel',
    retry: 'safe',
    data: BookingSchema,
    browser: false,
  },
} as const satisfies Record<string, EndpointSpec>;

export type EndpointName = keyof typeof ENDPOINTS;

/**
 * Sandbox only: the app server, in sandbox mode, says which shopper a search is for, as an
 * opaque id derived from the client's address (never the address, never sent to a real
 * hotel API), so that the sandbox caps live sessions per shopper before it evicts anyone
 * else's (docs/sandbox.md, "What it simulates").
 */
export const SANDBOX_SHOPPER_HEADER = 'X-Sandbox-Shopper';
const SHOPPER_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The shopper id of a request, or undefined when none (or not one we would send) was given. */
export function sandboxShopperOf(header: string | undefined): string | undefined {
  return header !== undefined && SHOPPER_ID.test(header) ? header : undefined;
}
