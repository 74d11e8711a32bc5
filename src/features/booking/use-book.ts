// Sending the current booking attempt. There is one path: whenever the draft store
// says an attempt is `sending` — after a click on Book or Try again, or after a reload
// that interrupted it — it is sent (with automatic retries), once per page: a module
// set of the keys in flight keeps a double click, a re-render or React's strict-mode
// double effect from sending it twice. Every send carries the attempt's key and bytes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Booking } from '../../contract/index.ts';
import { isApiError } from '../../lib/api-client.ts';
import { classifyBookFailure, toAttemptFailure, type BookAttempt } from './book-attempt.ts';
import { sendWithRetries } from './book-retry.ts';
import {
  bookingDraftEvents,
  useBookAttempt,
  useRateChoice,
  type RestartReason,
} from './booking-draft-store.ts';
import {
  bookingKeys,
  bookingQueries,
  normalizeLookup,
  sendBookAttempt,
} from './booking-queries.ts';

const inFlight = new Set<string>();

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
  const choice = useRateChoice();
  // The answer may come after the shopper left the checkout: then it is stored, not shown.
  const onPage = useRef(true);
  useEffect(() => {
    onPage.current = true;
    return () => {
      onPage.current = false;
    };
  }, []);
  /** Which send of which attempt is under way (2 and up: an automatic retry). */
  const [retry, setRetry] = useState<{ key: string; send: number } | null>(null);
  const { mutateAsync } = useMutation({
    mutationKey: bookingKeys.book(),
    mutationFn: (current: BookAttempt) =>
      sendWithRetries(() => sendBookAttempt(current), {
        onRetry: (send) => setRetry({ key: current.key, send }),
      }),
  });

  const booked = useCallback(
    (booking: Booking) => {
      bookingDraftEvents().bookSucceeded(booking);
      // The confirmation page reads the booking from the cache: no look-up needed now.
      queryClient.setQueryData(
        bookingQueries.lookup(normalizeLookup(booking.reference, booking.holder.last_name))
          .queryKey,
        booking,
      );
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

  const sending = attempt?.status === 'sending' ? attempt : null;
  useEffect(() => {
    if (!sending || inFlight.has(sending.key)) return;
    inFlight.add(sending.key);
    mutateAsync(sending)
      .then(booked, failed)
      .finally(() => inFlight.delete(sending.key));
    // The attempt's key and status decide; a new object with the same ones is the same send.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sending?.key, sending?.status]);

  return {
    attempt,
    hotelId: choice?.hotelId ?? null,
    sendNumber: retry && retry.key === attempt?.key ? retry.send : 1,
    /** Book (or Try again): the store decides whether this is the same attempt or a new one. */
    submit: (body: string) => bookingDraftEvents().bookSubmitted(body),
    /** Try again after an unknown outcome: exactly the same request. */
    retry: () => {
      if (attempt) bookingDraftEvents().bookSubmitted(attempt.body);
    },
  };
}
