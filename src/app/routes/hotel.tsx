// The hotel page composes two features: the hotel's content and room options, and the
// booking flow's prebook (a chosen rate is held, then checkout), with the booking
// flow's notices shown among the rooms.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { HotelBookingNotice } from '../../features/booking/hotel-notice.tsx';
import { useChooseRate } from '../../features/booking/use-choose-rate.ts';
import { forgetRoomOptions } from '../../features/hotel/hotel-queries.ts';
import { InteractiveMark } from '../../lib/use-hydrated.ts';
import { HotelPage } from '../../features/hotel/hotel-page.tsx';
import bookingMessages from 'virtual:messages/en/booking';
import hotelMessages from 'virtual:messages/en/hotel';
import { addEnglishMessages } from '../../lib/i18n.ts';

// The booking flow's notices are drawn among the rooms, in its own words.
addEnglishMessages(hotelMessages);
addEnglishMessages(bookingMessages);

export function HotelRoute() {
  const { hotelId = '' } = useParams();
  const queryClient = useQueryClient();
  const onRoomOptionsStale = useCallback(
    (id: string) => void forgetRoomOptions(queryClient, id),
    [queryClient],
  );
  const { choose, choosingRateId, failure, dismissFailure } = useChooseRate({
    onRoomOptionsStale,
  });
  // A tap on Choose re-renders this route: the notice stays the same element unless the
  // failure changed, so the hotel page under it is not drawn again (see HotelPage).
  const notice = useMemo(
    () => (
      <HotelBookingNotice hotelId={hotelId} failure={failure} onDismissFailure={dismissFailure} />
    ),
    [hotelId, failure, dismissFailure],
  );
  return (
    <>
      <InteractiveMark />
      <HotelPage onChooseRate={choose} choosingRateId={choosingRateId} notice={notice} />
    </>
  );
}
