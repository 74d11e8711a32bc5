// The booking draft: the small client state of one booking (zustand, not server state),
// kept in sessionStorage so that a reload — or a tab restored after a crash — keeps the
// hold, what was typed and, above all, the current attempt's Idempotency-Key and exact
// body. Server state (room options, bookings looked up) stays in React Query; the prebook
// is here because it is the outcome of our own mutation that the next step needs.
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { Booking, Prebook } from '../../contract/index.ts';
import type { RateChoice } from '../../lib/rate-choice.ts';
import {
  decideSubmit,
  newIdempotencyKey,
  nextAttempt,
  type AttemptEvent,
  type AttemptFailure,
  type BookAttempt,
  type SubmitDecision,
} from './book-attempt.ts';
import { fitGuestsToRooms, type GuestDetailsValues } from './guest-details.ts';

/** Why the shopper was sent back to the room options. */
export type RestartReason =
  | 'BOOKING_TOKEN_EXPIRED'
  | 'RATE_UNAVAILABLE'
  | 'PREBOOK_EXPIRED'
  | 'PREBOOK_ALREADY_BOOKED'
  | 'HOLD_EXPIRED';

export interface RestartNotice {
  reason: RestartReason;
  hotelId: string;
}

/** What the confirmation page needs to find the booking again after a reload. */
export interface ConfirmedBooking {
  reference: string;
  lastName: string;
  email: string;
  timeZone: string | null;
}

export interface BookingDraftData {
  choice: RateChoice | null;
  prebook: Prebook | null;
  /** The shopper accepted the prebook's changed price (only asked when it changed). */
  priceAccepted: boolean;
  details: GuestDetailsValues | null;
  attempt: BookAttempt | null;
  restart: RestartNotice | null;
  confirmed: ConfirmedBooking | null;
}

export interface BookingDraftEvents {
  ratePrebooked: (choice: RateChoice, prebook: Prebook) => void;
  newPriceAccepted: () => void;
  detailsEdited: (details: GuestDetailsValues) => void;
  /** A click on Book or Try again: returns what to send (or that it is already on its way). */
  bookSubmitted: (body: string) => SubmitDecision | null;
  /**
   * The checkout found the attempt in flight: sent by an earlier load of the page (a reload
   * cut it off), it is this page's to send now, and returned; null when nothing is to send.
   */
  bookResumed: () => BookAttempt | null;
  bookSucceeded: (booking: Booking) => void;
  /** An automatic resend of the same request (send 2 and up). */
  bookRetrying: (send: number) => void;
  bookFailedUnknown: (failure: AttemptFailure) => void;
  bookRejected: (failure: AttemptFailure) => void;
  restartRequired: (reason: RestartReason, hotelId: string) => void;
  /** The shopper turned the held rate down (another room instead): no notice needed. */
  prebookAbandoned: () => void;
  restartNoticeDismissed: () => void;
}

type BookingDraftState = BookingDraftData & { events: BookingDraftEvents };

export const EMPTY_DRAFT: BookingDraftData = {
  choice: null,
  prebook: null,
  priceAccepted: false,
  details: null,
  attempt: null,
  restart: null,
  confirmed: null,
};

export const BOOKING_DRAFT_STORAGE_KEY = 'staylane.booking-draft';

function sessionStorageOrMemory(): StateStorage {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked: the draft lasts as long as the page.
    const memory = new Map<string, string>();
    return {
      getItem: (name) => memory.get(name) ?? null,
      setItem: (name, value) => void memory.set(name, value),
      removeItem: (name) => void memory.delete(name),
    };
  }
}

/** This load of the page: which one sends an attempt in flight (BookAttempt.sentBy). */
const THIS_PAGE_LOAD = newIdempotencyKey();

