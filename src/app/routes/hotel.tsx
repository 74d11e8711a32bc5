export function HotelRoute() {
  return <h1 className="text-2xl font-bold">Hotel</h1>;
}
