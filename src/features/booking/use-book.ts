// Sending a booking attempt. The attempt's states and transitions are book-attempt.ts's
// (the draft store applies them, and is the one place that knows whether this page is
// sending it); this hook only sends: on a click on Book or Try again, and once when the
// checkout mounts with an attempt sent by an earlier load of the page (a reload cut it
// off). A double click or React's strict-mode double effect finds it already sent here.
// Every send carries the attempt's key and bytes; the automatic resends are book-retry.ts's
// (docs/decisions/047-booking-sends.md).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { HeldBooking } from '../../contract/index.ts';
import { isApiError } from '../../lib/api-client.ts';
import {
  classifyBookFailure,
  inFlight,
  toAttemptFailure,
  type BookAttempt,
} from './book-attempt.ts';
import { sendWithRetries } from './book-retry.ts';
import { tripOf, tripsActions } from './trips/trips-store.ts';
import { bookingDraftEvents, useBookAttempt, type RestartReason } from './booking-draft-store.ts';
import { bookingKeys, bookingQueries, lookupOf, sendBookAttempt } from './booking-queries.ts';

export function confirmationPath(reference: string): string {
  return `/booking/confirmation?ref=${encodeURIComponent(reference)}`;
}

export function useBook({
  onRestart,
}: {
  /** The hold is gone or used: back to fresh room options, with this reason. */
  onRestart: (reason: RestartReason) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const attempt = useBookAttempt();
  // The answer may come after the shopper left the checkout: then it is stored, not shown.
  const onPage = useRef(true);
  useEffect(() => {
    onPage.current = true;
    return () => {
      onPage.current = false;
    };
  }, []);

  const booked = useCallback(
    (booking: HeldBooking) => {
      bookingDraftEvents().bookSucceeded(booking);
      // Kept on this device before anything else: the shopper may close the tab at once.
      tripsActions().tripKept(tripOf(booking));
      // The confirmation page reads the booking from the cache: no look-up needed now.
      queryClient.setQueryData(bookingQueries.lookup(lookupOf(booking)).queryKey, booking);
      if (onPage.current) void navigate(confirmationPath(booking.reference), { replace: true });
    },
    [navigate, queryClient],
  );

  const failed = useCallback(
    (error: unknown) => {
      const kind = classifyBookFailure(error);
      const failure = toAttemptFailure(error);
      if (kind === 'unknown') bookingDraftEvents().bookFailedUnknown(failure);
      else if (kind === 'rejected') bookingDraftEvents().bookRejected(failure);
      else if (isApiError(error)) onRestart(error.code as RestartReason);
    },
    [onRestart],
  );

  const { mutate } = useMutation({
    mutationKey: bookingKeys.book(),
    mutationFn: (current: BookAttempt) =>
      sendWithRetries(() => sendBookAttempt(current), {
        onRetry: (send) => bookingDraftEvents().bookRetrying(send),
      }),
    onSuccess: booked,
    onError: failed,
  });

  // An attempt in flight but sent by an earlier load of the page was cut off by a reload:
  // the same request goes again, once.
  useEffect(() => {
    const cutOff = bookingDraftEvents().bookResumed();
    if (cutOff) mutate(cutOff);
  }, [mutate]);

  /** Book (or Try again): the store decides whether this is the same attempt or a new one. */
  const submit = (body: string) => {
    const decision = bookingDraftEvents().bookSubmitted(body);
    if (decision?.action === 'send') mutate(decision.attempt);
  };
  return {
    attempt,
    sendNumber: attempt && inFlight(attempt) ? attempt.send : 1,
    submit,
    /** Try again after an unknown outcome: exactly the same request. */
    retry: () => {
      if (attempt) submit(attempt.body);
    },
  };
}
