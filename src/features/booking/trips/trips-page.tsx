// Trips: the bookings this browser made or opened, upcoming soonest first, then past ones,
// each with its status read live with the token the device keeps (the read limit, not
// the look-up's) and a way to its booking page. Kept on this device only: the list is
// drawn after hydration, below the heading, and can be forgotten in one confirmed step.
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/ui/empty-list.tsx';
import { ConfirmInPlace } from '../../../components/ui/confirm-in-place.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatStayRange, localToday } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { StatusBadge } from '../booking-details.tsx';
import { bookingQueries } from '../booking-queries.ts';
import { heldRefOf, splitTrips, tripsActions, useTrips, type Trip } from './trips-store.ts';

export function tripPath(reference: string): string {
  return `/trips/${encodeURIComponent(reference)}`;
}

export function TripsPage() {
  const { t } = useT();
  const hydrated = useHydrated();
  const trips = useTrips((state) => state.trips);
  const today = localToday();
  const { upcoming, past } = useMemo(() => splitTrips(trips, today), [trips, today]);
  return (
    <section aria-labelledby="trips-title" className="space-y-6">
      <PageHeading id="trips-title" title={t('trips.title')}>
        {hydrated && trips.length > 0 && (
          <ConfirmInPlace
            action={t('trips.forget')}
            question={t('trips.forgetQuestion', { count: trips.length })}
            confirm={t('trips.forgetConfirm')}
            keep={t('trips.keep')}
            onConfirm={() => tripsActions().allForgotten()}
          />
        )}
      </PageHeading>
      <p className="max-w-prose text-slate-700">{t('trips.intro')}</p>
      {hydrated &&
        (trips.length === 0 ? (
          <EmptyList>{t('trips.empty')}</EmptyList>
        ) : (
          <>
            <TripList title={t('trips.upcoming')} trips={upcoming} />
            <TripList title={t('trips.past')} trips={past} />
          </>
        ))}
      <p>
        <Link to="/manage-booking" className="font-medium text-blue-800 underline">
          {t('trips.elsewhere')}
        </Link>
      </p>
    </section>
  );
}

function TripList({ title, trips }: { title: string; trips: readonly Trip[] }) {
  const titleId = useId();
  if (trips.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      <ul className="space-y-3">
        {trips.map((trip) => (
          <li key={trip.reference}>
            <TripCard trip={trip} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TripCard({ trip }: { trip: Trip }) {
  const { t, language } = useT();
  const booking = useQuery(bookingQueries.held(heldRefOf(trip)));
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="min-w-0 space-y-1">
        <h3 id={titleId} className="text-lg font-semibold">
          <Link to={tripPath(trip.reference)} className="hover:underline">
            {trip.hotelName}
          </Link>
        </h3>
        <p className="text-slate-700">{formatStayRange(trip.checkIn, trip.checkOut, language)}</p>
        <p className="text-sm text-slate-700">
          {t('trips.reference')} <span className="font-mono">{trip.reference}</span>
        </p>
      </div>
      <div aria-live="polite" className="text-sm">
        {booking.data ? (
          <StatusBadge status={booking.data.status} />
        ) : booking.isError ? (
          <span className="text-red-800">
            {isApiError(booking.error) && booking.error.code === 'BOOKING_NOT_FOUND'
              ? t('trips.status.gone')
              : t('trips.status.unavailable')}
          </span>
        ) : (
          <span className="text-slate-700">{t('trips.status.checking')}</span>
        )}
      </div>
    </article>
  );
}
