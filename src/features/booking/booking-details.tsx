// A booking as the traveller needs it at the desk: reference and status, hotel and
// dates, rooms and guests, price and payment, cancellation deadline and terms.
// Shared by the confirmation page and manage booking.
import { useId, type ReactNode } from 'react';
import type { Booking, BookingStatus, HotelContent } from '../../contract/index.ts';
import { formatAddress, formatInstant, formatStayDate } from '../../lib/format.ts';
import { useMoney } from '../../lib/money.tsx';
import { useT, type MessageId } from '../../lib/i18n.ts';
import { nightsBetween } from '../../contract/index.ts';
import { BOARD_NAME, CancellationCosts, PaymentBreakdown } from './booking-facts.tsx';
import { describeGuests } from '../../stay/guests.ts';
import { DataText } from '../../components/ui/data-text.tsx';

const STATUS: Record<BookingStatus, { label: MessageId; className: string }> = {
  CONFIRMED: {
    label: 'confirmation.status.CONFIRMED',
    className: 'bg-emerald-100 text-emerald-900',
  },
  PENDING: { label: 'confirmation.status.PENDING', className: 'bg-amber-100 text-amber-900' },
  FAILED: { label: 'confirmation.status.FAILED', className: 'bg-red-100 text-red-900' },
  CANCELLED: { label: 'confirmation.status.CANCELLED', className: 'bg-slate-200 text-slate-900' },
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useT();
  return (
    <span
      className={`inline-block rounded-full px-3 py-1 text-sm font-bold ${STATUS[status].className}`}
    >
      {t(STATUS[status].label)}
    </span>
  );
}

/** One part of the booking (the stay, the guests, the price, cancelling), titled. */
function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="space-y-2 border-t border-slate-200 pt-4 print:break-inside-avoid"
    >
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function BookingDetails({
  booking,
  hotel,
  timeZone,
}: {
  booking: Booking;
  hotel: HotelContent | undefined;
  timeZone: string | null;
}) {
  const { t, language } = useT();
  const shown = useMoney();
  const money = (cents: number) => shown.charged(cents, booking.price.currency);
  const nights = nightsBetween(booking.check_in, booking.check_out);
  const place = hotel ? formatAddress(hotel.address, hotel.city, hotel.country) : null;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-700">{t('confirmation.reference')}</dt>
          <dd className="font-mono text-2xl font-bold tracking-wider">{booking.reference}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">{t('confirmation.statusLabel')}</dt>
          <dd>
            <StatusBadge status={booking.status} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">{t('confirmation.bookedOn')}</dt>
          <dd>{formatInstant(booking.created_at, language)}</dd>
        </div>
      </dl>

      <DetailsSection title={booking.hotel_name}>
        {place && <DataText className="text-slate-700">{place}</DataText>}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">{t('confirmation.checkIn')}</dt>
          <dd>
            {formatStayDate(booking.check_in, language)}
            {hotel?.check_in_from && ` · ${t('confirmation.from', { time: hotel.check_in_from })}`}
          </dd>
          <dt className="font-semibold">{t('confirmation.checkOut')}</dt>
          <dd>
            {formatStayDate(booking.check_out, language)}
            {hotel?.check_out_until &&
              ` · ${t('confirmation.until', { time: hotel.check_out_until })}`}
          </dd>
          <dt className="font-semibold">{t('confirmation.length')}</dt>
          <dd>{t('stay.nights', { count: nights })}</dd>
          <dt className="font-semibold">{t('confirmation.room')}</dt>
          <dd>
            {booking.room_name} · {t(BOARD_NAME[booking.board_type])}
          </dd>
        </dl>
      </DetailsSection>

      <DetailsSection title={t('confirmation.guests')}>
        <ul className="space-y-1">
          {booking.rooms.map((room, index) => {
            const lead = booking.guests.find((guest) => guest.room === index + 1);
            return (
              <li key={index}>
                <span className="font-semibold">{t('stay.room', { number: index + 1 })}</span>
                {': '}
                {describeGuests(t, [room])}
                {lead &&
                  ` · ${t('confirmation.leadGuest', { name: `${lead.first_name} ${lead.last_name}` })}`}
              </li>
            );
          })}
        </ul>
        <p>
          <span className="font-semibold">{t('confirmation.holder')}</span>{' '}
          {booking.holder.first_name} {booking.holder.last_name} · {booking.holder.email} ·{' '}
          <span dir="ltr">{booking.holder.phone}</span>
        </p>
        {booking.special_requests && (
          <p>
            <span className="font-semibold">{t('confirmation.requests')}</span>{' '}
            {booking.special_requests}
          </p>
        )}
      </DetailsSection>

      <DetailsSection title={t('confirmation.price')}>
        <PaymentBreakdown of={booking} />
        {booking.status === 'CANCELLED' && (
          <p className="font-semibold">
            {t('confirmation.refunded', {
              amount: money(booking.refund_amount ?? 0),
              date: booking.cancelled_at ? formatInstant(booking.cancelled_at, language) : '',
            })}
          </p>
        )}
      </DetailsSection>

      <DetailsSection title={t('confirmation.cancellation')}>
        <CancellationCosts of={booking} timeZone={timeZone} />
      </DetailsSection>
    </div>
  );
}
