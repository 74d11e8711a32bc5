// The stay being booked, its price and its cancellation terms, beside (on a phone: above)
// the guest details.
import { useId } from 'react';
import type { Prebook } from '../../../contract/index.ts';
import { formatStayRange } from '../../../lib/format.ts';
import { useMoney } from '../../../lib/money.tsx';
import { CancellationCosts, ChargedInNote } from '../booking-facts.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { RateChoice } from '../../../lib/rate-choice.ts';
import { nightsBetween } from '../../../contract/index.ts';
import { describeGuests } from '../../../stay/guests.ts';

export function StaySummary({ prebook, choice }: { prebook: Prebook; choice: RateChoice }) {
  const { t, language } = useT();
  const id = useId();
  const nights = nightsBetween(prebook.check_in, prebook.check_out);
  const shown = useMoney();
  const money = (cents: number) => shown.charged(cents, prebook.price.currency);
  return (
    <aside
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('checkout.summary.title')}
      </h2>
      <div>
        <p className="font-semibold">{prebook.hotel_name}</p>
        <p>
          {prebook.room_name} · {choice.boardName}
        </p>
      </div>
      <p>
        {formatStayRange(prebook.check_in, prebook.check_out, language)} ·{' '}
        {t('stay.nights', { count: nights })}
      </p>
      <p>{describeGuests(t, prebook.rooms)}</p>
      <div>
        <p className="text-2xl font-bold tabular-nums">{money(prebook.price.amount)}</p>
        <p className="text-sm text-slate-700">
          {t('price.perNight', { price: money(prebook.price.amount / Math.max(1, nights)) })}
        </p>
        <ChargedInNote cents={prebook.price.amount} currency={prebook.price.currency} />
      </div>
      <CancellationCosts of={prebook} timeZone={choice.timeZone} />
    </aside>
  );
}
