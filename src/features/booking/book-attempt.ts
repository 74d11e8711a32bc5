// The rules of a booking attempt (docs/api.md, "Book and idempotency"): one
// Idempotency-Key per attempt, and every send of an attempt — a double click, an
// automatic retry, a "Try again", a resend after a reload — carries that key AND the same
// bytes. A new key is made only when the shopper deliberately starts a new attempt after
// the earlier one is KNOWN to have failed. Pure functions; the draft store applies them.
import type { ErrorDetail } from '../../contract/index.ts';
import { isApiError } from '../../lib/api-client.ts';

/**
 * The states of one booking attempt (no attempt at all is "idle"):
 *
 *   idle ─submit→ sending ─answer→ succeeded
 *                    │ ╲─refused (4xx)→ failed ─submit (new key)→ sending
 *                    │  ╲─no answer, retries spent→ unknown ─submit (same request)→ sending
 *                    └─transient failure→ retrying ─answer/refused/spent→ (as sending)
 *
 * - `sending`: on its way (also after a reload that interrupted it: it is sent again).
 * - `retrying`: an automatic resend of the same request after a transient failure.
 * - `unknown`: the sends failed in a way that does not tell whether the hotel booked it
 *   (network error, 5xx, 429 after the automatic retries). Only the same request may
 *   follow, so the details are locked until it is resolved.
 * - `failed`: the server refused it (a 4xx): nothing was booked; the shopper may change
 *   the details, and the next submit is a new attempt with a new key.
 * - `succeeded`: booked.
 */
export type AttemptStatus = 'sending' | 'retrying' | 'unknown' | 'failed' | 'succeeded';

export interface AttemptFailure {
  status: number;
  code: string;
  message: string;
  details: ErrorDetail[];
  requestId: string | null;
  retryAfterMs: number | null;
}

export interface BookAttempt {
  /** The Idempotency-Key of this attempt. */
  key: string;
  /** The exact serialized JSON body: what every send of this attempt sends. */
  body: string;
  prebookId: string;
  status: AttemptStatus;
  /** Which send of this click is under way: 1, then 2 and up for automatic retries. */
  send: number;
  /**
   * The page (one load of it) sending the attempt while it is in flight. Kept with the
   * attempt, which outlives a reload: a page that finds an attempt in flight but sent by
   * another load knows that nobody is sending it any more, and sends it once.
   */
  sentBy: string | null;
  failure: AttemptFailure | null;
}

export type AttemptEvent =
  /** A click on Book or Try again, with the body the form would send now, on page `sender`. */
  | { type: 'submitted'; body: string; prebookId: string; newKey: () => string; sender: string }
  /** Page `sender` found the attempt in flight when it loaded. */
  | { type: 'resumed'; sender: string }
  | { type: 'retrying'; send: number }
  | { type: 'outcomeUnknown'; failure: AttemptFailure }
  | { type: 'refused'; failure: AttemptFailure }
  | { type: 'succeeded' };

/** On its way: a send or an automatic resend has not answered yet. */
export function inFlight(attempt: BookAttempt | null): boolean {
  return attempt?.status === 'sending' || attempt?.status === 'retrying';
}

/**
 * The one transition function of a booking attempt. An event that does not apply to the
 * current state (an answer for an attempt no longer in flight) leaves it as it is.
 */
export function nextAttempt(current: BookAttempt | null, event: AttemptEvent): BookAttempt | null {
  if (event.type === 'submitted') {
    return submit(current, event.body, event.prebookId, event.newKey, event.sender);
  }
  if (!current) return null;
  switch (event.type) {
    case 'resumed':
      // In flight but sent by an earlier load of the page: nobody sends it now.
      return inFlight(current) && current.sentBy !== event.sender
        ? { ...current, sentBy: event.sender }
        : current;
    case 'retrying':
      return inFlight(current) ? { ...current, status: 'retrying', send: event.send } : current;
    case 'outcomeUnknown':
      return inFlight(current)
        ? { ...current, status: 'unknown', failure: event.failure }
        : current;
    case 'refused':
      return inFlight(current) ? { ...current, status: 'failed', failure: event.failure } : current;
    case 'succeeded':
      return { ...current, status: 'succeeded', failure: null };
  }
}

function submit(
  current: BookAttempt | null,
  body: string,
  prebookId: string,
  newKey: () => string,
  sender: string,
): BookAttempt {
  if (current && current.prebookId === prebookId) {
    // A double click: it is already on its way.
    if (inFlight(current)) return current;
    // Outcome unknown: the same key with the same bytes, whatever the form holds now.
    if (current.status === 'unknown') {
      return { ...current, status: 'sending', send: 1, sentBy: sender, failure: null };
    }
  }
  // No attempt yet, a known failure, or another prebook: a deliberate new attempt.
  return {
    key: newKey(),
    body,
    prebookId,
    status: 'sending',
    send: 1,
    sentBy: sender,
    failure: null,
  };
}

export type SubmitDecision =
  /** Send this attempt (a new one, or the same one again). */
  | { action: 'send'; attempt: BookAttempt }
  /** It is already on its way: a second click sends nothing. */
  | { action: 'wait'; attempt: BookAttempt };

/**
 * What a click on "Book" (or "Try again") does, given the current attempt and the
 * body the form would send now.
 */
export function decideSubmit(
  current: BookAttempt | null,
  body: string,
  prebookId: string,
  makeKey: () => string,
  sender: string,
): SubmitDecision {
  const next = submit(current, body, prebookId, makeKey, sender);
  // The same one in flight means "already on its way".
  return next === current ? { action: 'wait', attempt: next } : { action: 'send', attempt: next };
}

/** While an attempt may still book, the details it sent must not change under it. */
export function detailsLocked(attempt: BookAttempt | null): boolean {
  return inFlight(attempt) || attempt?.status === 'unknown';
}

/** A new key: 122 random bits, in the contract's alphabet (8–128 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * - `unknown`: may or may not have booked; only the same request may follow.
 * - `rejected`: refused, nothing booked; the details can be fixed.
 * - `restart`: the hold is gone (or already used): back to fresh room options.
 */
export type FailureKind = 'unknown' | 'rejected' | 'restart';

export function classifyBookFailure(error: unknown): FailureKind {
  if (!isApiError(error)) return 'unknown';
  if (error.code === 'PREBOOK_EXPIRED' || error.code === 'PREBOOK_ALREADY_BOOKED') {
    return 'restart';
  }
  // An answer we could not read, or a request cut off, may still have booked.
  if (error.retryable || error.code === 'BAD_RESPONSE' || error.code === 'ABORTED') {
    return 'unknown';
  }
  return 'rejected';
}

export function toAttemptFailure(error: unknown): AttemptFailure {
  if (isApiError(error)) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      details: error.details,
      requestId: error.requestId,
      retryAfterMs: error.retryAfterMs,
    };
  }
  return {
    status: 0,
    code: 'NETWORK_ERROR',
    message: error instanceof Error ? error.message : 'Unknown error',
    details: [],
    requestId: null,
    retryAfterMs: null,
  };
}
