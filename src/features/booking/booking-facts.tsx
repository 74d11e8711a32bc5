// Pieces that describe a stay and its money, shared by the checkout, the confirmation
// and manage booking: the board's name, the guests, and what is paid now and at the hotel.
import type { BoardType, PaymentType, Prebook } from '../../contract/index.ts';
import { CancellationSummary, CancellationTerms } from '../../components/ui/cancellation-terms.tsx';
import { useMoney } from '../../lib/money.tsx';
import { useT, type MessageId } from '../../lib/i18n.ts';

export const BOARD_NAME: Record<BoardType, MessageId> = {
  room_only: 'board.room_only',
  breakfast: 'board.breakfast',
  half_board: 'board.half_board',
  full_board: 'board.full_board',
  all_inclusive: 'board.all_inclusive',
};

/** What is paid now (on the organization's account) and what at the hotel. */
export function paymentSplit(total: number, payAtHotel: number | undefined, type: PaymentType) {
  const atHotel = type === 'pay_at_hotel' ? total : Math.min(payAtHotel ?? 0, total);
  return { now: total - atHotel, atHotel };
}

/** The money of a prebook or a booking: the same fields on both. */
type PricedStay = Pick<Prebook, 'price' | 'pay_at_hotel_usd_cents' | 'payment_type'>;

export function PaymentBreakdown({ of: priced }: { of: PricedStay }) {
  const { amount: total, currency } = priced.price;
  const { t } = useT();
  const shown = useMoney();
  const money = (cents: number) => shown.charged(cents, currency);
  const split = paymentSplit(total, priced.pay_at_hotel_usd_cents, priced.payment_type);
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt className="font-semibold">{t('checkout.payment.total')}</dt>
        <dd className="text-end font-bold tabular-nums">{money(total)}</dd>
        <dt>{t('checkout.payment.now')}</dt>
        <dd className="text-end tabular-nums">{money(split.now)}</dd>
        <dt>{t('checkout.payment.atHotel')}</dt>
        <dd className="text-end tabular-nums">{money(split.atHotel)}</dd>
      </dl>
      <p className="text-sm text-slate-700">
        {split.now > 0 ? t('checkout.payment.settledNote') : t('checkout.payment.nothingNow')}
        {split.atHotel > 0 && ` ${t('checkout.payment.atHotelNote')}`}
      </p>
      <ChargedInNote cents={total} currency={currency} />
    </div>
  );
}

/**
 * Beside an amount stated exactly as charged, when the shopper sees prices in another
 * currency: what it comes to in theirs, and that the card is charged in the quoted one.
 */
export function ChargedInNote({ cents, currency }: { cents: number; currency: string }) {
  const { t } = useT();
  const money = useMoney();
  if (!money.converted || currency === money.currency) return null;
  return (
    <p className="text-sm text-slate-700">
      {t('price.chargedIn', { approx: money.price(cents, currency), currency })}
    </p>
  );
}

/** What cancelling a prebook or a booking costs: the summary, then every phase to the cent. */
export function CancellationCosts({
  of: held,
  timeZone,
}: {
  of: Pick<Prebook, 'cancellation_timeline' | 'price'>;
  timeZone: string | null | undefined;
}) {
  return (
    <>
      <CancellationSummary
        timeline={held.cancellation_timeline}
        total={held.price.amount}
        timeZone={timeZone}
      />
      <CancellationTerms
        expanded
        exact
        timeline={held.cancellation_timeline}
        total={held.price.amount}
        currency={held.price.currency}
        timeZone={timeZone}
      />
    </>
  );
}
