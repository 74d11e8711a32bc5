// The Book button and what goes with it: what is paid now and at the hotel, the state of
// the current attempt (sending, sent again, refused, outcome unknown) and its way on.
import { useId } from 'react';
import type { Prebook } from '../../../contract/index.ts';
import { useT } from '../../../lib/i18n.ts';
import { inFlight, type BookAttempt } from '../book-attempt.ts';
import { BOOK_RETRY_LIMITS } from '../book-retry.ts';
import { PaymentBreakdown } from '../booking-facts.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';

export function BookArea({
  prebook,
  attempt,
  expired,
  sendNumber,
  onRetry,
  onRestart,
}: {
  prebook: Prebook;
  attempt: BookAttempt | null;
  expired: boolean;
  sendNumber: number;
  onRetry: () => void;
  onRestart: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const sending = inFlight(attempt);
  const unknown = attempt?.status === 'unknown';
  const rejected =
    attempt?.status === 'failed' && attempt.failure?.code !== 'VALIDATION_FAILED'
      ? attempt.failure
      : null;
  const progress = sending
    ? sendNumber > 1
      ? t('checkout.book.retrying', { number: sendNumber, max: BOOK_RETRY_LIMITS.maxSends })
      : t('checkout.book.sending')
    : '';
  const waitSeconds =
    unknown && attempt.failure?.retryAfterMs
      ? Math.ceil(attempt.failure.retryAfterMs / 1000)
      : null;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('checkout.payment.title')}
      </h2>
      <PaymentBreakdown of={prebook} />
      {rejected && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">{t('checkout.book.rejectedTitle')}</p>
          <p>{t('checkout.book.rejectedBody', { message: rejected.message })}</p>
        </div>
      )}
      {unknown ? (
        <div role="alert" className="space-y-3 rounded-lg border border-amber-400 bg-amber-50 p-4">
          <p className="font-semibold">{t('checkout.book.unknownTitle')}</p>
          <p>{t('checkout.book.unknownBody')}</p>
          {waitSeconds !== null && (
            <p>{t('checkout.book.waitSeconds', { seconds: waitSeconds })}</p>
          )}
          <Button size="lg" onClick={onRetry}>
            {t('checkout.book.tryAgain')}
          </Button>
        </div>
      ) : expired ? (
        <Button size="lg" onClick={onRestart}>
          {t('checkout.hold.freshRooms')}
        </Button>
      ) : (
        <button
          type="submit"
          aria-disabled={sending || undefined}
          aria-describedby={`${id}-progress`}
          onClick={(event) => {
            // On its way: a second click must not even re-validate the form.
            if (sending) event.preventDefault();
          }}
          className={buttonClass(
            { size: 'lg' },
            `w-full sm:w-auto ${sending ? 'cursor-progress opacity-80' : ''}`,
          )}
        >
          {sending && (
            <span
              aria-hidden="true"
              className="me-2 inline-block size-4 animate-spin rounded-full border-2 border-white border-e-transparent align-[-2px]"
            />
          )}
          {sending ? t('checkout.book.busy') : t('checkout.book.submit')}
        </button>
      )}
      <p id={`${id}-progress`} aria-live="polite" className="text-sm text-slate-700">
        {progress}
      </p>
    </section>
  );
}
