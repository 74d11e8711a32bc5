// Checkout: the held rate (with the time left on the hold), a price or terms change
// to accept, the guest details, what is paid now and at the hotel, and Book. Booking
// follows the attempt rules of book-attempt.ts: one key per attempt, the same key and
// bytes for every send of it, the details locked while its outcome is unknown.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Prebook } from '../../contract/index.ts';
import { CancellationSummary, CancellationTerms } from '../../components/ui/cancellation-terms.tsx';
import { useDeadlineText } from '../../components/ui/deadline.tsx';
import { formatExactMoney, formatStayRange } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import type { RateChoice } from '../../lib/rate-choice.ts';
import { nightsBetween } from '../../contract/index.ts';
import { detailsLocked, inFlight, type BookAttempt } from './book-attempt.ts';
import { BOOK_RETRY_LIMITS } from './book-retry.ts';
import { PaymentBreakdown } from './booking-facts.tsx';
import {
  useBookingDraftEvents,
  useConfirmedBooking,
  useDraftDetails,
  usePrebook,
  usePriceAccepted,
  useRateChoice,
  type RestartReason,
} from './booking-draft-store.ts';
import { defaultPhoneRegion } from './calling-codes.ts';
import { GuestDetailsForm } from './guest-details-form.tsx';
import { emptyGuestDetails, fitGuestsToRooms, serializeBookRequest } from './guest-details.ts';
import { HoldCountdown, useMsLeft } from './hold-countdown.tsx';
import { confirmationPath, useBook } from './use-book.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useFocusOnMount } from '../../components/ui/focus.ts';
import { describeGuests } from '../../stay/guests.ts';

export interface CheckoutPageProps {
  /** The hotel's room options hold dead tokens: fetch them again. */
  onRoomOptionsStale: (hotelId: string) => void;
}

export function CheckoutPage({ onRoomOptionsStale }: CheckoutPageProps) {
  const prebook = usePrebook();
  const choice = useRateChoice();
  const confirmed = useConfirmedBooking();
  const { t } = useT();
  // The booking is made the moment its answer arrives: its reference is on screen at once,
  // whatever the confirmation page still has to load.
  return (
    <>
      <PageTitle>{t('checkout.documentTitle')}</PageTitle>
      {!prebook && confirmed ? (
        <JustBooked reference={confirmed.reference} />
      ) : !prebook || !choice ? (
        <NothingToBook />
      ) : (
        <Checkout
          key={prebook.prebook_id}
          prebook={prebook}
          choice={choice}
          onRoomOptionsStale={onRoomOptionsStale}
        />
      )}
    </>
  );
}

function JustBooked({ reference }: { reference: string }) {
  const { t } = useT();
  const ref = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="max-w-prose space-y-4" aria-live="polite">
      <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold outline-none">
        {t('checkout.booked.title')}
      </h1>
      <p className="text-lg">{t('checkout.booked.reference', { reference })}</p>
      <Link
        to={confirmationPath(reference)}
        replace
        className={buttonClass({ variant: 'secondary' })}
      >
        {t('checkout.booked.action')}
      </Link>
    </section>
  );
}

function NothingToBook() {
  const { t } = useT();
  const ref = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="max-w-prose space-y-4">
      <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold outline-none">
        {t('checkout.empty.title')}
      </h1>
      <p>{t('checkout.empty.body')}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className={buttonClass({ variant: 'secondary' })}>
          {t('common.searchHotels')}
        </Link>
        <Link to="/manage-booking" className={buttonClass({ variant: 'secondary' })}>
          {t('checkout.empty.manage')}
        </Link>
      </div>
    </section>
  );
}

