export function ConfirmationRoute() {
  return <h1 className="text-2xl font-bold">Booking confirmation</h1>;
}
