// One trip's booking page: the booking read with the token this device keeps, or with the
// one a confirmation e-mail's link carries in its fragment (which no server sees). A
// booking opened from such a link is kept among the trips, and the token leaves the
// address bar. Without a token the page says so and offers the look-up instead.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ACCESS_TOKEN_PATTERN, REFERENCE_PATTERN } from '../../../contract/index.ts';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { BookingReadFailure, LookItUp } from '../booking-read-states.tsx';
import { bookingQueries, cancelHeldBooking, type HeldRef } from '../booking-queries.ts';
import { FoundBooking } from '../found-booking.tsx';
import { tripOf, tripsActions, useTrips } from './trips-store.ts';

/** The fragment a link to a trip carries its token in: `#token=…`. */
export function tokenOfFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && ACCESS_TOKEN_PATTERN.test(token) ? token : null;
}

export function TripPage() {
  const { t } = useT();
  const hydrated = useHydrated();
  const params = useParams();
  const { hash } = useLocation();
  const reference = (params.reference ?? '').trim().toUpperCase();
  const kept = useTrips((state) => state.trips.find((trip) => trip.reference === reference));
  const fromLink = tokenOfFragment(hash);
  const token = fromLink ?? kept?.token ?? null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle>{t('trips.tripTitle', { reference })}</PageTitle>
      <div className="space-y-2" data-print-hidden>
        <p>
          <Link to="/trips" className="font-medium text-blue-800 underline">
            {t('trips.all')}
          </Link>
        </p>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('trips.tripHeading')}</h1>
      </div>
      {!hydrated ? (
        <LoadingStatus className="text-slate-700">{t('manage.searching')}</LoadingStatus>
      ) : !REFERENCE_PATTERN.test(reference) || !token ? (
        <LookItUp
          reference={REFERENCE_PATTERN.test(reference) ? reference : null}
          title="trips.notHere.title"
          body="trips.notHere.body"
        />
      ) : (
        <HeldBookingView held={{ reference, token }} fromLink={fromLink !== null} />
      )}
    </div>
  );
}

function HeldBookingView({ held, fromLink }: { held: HeldRef; fromLink: boolean }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const booking = useQuery(bookingQueries.held(held));
  const opened = fromLink ? booking.data : undefined;
  // Opened from a link: kept on this device, and the token taken out of the address bar
  // (and so out of the history and of what the shopper might share).
  useEffect(() => {
    if (!opened) return;
    tripsActions().tripKept(tripOf(opened));
    void navigate({ hash: '' }, { replace: true });
  }, [opened, navigate]);

  if (booking.isPending) {
    return <LoadingStatus className="text-slate-700">{t('manage.searching')}</LoadingStatus>;
  }
  if (booking.isError) {
    return <BookingReadFailure error={booking.error} notFound="trips.error.notFound" />;
  }
  return (
    <FoundBooking
      booking={booking.data}
      cancel={() => cancelHeldBooking(held)}
      onCancelled={(cancelled) =>
        queryClient.setQueryData(bookingQueries.held(held).queryKey, cancelled)
      }
    />
  );
}
