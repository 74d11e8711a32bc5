export function ManageBookingRoute() {
  return <h1 className="text-2xl font-bold">Manage booking</h1>;
}
