// The browser's reading of a cancellation timeline: its phases, as the room options, the
// checkout, the confirmation and the cancel dialog show them. The rules themselves (the
// refund at an instant, the last instant of a full refund) are the contract's, which the
// sandbox follows too.
import { ascendingSteps, type CancellationStep } from '../contract/index.ts';

export { fullRefundUntil, refundAt, type CancellationStep } from '../contract/index.ts';

export type RefundKind = 'full' | 'partial' | 'none';

/** A stretch of time with one refund: from `from` (null: now) until `until` (null: check-in and after). */
export interface CancellationPhase {
  from: string | null;
  until: string | null;
  refund: number;
  kind: RefundKind;
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
  for (const step of ascendingSteps(timeline)) {
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
