// Checkout: the held rate (with the time left on the hold), a price or terms change
// to accept, the guest details, what is paid now and at the hotel, and Book. Booking
// follows the attempt rules of book-attempt.ts: one key per attempt, the same key and
// bytes for every send of it, the details locked while its outcome is unknown.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Prebook } from '../../../contract/index.ts';
import { useT } from '../../../lib/i18n.ts';
import type { RateChoice } from '../../../lib/rate-choice.ts';
import { detailsLocked } from '../book-attempt.ts';
import {
  useBookingDraftEvents,
  useConfirmedBooking,
  useDraftDetails,
  usePrebook,
  usePriceAccepted,
  useRateChoice,
  type RestartReason,
} from '../booking-draft-store.ts';
import { defaultPhoneRegion } from '../calling-codes.ts';
import { GuestDetailsForm } from '../guest-details-form.tsx';
import { emptyGuestDetails, fitGuestsToRooms, serializeBookRequest } from '../guest-details.ts';
import { HoldCountdown, useMsLeft } from '../hold-countdown.tsx';
import { confirmationPath, useBook } from '../use-book.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useFocusOnMount } from '../../../components/ui/focus.ts';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { describeGuests } from '../../../stay/guests.ts';
import { BookArea } from './book-area.tsx';
import { CancellationChanged, HoldExpired, PriceChange } from './checkout-notices.tsx';
import { StaySummary } from './stay-summary.tsx';

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
  return (
    <StatusPage title={t('checkout.booked.title')} live>
      <p className="text-lg">{t('checkout.booked.reference', { reference })}</p>
      <Link
        to={confirmationPath(reference)}
        replace
        className={buttonClass({ variant: 'secondary' })}
      >
        {t('checkout.booked.action')}
      </Link>
    </StatusPage>
  );
}

function NothingToBook() {
  const { t } = useT();
  return (
    <StatusPage title={t('checkout.empty.title')}>
      <p>{t('checkout.empty.body')}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className={buttonClass({ variant: 'secondary' })}>
          {t('common.searchHotels')}
        </Link>
        <Link to="/manage-booking" className={buttonClass({ variant: 'secondary' })}>
          {t('checkout.empty.manage')}
        </Link>
      </div>
    </StatusPage>
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
