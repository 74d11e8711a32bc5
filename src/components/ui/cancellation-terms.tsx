// What cancelling costs, read from the rate's cancellation timeline: a one-line
// summary ("Free cancellation until …" / "Non-refundable") and every phase with its
// refund. Shared by the room options, the checkout and the booking pages.
import { useId } from 'react';
import {
  cancellationPhases,
  fullRefundUntil,
  type CancellationStep,
} from '../../lib/cancellation.ts';
import { useMoney } from '../../lib/money.tsx';
import { useT } from '../../lib/i18n.ts';
import { useDeadlineText } from './deadline.tsx';

export interface CancellationTermsProps {
  timeline: readonly CancellationStep[];
  total: number;
  currency: string;
  timeZone: string | null | undefined;
  /** Show the phases open (checkout, booking pages) or behind a disclosure (room options). */
  expanded?: boolean;
  /** Refunds to the cent, beside a payment shown to the cent (checkout, booking pages). */
  exact?: boolean;
}

export function CancellationSummary({
  timeline,
  total,
  timeZone,
}: Pick<CancellationTermsProps, 'timeline' | 'total' | 'timeZone'>) {
  const { t } = useT();
  const deadline = useDeadlineText();
  const freeUntil = fullRefundUntil(timeline, total);
  if (freeUntil) {
    return (
      <p className="text-sm font-medium text-emerald-800">
        {t('cancellation.freeUntil', { deadline: deadline(freeUntil, timeZone) })}
      </p>
    );
  }
  return (
    <p className="text-sm font-medium text-slate-800">
      {timeline.some((step) => step.refund_amount > 0)
        ? t('cancellation.partial')
        : t('cancellation.nonRefundable')}
    </p>
  );
}

export function CancellationTimeline({
  timeline,
  total,
  currency,
  timeZone,
  exact = false,
}: Omit<CancellationTermsProps, 'expanded'>) {
  const { t } = useT();
  const money = useMoney();
  const deadline = useDeadlineText();
  const phases = cancellationPhases(timeline, total);
  return (
    <ol className="space-y-1 text-sm text-slate-800">
      {phases.map((phase) => {
        const amount = (exact ? money.charged : money.price)(phase.refund, currency);
        const key = `${phase.from ?? 'now'}-${phase.until ?? 'end'}`;
        let text: string;
        if (phase.until === null) {
          text =
            phase.from === null
              ? t('cancellation.noRefundEver')
              : t('cancellation.afterNone', { deadline: deadline(phase.from, timeZone) });
        } else {
          text = t(phase.kind === 'full' ? 'cancellation.untilFull' : 'cancellation.untilPartial', {
            deadline: deadline(phase.until, timeZone),
            amount,
          });
        }
        return <li key={key}>{text}</li>;
      })}
    </ol>
  );
}

export function CancellationTerms({ expanded = false, ...props }: CancellationTermsProps) {
  const { t } = useT();
  const headingId = useId();
  if (expanded) {
    return (
      <div className="space-y-1" role="group" aria-labelledby={headingId}>
        <p id={headingId} className="text-sm font-semibold text-slate-900">
          {t('cancellation.title')}
        </p>
        <CancellationTimeline {...props} />
      </div>
    );
  }
  return (
    <details className="text-sm">
      <summary className="w-fit cursor-pointer rounded text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700">
        {t('cancellation.title')}
      </summary>
      <div className="mt-1 ps-4">
        <CancellationTimeline {...props} />
      </div>
    </details>
  );
}
