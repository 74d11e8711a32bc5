// Reading a cancellation timeline (docs/api.md, "Room options"): steps ascend, and until
// a step's `until` (inclusive) cancelling refunds its `refund_amount`; after the last,
// nothing. One reading for the browser (room options, checkout, confirmation, the refund
// a shopper is told before cancelling) and the sandbox (free_cancellation_until, and the
// refund it books when a booking is cancelled).
import type { CancellationStep } from './hotel.ts';

/** The steps by deadline, whatever order they came in; a deadline that does not parse is left out. */
export function ascendingSteps(timeline: readonly CancellationStep[]): CancellationStep[] {
  return [...timeline]
    .filter((step) => !Number.isNaN(Date.parse(step.until)))
    .sort((a, b) => Date.parse(a.until) - Date.parse(b.until));
}

/** What cancelling at `at` (a date or epoch ms) refunds: the first step not yet over, else 0. */
export function refundAt(timeline: readonly CancellationStep[], at: Date | number): number {
  const now = typeof at === 'number' ? at : at.getTime();
  const step = ascendingSteps(timeline).find((candidate) => Date.parse(candidate.until) >= now);
  return step?.refund_amount ?? 0;
}

/**
 * The last instant a full refund is given, or null when there is none: a rate's
 * `free_cancellation_until`.
 */
export function fullRefundUntil(
  timeline: readonly CancellationStep[],
  total: number,
): string | null {
  const full = ascendingSteps(timeline).filter((step) => step.refund_amount >= total);
  return full.at(-1)?.until ?? null;
}
