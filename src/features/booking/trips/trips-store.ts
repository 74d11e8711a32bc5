// Trips: every booking made (or opened from its e-mail) in this browser, kept on this
// device (no account) with the access token that reads and cancels it, so the shopper
// never needs the reference, nor the look-up budget, to find it again. Only the facts the
// list is drawn with are kept; the status is read live.
import * as z from 'zod/mini';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  AccessTokenSchema,
  IsoDateSchema,
  REFERENCE_PATTERN,
  type HeldBooking,
} from '../../../contract/index.ts';
import { followOtherTabs, listPersistence } from '../../../lib/persisted-list.ts';
import { storedListReader } from '../../../lib/stored-list.ts';
import type { HeldRef } from '../booking-queries.ts';

export const TRIPS_STORAGE_KEY = 'staylane.trips';

/**
 * The most trips kept: more than anyone books from one browser in years. Past the cap the
 * stay that ended longest ago goes first, never an upcoming one.
 */
export const MAX_TRIPS = 100;

const TripSchema = z.object({
  reference: z.string().check(z.regex(REFERENCE_PATTERN)),
  token: AccessTokenSchema,
  hotelId: z.string(),
  hotelName: z.string(),
  checkIn: IsoDateSchema,
  checkOut: IsoDateSchema,
  /** The holder's, as booked: what the token is bound to. */
  lastName: z.string(),
  keptAt: z.number(),
});
export type Trip = z.infer<typeof TripSchema>;

export function tripOf(booking: HeldBooking, keptAt = Date.now()): Trip {
  return {
    reference: booking.reference,
    token: booking.access_token,
    hotelId: booking.hotel_id,
    hotelName: booking.hotel_name,
    checkIn: booking.check_in,
    checkOut: booking.check_out,
    lastName: booking.holder.last_name,
    keptAt,
  };
}

export function heldRefOf(trip: Pick<Trip, 'reference' | 'token'>): HeldRef {
  return { reference: trip.reference, token: trip.token };
}

/** Upcoming stays (not yet checked out) soonest first; then past ones, latest first. */
export function splitTrips(trips: readonly Trip[], today: string) {
  const upcoming = trips
    .filter((trip) => trip.checkOut >= today)
    .sort((a, b) => a.checkIn.localeCompare(b.checkIn));
  const past = trips
    .filter((trip) => trip.checkOut < today)
    .sort((a, b) => b.checkOut.localeCompare(a.checkOut));
  return { upcoming, past };
}

interface TripsState {
  trips: Trip[];
  /** A booking made or opened here: kept, or its facts brought up to date. */
  tripKept: (trip: Trip) => void;
  allForgotten: () => void;
}

export const useTrips = create<TripsState>()(
  persist(
    (set, get) => ({
      trips: [],
      tripKept: (trip) => {
        const others = get().trips.filter((kept) => kept.reference !== trip.reference);
        const trips = [trip, ...others];
        if (trips.length > MAX_TRIPS) {
          const oldest = [...trips].sort((a, b) => a.checkOut.localeCompare(b.checkOut))[0];
          set({ trips: trips.filter((kept) => kept !== oldest) });
        } else set({ trips });
      },
      allForgotten: () => set({ trips: [] }),
    }),
    listPersistence(TRIPS_STORAGE_KEY, 'trips', storedListReader('trips', TripSchema)),
  ),
);

export function tripsActions() {
  const { tripKept, allForgotten } = useTrips.getState();
  return { tripKept, allForgotten };
}

// A booking made in another tab shows here too.
followOtherTabs(TRIPS_STORAGE_KEY, useTrips);
