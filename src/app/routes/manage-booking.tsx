import { ManageBookingPage } from '../../features/booking/manage-booking-page.tsx';

export function ManageBookingRoute() {
  return <ManageBookingPage />;
}
