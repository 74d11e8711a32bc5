import { ConfirmationPage } from '../../features/booking/confirmation-page.tsx';

export function ConfirmationRoute() {
  return <ConfirmationPage />;
}
