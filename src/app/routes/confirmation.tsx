import { ConfirmationPage } from '../../features/booking/confirmation-page.tsx';
import bookingMessages from 'virtual:messages/en/booking';
import { addEnglishMessages } from '../../lib/i18n.ts';

addEnglishMessages(bookingMessages);

export function ConfirmationRoute() {
  return <ConfirmationPage />;
}
