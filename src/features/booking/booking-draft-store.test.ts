import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { createBookingDraftStore, BOOKING_DRAFT_STORAGE_KEY } from './booking-draft-store.ts';
import { bookingFixture, choice, prebookFixture } from '../../testing/booking-fixtures.ts';
import { emptyGuestDetails } from './guest-details.ts';

/** A sessionStorage that outlives the store, as the real one outlives a reload. */
function memoryStorage() {
  const data = new Map<string, string>();
  const storage: StateStorage = {
    getItem: (name) => data.get(name) ?? null,
    setItem: (name, value) => void data.set(name, value),
    removeItem: (name) => void data.delete(name),
  };
  return { storage, data };
}

function counterKeys() {
  let n = 0;
  return () => `attempt-key-${++n}`;
}

const BODY = '{"prebook_id":"i6Ve2wzrkEXVSBEGuYP4pTEkV5d5ez-X","holder":{}}';
const EDITED = '{"prebook_id":"i6Ve2wzrkEXVSBEGuYP4pTEkV5d5ez-X","holder":{"x":1}}';
const failure = (status: number, code: string) => ({
  status,
  code,
  message: code,
  details: [],
  requestId: null,
  retryAfterMs: null,
});

function prebooked() {
  const { storage, data } = memoryStorage();
  const keys = counterKeys();
  const store = createBookingDraftStore(() => storage, keys, 'first-page-load');
  store.getState().events.ratePrebooked(choice, prebookFixture());
  return { store, storage, data, keys };
}

