import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CheckoutPage } from '../../features/booking/checkout/checkout-page.tsx';
import { forgetRoomOptions } from '../../features/hotel/hotel-queries.ts';
import bookingMessages from 'virtual:messages/en/booking';
import { addEnglishMessages } from '../../lib/i18n.ts';

addEnglishMessages(bookingMessages);

export function CheckoutRoute() {
  const queryClient = useQueryClient();
  // Back to the hotel page after an expired or used hold: its room options are fetched afresh.
  const onRoomOptionsStale = useCallback(
    (hotelId: string) => void forgetRoomOptions(queryClient, hotelId),
    [queryClient],
  );
  return <CheckoutPage onRoomOptionsStale={onRoomOptionsStale} />;
}
