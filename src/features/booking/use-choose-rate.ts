// Choosing a rate prebooks it (docs/api.md, "Prebook"): one request per click, never retried
// on its own. A held rate goes to checkout; an expired token or a rate gone from the
// supplier sends the shopper back to fresh room options with the reason.
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import type { RateChoice } from '../../lib/rate-choice.ts';
import { bookingKeys, prebookRate } from './booking-queries.ts';
import { useBookingDraftEvents, type RestartReason } from './booking-draft-store.ts';

const RESTART_AT_PREBOOK: ReadonlySet<string> = new Set<RestartReason>([
  'BOOKING_TOKEN_EXPIRED',
  'RATE_UNAVAILABLE',
]);

export function useChooseRate({
  onRoomOptionsStale,
}: {
  /** The hotel's room options hold dead tokens: fetch them again. */
  onRoomOptionsStale: (hotelId: string) => void;
}) {
  const navigate = useNavigate();
  const events = useBookingDraftEvents();
  // A second click before the first re-render must not prebook twice.
  const busy = useRef(false);
  const mutation = useMutation({
    mutationKey: bookingKeys.prebook(),
    mutationFn: (choice: RateChoice) => prebookRate(choice.bookingToken),
    onSuccess: (prebook, choice) => {
      events.ratePrebooked(choice, prebook);
      void navigate('/checkout');
    },
    onError: (error, choice) => {
      if (isApiError(error) && RESTART_AT_PREBOOK.has(error.code)) {
        events.restartRequired(error.code as RestartReason, choice.hotelId);
        onRoomOptionsStale(choice.hotelId);
      }
    },
    onSettled: () => {
      busy.current = false;
    },
  });

  const failure =
    mutation.error && !(isApiError(mutation.error) && RESTART_AT_PREBOOK.has(mutation.error.code))
      ? mutation.error
      : null;
  // The same functions from render to render: the page that takes them is kept as it is
  // while a rate is held, and only what shows the holding changes.
  const { mutate, reset } = mutation;
  const choose = useCallback(
    (choice: RateChoice) => {
      if (busy.current) return;
      busy.current = true;
      events.restartNoticeDismissed();
      reset();
      mutate(choice);
    },
    [events, mutate, reset],
  );

  return {
    choose,
    choosingRateId: mutation.isPending ? mutation.variables.rateId : null,
    /** A prebook that failed for another reason (rate limit, server trouble): say so, offer again. */
    failure,
    dismissFailure: reset,
  };
}
