// Reading a cancellation timeline (docs/api.md, "Room options"): steps ascend, and until
// a step's `until` (inclusive) cancelling refunds its `refund_amount`; after the last,
// nothing. One reading for the room options, the checkout, the confirmation and the
// refund a shopper is told before cancelling.

export interface CancellationStep {
  until: string;
  refund_amount: number;
}

export type RefundKind = 'full' | 'partial' | 'none';

/** A stretch of time with one refund: from `from` (null: now) until `until` (null: check-in and after). */
export interface CancellationPhase {
  from: string | null;
  until: string | null;
  refund: number;
  kind: RefundKind;
}

function ascending(timeline: readonly CancellationStep[]): CancellationStep[] {
  return [...timeline]
    .filter((step) => !Number.isNaN(Date.parse(step.until)))
    .sort((a, b) => Date.parse(a.until) - Date.parse(b.until));
}

function kindOf(refund: number, total: number): RefundKind {
  if (refund <= 0) return 'none';
  return refund >= total ? 'full' : 'partial';
}

/** The timeline as consecutive phases, ending with the phase in which nothing is refunded. */
export function cancellationPhases(
  timeline: readonly CancellationStep[],
  total: number,
): CancellationPhase[] {
  const phases: CancellationPhase[] = [];
  let from: string | null = null;
  for (const step of ascending(timeline)) {
    phases.push({
      from,
      until: step.until,
      refund: step.refund_amount,
      kind: kindOf(step.refund_amount, total),
    });
    from = step.until;
  }
  phases.push({ from, until: null, refund: 0, kind: 'none' });
  return phases;
}

/** What cancelling at `at` refunds: the first step whose deadline has not passed, else 0. */
export function refundAt(timeline: readonly CancellationStep[], at: Date): number {
  const now = at.getTime();
  const step = ascending(timeline).find((candidate) => Date.parse(candidate.until) >= now);
  return step?.refund_amount ?? 0;
}

/** The last instant a full refund is given, or null when there is none. */
export function fullRefundUntil(
  timeline: readonly CancellationStep[],
  total: number,
): string | null {
  const full = ascending(timeline).filter((step) => step.refund_amount >= total);
  return full.at(-1)?.until ?? null;
}
