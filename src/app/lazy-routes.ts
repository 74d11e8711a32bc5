// Every route but home is its own chunk. They are preloadable so a route can fetch
// the code of the one a shopper most likely opens next; once that code is in, the
// route renders without suspending (a suspended reveal is throttled ~300 ms).
import { preloadableLazy } from '../lib/preloadable-lazy.tsx';

export const resultsRoute = preloadableLazy(
  async () => (await import('./routes/results.tsx')).ResultsRoute,
);

/**
 * The code the results page draws its hotels with: the route, then the list, a chunk of
 * its own that the route asks for only once it has hotels to show.
 */
export async function preloadResultsCode(): Promise<void> {
  await resultsRoute.preload();
  const { resultsList } = await import('../features/search/results/results-body.tsx');
  await resultsList.preload();
}

export const hotelRoute = preloadableLazy(
  async () => (await import('./routes/hotel.tsx')).HotelRoute,
);
export const checkoutRoute = preloadableLazy(
  async () => (await import('./routes/checkout.tsx')).CheckoutRoute,
);
export const confirmationRoute = preloadableLazy(
  async () => (await import('./routes/confirmation.tsx')).ConfirmationRoute,
);
export const manageBookingRoute = preloadableLazy(
  async () => (await import('./routes/manage-booking.tsx')).ManageBookingRoute,
);
export const tripsRoute = preloadableLazy(
  async () => (await import('./routes/trips.tsx')).TripsRoute,
);
export const tripRoute = preloadableLazy(async () => (await import('./routes/trip.tsx')).TripRoute);
export const savedRoute = preloadableLazy(
  async () => (await import('./routes/saved.tsx')).SavedRoute,
);
export const aboutRoute = preloadableLazy(
  async () => (await import('./routes/about.tsx')).AboutRoute,
);
export const notFoundRoute = preloadableLazy(
  async () => (await import('./routes/not-found.tsx')).NotFoundRoute,
);
