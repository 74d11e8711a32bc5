// What a page that opens a booking says when it cannot: the booking is not known here (the
// look-up is the way on), or reading it failed (not found, too many tries, or anything else).
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { StatusPage } from '../../components/ui/status-page.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useT, type MessageId } from '../../lib/i18n.ts';

export function manageBookingPath(reference: string): string {
  return `/manage-booking?ref=${encodeURIComponent(reference)}`;
}

/** The page cannot open the booking by itself: the look-up, with the reference filled in. */
export function LookItUp({
  reference,
  title,
  body,
}: {
  reference: string | null;
  title: MessageId;
  body: MessageId;
}) {
  const { t } = useT();
  return (
    <StatusPage title={t(title)}>
      <p>{t(body)}</p>
      <Link
        to={reference ? manageBookingPath(reference) : '/manage-booking'}
        className={buttonClass({ variant: 'secondary' })}
      >
        {t('confirmation.lookUp.action')}
      </Link>
    </StatusPage>
  );
}

/** Reading a booking failed; `notFound` says what a 404 means on this page. */
export function BookingReadFailure({ error, notFound }: { error: unknown; notFound: MessageId }) {
  const { t } = useT();
  const message =
    isApiError(error) && error.code === 'BOOKING_NOT_FOUND'
      ? t(notFound)
      : isApiError(error) && error.status === 429
        ? t('manage.error.rateLimited', {
            seconds: Math.ceil((error.retryAfterMs ?? 60_000) / 1000),
          })
        : t('manage.error.other');
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
      {message}
    </div>
  );
}
