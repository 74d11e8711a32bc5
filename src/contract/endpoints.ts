// The endpoints of the hotel API, in one table: the app server's /api allowlist and
// its retry rules (docs/api.md, "Retries and time budgets") are derived from it.
import type * as z from 'zod/mini';
import { BookingSchema, PrebookSchema } from './booking.ts';
import {
  AutocompleteResponseDataSchema,
  FiltersResponseDataSchema,
  NationalitiesResponseDataSchema,
} from './catalog.ts';
import { HotelContentSchema, RoomsResponseDataSchema } from './hotel.ts';
import { PricesResponseDataSchema, SearchResponseDataSchema } from './search.ts';

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
  searchHotels: {
    method: 'POST',
    path: '/hotels/search',
    retry: 'safe',
    data: SearchResponseDataSchema,
    browser: true,
  },
  searchPrices: {
    method: 'GET',
    path: '/hotels/search/:search_id/prices',
    retry: 'safe',
    data: PricesResponseDataSchema,
    browser: true,
  },
  autocomplete: {
    method: 'GET',
    path: '/destinations/autocomplete',
    retry: 'safe',
    data: AutocompleteResponseDataSchema,
    browser: true,
  },
  nationalities: {
    method: 'GET',
    path: '/master-data/nationalities',
    retry: 'safe',
    data: NationalitiesResponseDataSchema,
    browser: true,
  },
  filters: {
    method: 'GET',
    path: '/hotels/filters',
    retry: 'safe',
    data: FiltersResponseDataSchema,
    browser: true,
  },
  rooms: {
    method: 'POST',
    path: '/hotels/rooms',
    retry: 'safe',
    data: RoomsResponseDataSchema,
    browser: true,
  },
  content: {
    method: 'GET',
    path: '/hotels/:hotel_id/content',
    retry: 'safe',
    data: HotelContentSchema,
    browser: true,
  },
  prebook: {
    method: 'POST',
    path: '/hotels/prebook',
    retry: 'never',
    data: PrebookSchema,
    browser: true,
  },
  book: {
    method: 'POST',
    path: '/hotels/book',
    retry: 'idempotent',
    data: BookingSchema,
    browser: true,
  },
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