describe('the booking draft store', () => {
  it('keeps the hold, the typed details and the attempt across a reload', () => {
    const { store, storage, keys } = prebooked();
    const details = emptyGuestDetails(1, 'IN');
    details.holder.first_name = 'Asha';
    store.getState().events.detailsEdited(details);
    store.getState().events.newPriceAccepted();
    const decision = store.getState().events.bookSubmitted(BODY);
    expect(decision?.action).toBe('send');

    // A reload: a new store over the same storage, in another load of the page.
    const reloaded = createBookingDraftStore(() => storage, keys, 'second-page-load').getState();
    expect(reloaded.prebook?.prebook_id).toBe('i6Ve2wzrkEXVSBEGuYP4pTEkV5d5ez-X');
    expect(reloaded.choice).toEqual(choice);
    expect(reloaded.priceAccepted).toBe(true);
    expect(reloaded.details?.holder.first_name).toBe('Asha');
    expect(reloaded.attempt).toEqual({
      key: 'attempt-key-1',
      body: BODY,
      prebookId: 'i6Ve2wzrkEXVSBEGuYP4pTEkV5d5ez-X',
      status: 'sending',
      send: 1,
      sentBy: 'first-page-load',
      failure: null,
    });
  });

  it('reads an attempt saved before attempts counted their sends as on its first send', () => {
    const { storage, data } = memoryStorage();
    const attempt = {
      key: 'k-old',
      body: BODY,
      prebookId: 'p-old',
      status: 'sending',
      failure: null,
    };
    data.set(BOOKING_DRAFT_STORAGE_KEY, JSON.stringify({ state: { attempt }, version: 1 }));
    const reloaded = createBookingDraftStore(() => storage, counterKeys()).getState();
    // Nor did it say which page sent it: none does now.
    expect(reloaded.attempt).toEqual({ ...attempt, send: 1, sentBy: null });
  });

  it('knows which load of the page sends the attempt in flight: a reload resumes it once, the same page never twice', () => {
    const { store, storage, keys } = prebooked();
    store.getState().events.bookSubmitted(BODY);
    // The same page (a second effect of a strict-mode mount): it is already sent here.
    expect(store.getState().events.bookResumed()).toBeNull();
    const reloaded = createBookingDraftStore(() => storage, keys, 'second-page-load');
    const resumed = reloaded.getState().events.bookResumed();
    expect(resumed).toMatchObject({ key: 'attempt-key-1', sentBy: 'second-page-load' });
    expect(reloaded.getState().events.bookResumed()).toBeNull();
  });

  it('counts automatic resends on the attempt in flight, and forgets them on its outcome', () => {
    const { store } = prebooked();
    const { events } = store.getState();
    events.bookSubmitted(BODY);
    events.bookRetrying(2);
    expect(store.getState().attempt).toMatchObject({ status: 'retrying', send: 2 });
    events.bookFailedUnknown(failure(503, 'UPSTREAM_UNAVAILABLE'));
    expect(store.getState().attempt).toMatchObject({ status: 'unknown', key: 'attempt-key-1' });
    events.bookRetrying(3);
    expect(store.getState().attempt?.status).toBe('unknown');
  });

  it('sends nothing twice on a double click, and the same key and body on Try again', () => {
    const { store } = prebooked();
    const { events } = store.getState();
    const first = events.bookSubmitted(BODY);
    const second = events.bookSubmitted(BODY);
    expect(first?.action).toBe('send');
    expect(second).toEqual({ action: 'wait', attempt: first?.attempt });

    events.bookFailedUnknown(failure(502, 'UPSTREAM_UNAVAILABLE'));
    expect(store.getState().attempt?.status).toBe('unknown');
    const again = events.bookSubmitted(EDITED);
    expect(again?.action).toBe('send');
    expect(again?.attempt.key).toBe('attempt-key-1');
    expect(again?.attempt.body).toBe(BODY);
  });

  it('makes a new key only for a new attempt after a known failure', () => {
    const { store } = prebooked();
    const { events } = store.getState();
    events.bookSubmitted(BODY);
    events.bookRejected(failure(400, 'VALIDATION_FAILED'));
    expect(store.getState().attempt?.status).toBe('failed');
    const next = events.bookSubmitted(EDITED);
    expect(next?.attempt).toMatchObject({ key: 'attempt-key-2', body: EDITED, status: 'sending' });
  });

  it('keeps the same key after a reload of an attempt of unknown outcome', () => {
    const { store, storage, keys } = prebooked();
    store.getState().events.bookSubmitted(BODY);
    store.getState().events.bookFailedUnknown(failure(0, 'NETWORK_ERROR'));
    const reloaded = createBookingDraftStore(() => storage, keys);
    const again = reloaded.getState().events.bookSubmitted(EDITED);
    expect(again?.attempt).toMatchObject({ key: 'attempt-key-1', body: BODY });
  });

  it('sends nothing without a hold', () => {
    const { storage } = memoryStorage();
    const store = createBookingDraftStore(() => storage, counterKeys());
    expect(store.getState().events.bookSubmitted(BODY)).toBeNull();
  });

  it('forgets the typed details once booked, keeping what finds the booking again', () => {
    const { store, data } = prebooked();
    store.getState().events.detailsEdited(emptyGuestDetails(1, 'IN'));
    store.getState().events.bookSubmitted(BODY);
    store.getState().events.bookSucceeded(bookingFixture());
    const state = store.getState();
    expect(state.details).toBeNull();
    expect(state.prebook).toBeNull();
    expect(state.attempt).toBeNull();
    expect(state.confirmed).toEqual({
      reference: '6L2SB45',
      lastName: 'Rao',
      email: 'asha@example.com',
      timeZone: 'Europe/Lisbon',
    });
    // The phone number and the first name have served their purpose.
    expect(data.get(BOOKING_DRAFT_STORAGE_KEY)).not.toContain('98765');
    expect(data.get(BOOKING_DRAFT_STORAGE_KEY)).not.toContain('Asha');
  });

  it('drops a confirmation stored before look-ups took the e-mail address', () => {
    const { storage, data } = memoryStorage();
    const confirmed = { reference: '6L2SB45', lastName: 'Rao', timeZone: null };
    data.set(BOOKING_DRAFT_STORAGE_KEY, JSON.stringify({ state: { confirmed }, version: 2 }));
    const store = createBookingDraftStore(() => storage, counterKeys());
    expect(store.getState().confirmed).toBeNull();
  });

  it('keeps what was typed when the hold is lost, and fits it to the next stay', () => {
    const { store } = prebooked();
    const details = emptyGuestDetails(1, 'IN');
    details.holder.last_name = 'Rao';
    store.getState().events.detailsEdited(details);
    store.getState().events.bookSubmitted(BODY);
    store.getState().events.restartRequired('PREBOOK_EXPIRED', '8760001');
    expect(store.getState()).toMatchObject({
      prebook: null,
      attempt: null,
      restart: { reason: 'PREBOOK_EXPIRED', hotelId: '8760001' },
    });
    expect(store.getState().details?.holder.last_name).toBe('Rao');

    const twoRooms = prebookFixture({
      prebook_id: 'another-prebook-id-0001',
      rooms: [
        { adults: 2, child_ages: [] },
        { adults: 1, child_ages: [] },
      ],
    });
    store.getState().events.ratePrebooked(choice, twoRooms);
    expect(store.getState().restart).toBeNull();
    expect(store.getState().details?.holder.last_name).toBe('Rao');
    expect(store.getState().details?.guests).toHaveLength(2);
  });
});
