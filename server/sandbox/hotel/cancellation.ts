// Cancellation terms and their timeline. A refundable rate is free to cancel until a
// deadline (23:59 hotel time a few days before arrival, like the search's model); some
// hotels then refund all but the first night until the check-in hour of the arrival
// day; after the last step nothing is refunded.
//
// The contract's shape: `cancellation_timeline` is a list of {until, refund_amount},
// ascending; how it is read (the refund at an instant, `free_cancellation_until`) is the
// contract's rule (src/contract/cancellation.ts), the browser's too.
import type { CancellationStep } from '../../../src/contract/index.ts';
import { zoneOffsetMs } from '../pricing/time.ts';

const DAY_MS = 86_400_000;

export interface CancellationTerms {
  /** Free cancellation until this instant (ms), or null: non-refundable. */
  freeUntil: number | null;
  /** Then all but the first night is refunded until this instant, or null. */
  partialUntil: number | null;
}

export const NON_REFUNDABLE: CancellationTerms = { freeUntil: null, partialUntil: null };

/** "2026-12-01T10:00:00Z": whole seconds (rounded down), as the contract writes instants. */
export function isoInstant(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** The UTC instant of a wall-clock time ("15:00") on a day (days since 1970-01-01) in a zone. */
export function localInstant(day: number, time: string, timeZone: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const guess = day * DAY_MS + (hours * 60 + minutes) * 60_000;
  const first = guess - zoneOffsetMs(guess, timeZone);
  // Across a DST change the offset at the first estimate can differ; one correction suffices.
  return guess - zoneOffsetMs(first, timeZone);
}

/** The terms as they stand at `now`: deadlines already past are gone. */
export function termsAt(terms: CancellationTerms, now: number): CancellationTerms {
  const freeUntil = terms.freeUntil !== null && terms.freeUntil > now ? terms.freeUntil : null;
  const partialUntil =
    terms.partialUntil !== null && terms.partialUntil > now ? terms.partialUntil : null;
  return { freeUntil, partialUntil };
}

export function isRefundable(terms: CancellationTerms): boolean {
  return terms.freeUntil !== null;
}

export function sameTerms(a: CancellationTerms, b: CancellationTerms): boolean {
  return a.freeUntil === b.freeUntil && a.partialUntil === b.partialUntil;
}

/** The refund of the partial step: everything but the first night. */
export function partialRefund(amount: number, nights: number): number {
  return amount - Math.round(amount / nights);
}

export function timelineOf(
  amount: number,
  terms: CancellationTerms,
  nights: number,
): CancellationStep[] {
  const steps: CancellationStep[] = [];
  if (terms.freeUntil !== null) {
    steps.push({ until: isoInstant(terms.freeUntil), refund_amount: amount });
  }
  if (
    terms.partialUntil !== null &&
    nights > 1 &&
    (terms.freeUntil === null || terms.partialUntil > terms.freeUntil)
  ) {
    steps.push({
      until: isoInstant(terms.partialUntil),
      refund_amount: partialRefund(amount, nights),
    });
  }
  return steps;
}
