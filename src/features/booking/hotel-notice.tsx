// What the booking flow says on the hotel page: why the shopper is back at the room
// options (an expired token or hold, a rate gone), or that holding a rate failed.
// It takes focus when it appears, so keyboard and screen-reader users hear it first.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { useT, type MessageId } from '../../lib/i18n.ts';
import {
  useBookingDraftEvents,
  useRestartNotice,
  type RestartReason,
} from './booking-draft-store.ts';
import { buttonClass } from '../../components/ui/button.tsx';

const REASON: Record<RestartReason, MessageId> = {
  BOOKING_TOKEN_EXPIRED: 'prebook.restart.tokenExpired',
  RATE_UNAVAILABLE: 'prebook.restart.rateUnavailable',
  PREBOOK_EXPIRED: 'prebook.restart.holdExpired',
  HOLD_EXPIRED: 'prebook.restart.holdExpired',
  PREBOOK_ALREADY_BOOKED: 'prebook.restart.alreadyBooked',
};

export function HotelBookingNotice({
  hotelId,
  failure,
  onDismissFailure,
}: {
  hotelId: string;
  failure: unknown;
  onDismissFailure: () => void;
}) {
  const { t } = useT();
  const restart = useRestartNotice();
  const events = useBookingDraftEvents();
  const ref = useRef<HTMLDivElement>(null);
  const shown = restart?.hotelId === hotelId ? restart.reason : null;
  const failed = failure !== null && failure !== undefined;

  useEffect(() => {
    if (shown || failed) ref.current?.focus();
  }, [shown, failed]);

  if (!shown && !failed) return null;
  const dismiss = () => {
    if (shown) events.restartNoticeDismissed();
    if (failed) onDismissFailure();
  };
  let message: string;
  if (shown) message = t(REASON[shown]);
  else if (isApiError(failure) && failure.status === 429) {
    message = t('prebook.failed.rateLimited', {
      seconds: Math.max(1, Math.ceil((failure.retryAfterMs ?? 30_000) / 1000)),
    });
  } else message = t('prebook.failed.other');

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="space-y-2 rounded-xl border border-amber-400 bg-amber-50 p-4 text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
    >
      <p className="font-semibold">
        {shown ? t('prebook.restart.title') : t('prebook.failed.title')}
      </p>
      <p>{message}</p>
      {shown === 'PREBOOK_ALREADY_BOOKED' && (
        <Link
          to="/manage-booking"
          className="font-semibold text-blue-800 underline underline-offset-2"
        >
          {t('prebook.restart.manage')}
        </Link>
      )}
      <div>
        <button
          type="button"
          onClick={dismiss}
          className={buttonClass({ variant: 'neutral', size: 'sm' })}
        >
          {t('prebook.notice.dismiss')}
        </button>
      </div>
    </div>
  );
}
