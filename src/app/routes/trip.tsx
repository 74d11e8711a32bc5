import { TripPage } from '../../features/booking/trips/trip-page.tsx';
import bookingMessages from 'virtual:messages/en/booking';
import { addEnglishMessages } from '../../lib/i18n.ts';

addEnglishMessages(bookingMessages);

export function TripRoute() {
  return <TripPage />;
}
