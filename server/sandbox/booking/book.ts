// POST /hotels/book and its idempotency promise (docs/api.md, "Book and idempotency"):
//
// - the Idempotency-Key header is required (400 IDEMPOTENCY_KEY_REQUIRED);
// - a key is scoped to the organization; the record stores SHA-256 hashes of the key and
//   of the canonical parsed body, the status and the exact response body;
// - same key + same body → that status and body again, with `Idempotent-Replayed: true`;
//   a call that arrives while the first is still running waits for it and replays it;
// - same key + another body → 422 IDEMPOTENCY_KEY_MISMATCH;
// - a prebook booked under another key → 409 PREBOOK_ALREADY_BOOKED; an expired (or
//   unknown) prebook → 410 PREBOOK_EXPIRED. Both are outcomes of the attempt and are
//   recorded, so a retry with the same key gets the same answer. Answers given before
//   anything was attempted (400s: a missing key, an invalid body, guests that do not
//   match the prebook's rooms) are not recorded, so the corrected request may reuse
//   the key; neither is a 500 (the retry may succeed).
//
// The booking row and its idempotency record are written in ONE transaction, committed
// before the 201 is sent; the prebook counts as consumed by the booking that names it
// (bookings.prebook_id is UNIQUE). Before the commit the supplier "confirms" for
// 300–900 ms: a kill during that wait leaves nothing behind, and the client's retry with
// the same key books afresh (docs/decisions/006-sandbox-bookings.md).
import type { Context, Hono } from 'hono';
import {
  BookRequestSchema,
  guestRoomProblems,
  IdempotencyKeySchema,
  type BookRequest,
  type ErrorCode,
  type ErrorDetail,
  successEnvelope,
} from '../../../src/contract/index.ts';
import type { SandboxContext } from '../context.ts';
import type { StoredBooking, StoredPrebook } from '../db/store.ts';
import { newOpaqueId } from '../hotel/tokens.ts';
import type { SandboxEnv } from '../http/env.ts';
import { hashString, unitHash } from '../inventory/random.ts';
import { errorResponse, problemOf } from '../http/errors.ts';
import { successMessage } from '../http/messages.ts';
import { parseWith, readJsonBody, validationFailed } from '../http/validation.ts';
import { organizationOf, sha256Hex } from '../organization.ts';
import { presentBooking } from './present.ts';
import { newReference } from './reference.ts';

export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_HEADER = 'Idempotency-Key';

/** A response as stored in an idempotency record. */
interface StoredAnswer {
  status: number;
  body: string;
}

type Attempt =
  | { kind: 'answer'; answer: StoredAnswer; replayed: boolean }
  | { kind: 'response'; response: Response };

/** JSON with object keys sorted, so equal values hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The simulated supplier confirmation: 300–900 ms, the same for a prebook every time. */
function confirmationMs(ctx: SandboxContext, prebookId: string): number {
  return 300 + Math.floor(600 * unitHash(ctx.inventory.seedHash, hashString(prebookId), 31));
}

/** Guests named for a room beyond the people in it (the contract checks the lead guests). */
function occupancyProblems(request: BookRequest, prebook: StoredPrebook): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  prebook.rooms.forEach((room, i) => {
    const people = room.adults + room.child_ages.length;
    const named = request.guests.filter((g) => g.room === i + 1).length;
    if (named > people) {
      problems.push({
        field: 'guests',
        message: `names ${named} guests for room ${i + 1}, which is for ${people}`,
      });
    }
  });
  return problems;
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * The in-process side of idempotency: attempts under way, by organization and key, and
 * prebooks being booked. Node runs one handler at a time, so a check and a claim with no
 * await between them cannot interleave with another request's.
 */
export class BookingFlights {
  private readonly byKey = new Map<string, { requestHash: string; done: Promise<void> }>();
  private readonly byPrebook = new Map<string, Promise<void>>();

  keyFlight(id: string) {
    return this.byKey.get(id);
  }

