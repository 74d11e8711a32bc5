// What the checkout says when the hold changed under the shopper: it expired, the price
// rose or fell, or the cancellation terms changed. Each asks for a decision before Book.
import { useId } from 'react';
import type { Prebook } from '../../../contract/index.ts';
import { useDeadlineText } from '../../../components/ui/deadline.tsx';
import { useMoney } from '../../../lib/money.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { RateChoice } from '../../../lib/rate-choice.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useFocusOnMount } from '../../../components/ui/focus.ts';

export function HoldExpired({ onRestart }: { onRestart: () => void }) {
  const { t } = useT();
  const ref = useFocusOnMount<HTMLDivElement>({ scroll: true });
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="space-y-2 rounded-xl border border-amber-400 bg-amber-50 p-4 outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
    >
      <p className="font-bold">{t('checkout.hold.expiredTitle')}</p>
      <p>{t('checkout.hold.expiredBody')}</p>
      <Button variant="secondary" onClick={onRestart}>
        {t('checkout.hold.freshRooms')}
      </Button>
    </div>
  );
}

export function PriceChange({
  previous,
  prebook,
  rose,
  accepted,
  onAccept,
  onDecline,
}: {
  previous: number;
  prebook: Prebook;
  rose: boolean;
  accepted: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const shown = useMoney();
  const money = (cents: number) => shown.charged(cents, prebook.price.currency);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`space-y-3 rounded-xl border p-4 ${rose ? 'border-amber-400 bg-amber-50' : 'border-emerald-300 bg-emerald-50'}`}
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {rose ? t('prebook.price.roseTitle') : t('prebook.price.fellTitle')}
      </h2>
      <p>{rose ? t('prebook.price.roseBody') : t('prebook.price.fellBody')}</p>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-white p-3">
          <dt className="text-sm text-slate-700">{t('prebook.price.before')}</dt>
          <dd className="text-xl font-semibold tabular-nums text-slate-700 line-through">
            {money(previous)}
          </dd>
        </div>
        <div className="rounded-lg bg-white p-3 ring-2 ring-slate-900">
          <dt className="text-sm text-slate-700">{t('prebook.price.now')}</dt>
          <dd className="text-xl font-bold tabular-nums">{money(prebook.price.amount)}</dd>
        </div>
      </dl>
      {rose &&
        (accepted ? (
          <p className="font-semibold text-emerald-800">
            <span aria-hidden="true">✓ </span>
            {t('prebook.price.accepted', { price: money(prebook.price.amount) })}
          </p>
        ) : (
          <div className="flex flex-wrap gap-3">
            <Button size="lg" onClick={onAccept}>
              {t('prebook.price.accept', { price: money(prebook.price.amount) })}
            </Button>
            <Button variant="secondary" onClick={onDecline}>
              {t('prebook.price.decline')}
            </Button>
          </div>
        ))}
    </section>
  );
}

export function CancellationChanged({ prebook, choice }: { prebook: Prebook; choice: RateChoice }) {
  const { t } = useT();
  const deadline = useDeadlineText();
  const now = prebook.free_cancellation_until
    ? t('prebook.terms.nowFreeUntil', {
        deadline: deadline(prebook.free_cancellation_until, choice.timeZone),
      })
    : t('prebook.terms.nowNonRefundable');
  const before = choice.quotedFreeCancellationUntil
    ? t('prebook.terms.beforeFreeUntil', {
        deadline: deadline(choice.quotedFreeCancellationUntil, choice.timeZone),
      })
    : null;
  return (
    <div className="space-y-1 rounded-xl border border-amber-400 bg-amber-50 p-4">
      <p className="font-bold">{t('prebook.terms.title')}</p>
      <p>
        {now}
        {before && ` ${before}`}
      </p>
    </div>
  );
}
