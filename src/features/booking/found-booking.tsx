// A booking its holder has opened (by look-up, or with the token a trip keeps): its
// details, printable, and its cancellation, with the refund said before it is confirmed.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking, HeldBooking } from '../../contract/index.ts';
import { formatExactMoney } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { sharedQueries } from '../../lib/queries.ts';
import { useFocusOnMount } from '../../components/ui/focus.ts';
import { BookingDetails } from './booking-details.tsx';
import { useConfirmedBooking } from './booking-draft-store.ts';
import { bookingKeys } from './booking-queries.ts';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';

export function FoundBooking({
  booking,
  cancel: cancelIt,
  onCancelled,
}: {
  booking: Booking;
  cancel: () => Promise<HeldBooking>;
  /** The cancelled booking, for the cache the page read it from. */
  onCancelled: (cancelled: HeldBooking) => void;
}) {
  const { t, language } = useT();
  const confirmed = useConfirmedBooking();
  const [dialog, setDialog] = useState<{ at: Date } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** Bumped when a cancellation lands: focus goes to the booking's heading after that render. */
  const [cancelledAt, setCancelledAt] = useState(0);
  // Again after the render that closed the dialog (whose button to go back to is gone).
  const headingRef = useFocusOnMount<HTMLHeadingElement>({
    trigger: `${booking.booking_id}:${cancelledAt}`,
    scroll: true,
  });
  const hotel = useQuery(sharedQueries.hotelContent(booking.hotel_id, language));
  const cancel = useMutation({
    mutationKey: bookingKeys.cancel(),
    mutationFn: cancelIt,
    onSuccess: (cancelled) => {
      onCancelled(cancelled);
      setDialog(null);
      setAnnouncement(
        t('manage.cancelled', {
          amount: formatExactMoney(
            cancelled.refund_amount ?? 0,
            cancelled.price.currency,
            language,
          ),
        }),
      );
      setCancelledAt(Date.now());
    },
  });
  const cancellable = booking.status === 'CONFIRMED' || booking.status === 'PENDING';
  const timeZone =
    hotel.data?.timezone ??
    (confirmed?.reference === booking.reference ? confirmed.timeZone : null);
  return (
    <section aria-labelledby="manage-booking-found" className="space-y-4" data-print-booking>
      <h2
        id="manage-booking-found"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold outline-none"
      >
        {t('manage.found', { reference: booking.reference })}
      </h2>
      <p role="status" className="font-semibold text-emerald-900">
        {announcement}
      </p>
      <BookingDetails booking={booking} hotel={hotel.data} timeZone={timeZone} />
      {cancellable && (
        <div className="border-t border-slate-200 pt-4" data-print-hidden>
          <button
            type="button"
            onClick={() => {
              cancel.reset();
              setDialog({ at: new Date() });
            }}
            className="rounded-lg border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            {t('manage.cancel.open')}
          </button>
        </div>
      )}
      {dialog && (
        <CancelBookingDialog
          booking={booking}
          open
          at={dialog.at}
          busy={cancel.isPending}
          failed={cancel.isError}
          onConfirm={() => cancel.mutate()}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