function Checkout({
  prebook,
  choice,
  onRoomOptionsStale,
}: {
  prebook: Prebook;
  choice: RateChoice;
  onRoomOptionsStale: (hotelId: string) => void;
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const formTitleRef = useRef<HTMLHeadingElement>(null);
  const accepted = usePriceAccepted();
  const savedDetails = useDraftDetails();
  const events = useBookingDraftEvents();

  const restart = useCallback(
    (reason: RestartReason) => {
      events.restartRequired(reason, choice.hotelId);
      onRoomOptionsStale(choice.hotelId);
      void navigate(choice.returnTo);
    },
    [events, choice.hotelId, choice.returnTo, onRoomOptionsStale, navigate],
  );
  const book = useBook({ onRestart: restart });
  const attempt = book.attempt?.prebookId === prebook.prebook_id ? book.attempt : null;
  const msLeft = useMsLeft(prebook.expires_at);
  const locked = detailsLocked(attempt);
  // An attempt that may have booked outlives the hold: only its own answer can tell.
  const expired = msLeft <= 0 && !locked;
  const previous = prebook.previous_price_amount ?? choice.quotedAmount;
  const priceRose = prebook.price_changed && prebook.price.amount > previous;
  const needsConsent = priceRose && !accepted;

  // What was typed before (a reload, an earlier hold) is where the form starts.
  const [defaultValues] = useState(() =>
    savedDetails
      ? fitGuestsToRooms(savedDetails, prebook.rooms.length)
      : emptyGuestDetails(prebook.rooms.length, defaultPhoneRegion(choice.nationality)),
  );
  const roomLabels = prebook.rooms.map((room) => describeGuests(t, [room]));
  const serverDetails =
    attempt?.status === 'failed' && attempt.failure?.code === 'VALIDATION_FAILED'
      ? attempt.failure.details
      : null;

  // Accepting the new price reveals the form: focus moves to it once it is rendered.
  const [justAccepted, setJustAccepted] = useState(false);
  useEffect(() => {
    if (justAccepted) formTitleRef.current?.focus();
  }, [justAccepted]);
  function accept() {
    events.newPriceAccepted();
    setJustAccepted(true);
  }

  function chooseAnotherRoom() {
    events.prebookAbandoned();
    void navigate(choice.returnTo);
  }

  // On a phone the stay being booked (hotel, dates, price, cancellation terms) reads before
  // the guests' details and the Book button, in the order a screen reader reads it too; on
  // a wide screen it is the column beside them, staying in view down the form.
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-x-8">
      <div className="space-y-4 lg:col-start-1 lg:row-start-1">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
          {t('checkout.title')}
        </h1>
        {expired ? (
          <HoldExpired onRestart={() => restart('HOLD_EXPIRED')} />
        ) : (
          <HoldCountdown msLeft={msLeft} />
        )}
        {prebook.price_changed && (
          <PriceChange
            previous={previous}
            prebook={prebook}
            rose={priceRose}
            accepted={accepted}
            onAccept={accept}
            onDecline={chooseAnotherRoom}
          />
        )}
        {prebook.cancellation_changed && <CancellationChanged prebook={prebook} choice={choice} />}
      </div>
      <StaySummary prebook={prebook} choice={choice} />
      <div className="lg:col-start-1 lg:row-start-2">
        {!needsConsent && (
          <GuestDetailsForm
            defaultValues={defaultValues}
            roomLabels={roomLabels}
            locked={locked}
            serverDetails={serverDetails}
            onEdited={events.detailsEdited}
            onValid={(details) => {
              if (expired) return;
              book.submit(serializeBookRequest(prebook.prebook_id, details));
            }}
            titleRef={formTitleRef}
          >
            <BookArea
              prebook={prebook}
              attempt={attempt}
              expired={expired}
              sendNumber={book.sendNumber}
              onRetry={book.retry}
              onRestart={() => restart('HOLD_EXPIRED')}
            />
          </GuestDetailsForm>
        )}
      </div>
    </div>
  );
}

function HoldExpired({ onRestart }: { onRestart: () => void }) {
  const { t } = useT();
  const ref = useFocusOnMount<HTMLDivElement>({ scroll: true });
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="space-y-2 rounded-xl border border-amber-400 bg-amber-50 p-4 outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
    >
      <p className="font-bold">{t('checkout.hold.expiredTitle')}</p>
      <p>{t('checkout.hold.expiredBody')}</p>
      <Button variant="secondary" onClick={onRestart}>
        {t('checkout.hold.freshRooms')}
      </Button>
    </div>
  );
}

