import { ManageBookingPage } from '../../features/booking/manage-booking-page.tsx';
import bookingMessages from 'virtual:messages/en/booking';
import { addEnglishMessages } from '../../lib/i18n.ts';

addEnglishMessages(bookingMessages);

export function ManageBookingRoute() {
  return <ManageBookingPage />;
}