export function createBookingDraftStore(
  storage: () => StateStorage = sessionStorageOrMemory,
  makeKey: () => string = newIdempotencyKey,
  sender: string = THIS_PAGE_LOAD,
) {
  return create<BookingDraftState>()(
    persist(
      (set, get) => {
        const apply = (event: AttemptEvent) => set({ attempt: nextAttempt(get().attempt, event) });
        return {
          ...EMPTY_DRAFT,
          events: {
            ratePrebooked: (choice, prebook) => {
              const details = get().details;
              set({
                choice,
                prebook,
                priceAccepted: false,
                // What was typed for an earlier hold is kept, fitted to this stay's rooms.
                details: details ? fitGuestsToRooms(details, prebook.rooms.length) : null,
                attempt: null,
                restart: null,
              });
            },
            newPriceAccepted: () => set({ priceAccepted: true }),
            detailsEdited: (details) => set({ details }),
            bookSubmitted: (body) => {
              const { prebook, attempt } = get();
              if (!prebook) return null;
              const decision = decideSubmit(attempt, body, prebook.prebook_id, makeKey, sender);
              set({ attempt: decision.attempt });
              return decision;
            },
            bookResumed: () => {
              const before = get().attempt;
              const after = nextAttempt(before, { type: 'resumed', sender });
              if (after === before) return null;
              set({ attempt: after });
              return after;
            },
            bookSucceeded: (booking) => {
              const { choice } = get();
              // The booking is made: what was typed has served its purpose and leaves the tab.
              set({
                ...EMPTY_DRAFT,
                confirmed: {
                  reference: booking.reference,
                  lastName: booking.holder.last_name,
                  email: booking.holder.email,
                  timeZone: choice?.timeZone ?? null,
                },
              });
            },
            bookRetrying: (send) => apply({ type: 'retrying', send }),
            bookFailedUnknown: (failure) => apply({ type: 'outcomeUnknown', failure }),
            bookRejected: (failure) => apply({ type: 'refused', failure }),
            restartRequired: (reason, hotelId) =>
              set({
                prebook: null,
                priceAccepted: false,
                attempt: null,
                restart: { reason, hotelId },
              }),
            prebookAbandoned: () => set({ prebook: null, priceAccepted: false, attempt: null }),
            restartNoticeDismissed: () => set({ restart: null }),
          },
        };
      },
      {
        name: BOOKING_DRAFT_STORAGE_KEY,
        version: 4,
        migrate: (persisted, version) => {
          let data = persisted as BookingDraftData;
          // Version 1 attempts had no send number: one on its way was on its first send.
          if (version < 2 && data.attempt)
            data = { ...data, attempt: { ...data.attempt, send: 1 } };
          // Before version 3 a confirmation had no e-mail address, which a look-up now needs:
          // the confirmation page then sends the shopper to manage booking.
          if (version < 3) data = { ...data, confirmed: null };
          // Before version 4 an attempt did not say which page sent it: none does now.
          if (version < 4 && data.attempt)
            data = { ...data, attempt: { ...data.attempt, sentBy: null } };
          return data;
        },
        storage: createJSONStorage(storage),
        partialize: ({ events: _events, ...data }) => data,
      },
    ),
  );
}

const useBookingDraft = createBookingDraftStore();

/** For tests and the reload simulation: the store's current data. */
export function readBookingDraft(): BookingDraftData {
  const { events: _events, ...data } = useBookingDraft.getState();
  return data;
}

export function resetBookingDraft(data: Partial<BookingDraftData> = {}): void {
  useBookingDraft.setState({ ...EMPTY_DRAFT, ...data });
}

export const useRateChoice = () => useBookingDraft((state) => state.choice);
export const usePrebook = () => useBookingDraft((state) => state.prebook);
export const usePriceAccepted = () => useBookingDraft((state) => state.priceAccepted);
export const useDraftDetails = () => useBookingDraft((state) => state.details);
export const useBookAttempt = () => useBookingDraft((state) => state.attempt);
export const useRestartNotice = () => useBookingDraft((state) => state.restart);
export const useConfirmedBooking = () => useBookingDraft((state) => state.confirmed);
export const useBookingDraftEvents = () => useBookingDraft((state) => state.events);
/** Outside React (a mutation's callbacks): the same events. */
export const bookingDraftEvents = () => useBookingDraft.getState().events;
