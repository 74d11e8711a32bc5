// The confirmation: reference, status and everything about the stay, printable and
// with a calendar file. The booking comes from React Query: right after booking it is
// already in the cache; after a reload it is looked up again with the reference in
// the URL and the holder's last name and e-mail address kept in this tab's booking draft.
import { useQuery } from '@tanstack/react-query';

import { Link, useSearchParams } from 'react-router';
import { bookingIcs, REFERENCE_PATTERN } from '../../contract/index.ts';
import { isApiError } from '../../lib/api-client.ts';
import { formatStayRange } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { BookingDetails } from './booking-details.tsx';
import { LookItUp, manageBookingPath } from './booking-read-states.tsx';
import { useConfirmedBooking } from './booking-draft-store.ts';
import { downloadTextFile } from './download-file.ts';
import { useTrips } from './trips/trips-store.ts';
import { bookingQueries, normalizeLookup, type BookingLookup } from './booking-queries.ts';
import { LoadingStatus } from '../../components/ui/loading-status.tsx';
import { sharedQueries } from '../../lib/queries.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useFocusOnMount } from '../../components/ui/focus.ts';

export function ConfirmationPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const reference = (params.get('ref') ?? '').trim().toUpperCase();
  const confirmed = useConfirmedBooking();
  const known = REFERENCE_PATTERN.test(reference) && confirmed?.reference === reference;
  return (
    <>
      <PageTitle>{t('confirmation.documentTitle')}</PageTitle>
      {known ? (
        <Confirmation
          lookup={normalizeLookup(reference, confirmed.lastName, confirmed.email)}
          timeZone={confirmed.timeZone}
        />
      ) : (
        <LookItUp
          reference={REFERENCE_PATTERN.test(reference) ? reference : null}
          title="confirmation.lookUp.title"
          body="confirmation.lookUp.body"
        />
      )}
    </>
  );
}

function Confirmation({ lookup, timeZone }: { lookup: BookingLookup; timeZone: string | null }) {
  const { t, language } = useT();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const { reference } = lookup;
  const booking = useQuery(bookingQueries.lookup(lookup));
  const kept = useTrips((state) => state.trips.some((trip) => trip.reference === reference));
  const hotel = useQuery({
    ...sharedQueries.hotelContent(booking.data?.hotel_id ?? '', language),
    enabled: booking.data !== undefined,
  });

  if (booking.isPending) {
    return <LoadingStatus className="text-slate-700">{t('confirmation.loading')}</LoadingStatus>;
  }
  if (booking.isError) {
    return (
      <section role="alert" className="max-w-prose space-y-3">
        <h1 className="text-2xl font-bold">{t('confirmation.failed.title')}</h1>
        <p>
          {isApiError(booking.error) && booking.error.status === 429
            ? t('manage.error.rateLimited', {
                seconds: Math.ceil((booking.error.retryAfterMs ?? 60_000) / 1000),
              })
            : t('confirmation.failed.body', { reference })}
        </p>
        <Button variant="secondary" onClick={() => void booking.refetch()}>
          {t('common.retry')}
        </Button>
      </section>
    );
  }
  const data = booking.data;
  const hotelTimeZone = hotel.data?.timezone ?? timeZone;
  function downloadIcs() {
    const text = bookingIcs(data, hotel.data, {
      summary: t('confirmation.ics.summary', { hotel: data.hotel_name }),
      description: [
        t('confirmation.ics.reference', { reference: data.reference }),
        data.room_name,
        formatStayRange(data.check_in, data.check_out, language),
        hotel.data?.check_in_from
          ? t('confirmation.ics.checkIn', { time: hotel.data.check_in_from })
          : '',
        hotel.data?.check_out_until
          ? t('confirmation.ics.checkOut', { time: hotel.data.check_out_until })
          : '',
      ]
        .filter(Boolean)
        .join('\n'),
    });
    downloadTextFile(`staylane-${data.reference}.ics`, text, 'text/calendar;charset=utf-8');
  }

  return (
    <article data-print-booking className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2 rounded-xl border border-emerald-300 bg-emerald-50 p-4 print:border-0 print:bg-white print:p-0">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
          {data.status === 'CONFIRMED'
            ? t('confirmation.title.confirmed')
            : data.status === 'CANCELLED'
              ? t('confirmation.title.cancelled')
              : t('confirmation.title.other')}
        </h1>
        <p>{t('confirmation.emailed', { lastName: data.holder.last_name })}</p>
        {kept && (
          <p data-print-hidden>
            {t('confirmation.kept')}{' '}
            <Link to="/trips" className="font-medium text-blue-800 underline">
              {t('confirmation.seeTrips')}
            </Link>
          </p>
        )}
      </header>
      <div data-print-hidden className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => window.print()}>
          {t('confirmation.print')}
        </Button>
        <Button variant="secondary" onClick={downloadIcs}>
          {t('confirmation.calendar')}
        </Button>
        <Link
          to={manageBookingPath(data.reference)}
          className={buttonClass({ variant: 'secondary' })}
        >
          {t('confirmation.manage')}
        </Link>
      </div>
      <BookingDetails booking={data} hotel={hotel.data} timeZone={hotelTimeZone} />
    </article>
  );
}