function PriceChange({
  previous,
  prebook,
  rose,
  accepted,
  onAccept,
  onDecline,
}: {
  previous: number;
  prebook: Prebook;
  rose: boolean;
  accepted: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const { t, language } = useT();
  const id = useId();
  const money = (cents: number) => formatExactMoney(cents, prebook.price.currency, language);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`space-y-3 rounded-xl border p-4 ${rose ? 'border-amber-400 bg-amber-50' : 'border-emerald-300 bg-emerald-50'}`}
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {rose ? t('prebook.price.roseTitle') : t('prebook.price.fellTitle')}
      </h2>
      <p>{rose ? t('prebook.price.roseBody') : t('prebook.price.fellBody')}</p>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-white p-3">
          <dt className="text-sm text-slate-700">{t('prebook.price.before')}</dt>
          <dd className="text-xl font-semibold tabular-nums text-slate-700 line-through">
            {money(previous)}
          </dd>
        </div>
        <div className="rounded-lg bg-white p-3 ring-2 ring-slate-900">
          <dt className="text-sm text-slate-700">{t('prebook.price.now')}</dt>
          <dd className="text-xl font-bold tabular-nums">{money(prebook.price.amount)}</dd>
        </div>
      </dl>
      {rose &&
        (accepted ? (
          <p className="font-semibold text-emerald-800">
            <span aria-hidden="true">✓ </span>
            {t('prebook.price.accepted', { price: money(prebook.price.amount) })}
          </p>
        ) : (
          <div className="flex flex-wrap gap-3">
            <Button size="lg" onClick={onAccept}>
              {t('prebook.price.accept', { price: money(prebook.price.amount) })}
            </Button>
            <Button variant="secondary" onClick={onDecline}>
              {t('prebook.price.decline')}
            </Button>
          </div>
        ))}
    </section>
  );
}

function CancellationChanged({ prebook, choice }: { prebook: Prebook; choice: RateChoice }) {
  const { t } = useT();
  const deadline = useDeadlineText();
  const now = prebook.free_cancellation_until
    ? t('prebook.terms.nowFreeUntil', {
        deadline: deadline(prebook.free_cancellation_until, choice.timeZone),
      })
    : t('prebook.terms.nowNonRefundable');
  const before = choice.quotedFreeCancellationUntil
    ? t('prebook.terms.beforeFreeUntil', {
        deadline: deadline(choice.quotedFreeCancellationUntil, choice.timeZone),
      })
    : null;
  return (
    <div className="space-y-1 rounded-xl border border-amber-400 bg-amber-50 p-4">
      <p className="font-bold">{t('prebook.terms.title')}</p>
      <p>
        {now}
        {before && ` ${before}`}
      </p>
    </div>
  );
}

function BookArea({
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
      <PaymentBreakdown
        total={prebook.price.amount}
        payAtHotel={prebook.pay_at_hotel_usd_cents}
        paymentType={prebook.payment_type}
        currency={prebook.price.currency}
      />
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

function StaySummary({ prebook, choice }: { prebook: Prebook; choice: RateChoice }) {
  const { t, language } = useT();
  const id = useId();
  const nights = nightsBetween(prebook.check_in, prebook.check_out);
  const money = (cents: number) => formatExactMoney(cents, prebook.price.currency, language);
  return (
    <aside
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('checkout.summary.title')}
      </h2>
      <div>
        <p className="font-semibold">{prebook.hotel_name}</p>
        <p>
          {prebook.room_name} · {choice.boardName}
        </p>
      </div>
      <p>
        {formatStayRange(prebook.check_in, prebook.check_out, language)} ·{' '}
        {t('stay.nights', { count: nights })}
      </p>
      <p>{describeGuests(t, prebook.rooms)}</p>
      <div>
        <p className="text-2xl font-bold tabular-nums">{money(prebook.price.amount)}</p>
        <p className="text-sm text-slate-700">
          {t('price.perNight', { price: money(prebook.price.amount / Math.max(1, nights)) })}
        </p>
      </div>
      <CancellationSummary
        timeline={prebook.cancellation_timeline}
        total={prebook.price.amount}
        timeZone={choice.timeZone}
      />
      <CancellationTerms
        expanded
        exact
        timeline={prebook.cancellation_timeline}
        total={prebook.price.amount}
        currency={prebook.price.currency}
        timeZone={choice.timeZone}
      />
    </aside>
  );
}
