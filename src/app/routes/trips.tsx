import { TripsPage } from '../../features/booking/trips/trips-page.tsx';
import bookingMessages from 'virtual:messages/en/booking';
import { addEnglishMessages } from '../../lib/i18n.ts';

addEnglishMessages(bookingMessages);

export function TripsRoute() {
  return <TripsPage />;
}