  prebookFlight(prebookId: string) {
    return this.byPrebook.get(prebookId);
  }

  async withKey<T>(id: string, requestHash: string, work: () => Promise<T>): Promise<T> {
    const flight = deferred();
    this.byKey.set(id, { requestHash, done: flight.promise });
    try {
      return await work();
    } finally {
      this.byKey.delete(id);
      flight.resolve();
    }
  }

  async withPrebook<T>(prebookId: string, work: () => Promise<T>): Promise<T> {
    const flight = deferred();
    this.byPrebook.set(prebookId, flight.promise);
    try {
      return await work();
    } finally {
      this.byPrebook.delete(prebookId);
      flight.resolve();
    }
  }
}

/** Records of failed attempts are replayed for a day, then forgotten (checked at most once a minute). */
export const FAILED_RECORD_RETENTION_MS = 86_400_000;
const PRUNE_EVERY_MS = 60_000;

export function registerBookRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  const { store } = ctx;
  const flights = new BookingFlights();
  let lastPrune = Number.NEGATIVE_INFINITY;

  function failure(
    c: Context<SandboxEnv>,
    code: ErrorCode,
    details: ErrorDetail[] = [],
  ): StoredAnswer {
    const { status, envelope } = problemOf(c, code, { details });
    return { status, body: JSON.stringify(envelope) };
  }

  /** What the key's record says about this request, or null when there is no record. */
  function recorded(
    c: Context<SandboxEnv>,
    org: string,
    keyHash: string,
    requestHash: string,
  ): Attempt | null {
    const existing = store.record(org, keyHash);
    if (!existing) return null;
    return existing.requestHash === requestHash
      ? { kind: 'answer', answer: existing, replayed: true }
      : { kind: 'answer', answer: failure(c, 'IDEMPOTENCY_KEY_MISMATCH'), replayed: false };
  }

  /**
   * Stores an outcome under the key and answers with it. Were a record there already
   * (another process on the same file), that one wins and is replayed.
   */
  function record(
    c: Context<SandboxEnv>,
    key: { org: string; keyHash: string; requestHash: string },
    answer: StoredAnswer,
    bookingId: string | null,
  ): Attempt {
    const stored = store.insertRecord(
      key.org,
      key.keyHash,
      { requestHash: key.requestHash, ...answer, bookingId },
      ctx.now(),
    );
    if (stored) return { kind: 'answer', answer, replayed: false };
    return (
      recorded(c, key.org, key.keyHash, key.requestHash) ?? {
        kind: 'answer',
        answer,
        replayed: false,
      }
    );
  }

  /** An answer that is not recorded under the key. */
  function answerOnly(answer: StoredAnswer): Attempt {
    return { kind: 'answer', answer, replayed: false };
  }

  /** The attempt proper, once this request leads its key. */
  async function attempt(
    c: Context<SandboxEnv>,
    key: { org: string; keyHash: string; requestHash: string },
    request: BookRequest,
  ): Promise<Attempt> {
    const { org } = key;
    let prebook: StoredPrebook | null;
    for (;;) {
      prebook = store.prebook(request.prebook_id, org);
      if (!prebook) {
        // Nothing to protect: an unknown prebook gets this answer whatever the key, and
        // recording it would let anyone grow the table with made-up ids.
        return answerOnly(
          failure(c, 'PREBOOK_EXPIRED', [
            {
              field: 'prebook_id',
              message: 'has expired or is unknown; start again from room options',
            },
          ]),
        );
      }
      if (store.bookingIdOfPrebook(prebook.prebookId) !== null) {
        return record(c, key, failure(c, 'PREBOOK_ALREADY_BOOKED'), null);
      }
      // Another key is booking this prebook right now: its outcome decides ours.
      const other = flights.prebookFlight(prebook.prebookId);
      if (!other) break;
      await other;
    }
    if (ctx.now() >= prebook.expiresAt) {
      return record(
        c,
        key,
        failure(c, 'PREBOOK_EXPIRED', [
          { field: 'prebook_id', message: 'has expired; start again from room options' },
        ]),
        null,
      );
    }
    const problems = [
      ...guestRoomProblems(request.guests, prebook.rooms.length),
      ...occupancyProblems(request, prebook),
    ];
    if (problems.length > 0) {
      return {
        kind: 'response',
        response: errorResponse(c, 'VALIDATION_FAILED', { details: problems }),
      };
    }

    const held = prebook;
    return flights.withPrebook(held.prebookId, async () => {
      await ctx.sleep(confirmationMs(ctx, held.prebookId));
      const language = c.get('language');
      // One transaction: the booking and the record that names it commit together or not at all.
      return store.transaction((): Attempt => {
        const existing = recorded(c, org, key.keyHash, key.requestHash);
        if (existing) return existing;
        if (store.bookingIdOfPrebook(held.prebookId) !== null) {
          return record(c, key, failure(c, 'PREBOOK_ALREADY_BOOKED'), null);
        }
        const booking: StoredBooking = {
          bookingId: newOpaqueId(),
          org,
          reference: newReference((candidate) => store.isReferenceTaken(org, candidate)),
          prebookId: held.prebookId,
          status: 'CONFIRMED',
          createdAt: ctx.now(),
          cancelledAt: null,
          refundAmount: null,
          holder: request.holder,
          guests: request.guests,
          specialRequests: request.special_requests || null,
          clientReference: request.client_reference ?? null,
          prebook: held,
        };
        store.insertBooking(booking);
        const envelope = successEnvelope(
          successMessage(language, 'booked'),
          presentBooking(booking, language),
        );
        return record(c, key, { status: 201, body: JSON.stringify(envelope) }, booking.bookingId);
      });
    });
  }

  app.post('/hotels/book', async (c) => {
    const now = ctx.now();
    if (now - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now;
      store.pruneFailedRecords(now - FAILED_RECORD_RETENTION_MS);
    }
    // The key is checked before the body is read: without one nothing else matters.
    const sent = c.req.header(KEY_HEADER);
    if (sent === undefined || sent.trim() === '') {
      return errorResponse(c, 'IDEMPOTENCY_KEY_REQUIRED', {
        details: [{ field: KEY_HEADER, message: 'is required' }],
      });
    }
    const idempotencyKey = parseWith(IdempotencyKeySchema, sent, KEY_HEADER);
    if (!idempotencyKey.ok) {
      return errorResponse(c, 'IDEMPOTENCY_KEY_REQUIRED', { details: idempotencyKey.details });
    }
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    const parsed = parseWith(BookRequestSchema, body.value);
    if (!parsed.ok) return validationFailed(c, parsed.details);
    const request = parsed.value;
    const key = {
      org: organizationOf(c.get('apiKey')),
      keyHash: sha256Hex(idempotencyKey.value),
      requestHash: sha256Hex(canonicalJson(request)),
    };
    const flightId = `${key.org}\n${key.keyHash}`;

    let result: Attempt | null;
    for (;;) {
      result = recorded(c, key.org, key.keyHash, key.requestHash);
      if (result) break;
      const flight = flights.keyFlight(flightId);
      if (!flight) {
        result = await flights.withKey(flightId, key.requestHash, () => attempt(c, key, request));
        break;
      }
      if (flight.requestHash !== key.requestHash) {
        result = {
          kind: 'answer',
          answer: failure(c, 'IDEMPOTENCY_KEY_MISMATCH'),
          replayed: false,
        };
        break;
      }
      // The same request is under way: wait for its outcome, then replay it (or, if it
      // ended without a record, make the attempt ourselves).
      await flight.done;
    }

    if (result.kind === 'response') return result.response;
    const { answer, replayed } = result;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (replayed) headers[REPLAYED_HEADER] = 'true';
    return c.body(answer.body, answer.status as 201, headers);
  });
}
