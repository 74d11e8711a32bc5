// Cancelling asks first, and says what comes back: the refund is read from the
// booking's cancellation timeline at the moment the dialog opens.
import type { Booking } from '../../contract/index.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { refundAt } from '../../lib/cancellation.ts';
import { useMoney } from '../../lib/money.tsx';
import { useT } from '../../lib/i18n.ts';
import { paymentSplit } from './booking-facts.tsx';
import { buttonClass } from '../../components/ui/button.tsx';

export function CancelBookingDialog({
  booking,
  open,
  at,
  busy,
  failed,
  onConfirm,
  onClose,
}: {
  booking: Booking;
  open: boolean;
  /** When the shopper asked: the refund is the timeline's at that moment. */
  at: Date;
  busy: boolean;
  failed: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const shown = useMoney();
  const money = (cents: number) => shown.charged(cents, booking.price.currency);
  const total = booking.price.amount;
  const refund = refundAt(booking.cancellation_timeline, at);
  const paidNow = paymentSplit(total, booking.pay_at_hotel_usd_cents, booking.payment_type).now;
  const refundText =
    refund >= total
      ? t('manage.cancel.fullRefund', { amount: money(refund) })
      : refund > 0
        ? t('manage.cancel.partialRefund', { amount: money(refund), total: money(total) })
        : t('manage.cancel.noRefund', { total: money(total) });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('manage.cancel.title', { reference: booking.reference })}
      closeLabel={t('manage.cancel.keep')}
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onClose} className={buttonClass({ variant: 'neutral' })}>
            {t('manage.cancel.keep')}
          </button>
          <button
            type="button"
            onClick={() => {
              if (!busy) onConfirm();
            }}
            aria-disabled={busy || undefined}
            className={buttonClass({ variant: 'danger' })}
          >
            {busy ? t('manage.cancel.busy') : t('manage.cancel.confirm')}
          </button>
        </div>
      }
    >
      <div className="space-y-3">
        <p>
          {booking.hotel_name} · {booking.room_name}
        </p>
        <p className="text-lg font-semibold">{refundText}</p>
        {booking.payment_type === 'pay_at_hotel' && paidNow === 0 && (
          <p className="text-slate-700">{t('manage.cancel.payAtHotelNote')}</p>
        )}
        <p className="text-slate-700">{t('manage.cancel.final')}</p>
        {failed && (
          <p role="alert" className="font-semibold text-red-800">
            {t('manage.cancel.failed')}
          </p>
        )}
      </div>
    </Dialog>
  );
}
