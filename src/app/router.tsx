// The routes of the flow (React Router in declarative mode: half the bytes of
// the data router, and React Query already does the data loading). Home is in
// the entry chunk; every other route is its own chunk, loaded when first visited.
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './layout.tsx';
import {
  aboutRoute,
  checkoutRoute,
  confirmationRoute,
  hotelRoute,
  manageBookingRoute,
  notFoundRoute,
  resultsRoute,
  savedRoute,
  tripRoute,
  tripsRoute,
} from './lazy-routes.ts';
import { HomeRoute } from './routes/home.tsx';

const ResultsRoute = resultsRoute.Component;
const HotelRoute = hotelRoute.Component;
const CheckoutRoute = checkoutRoute.Component;
const ConfirmationRoute = confirmationRoute.Component;
const ManageBookingRoute = manageBookingRoute.Component;
const SavedRoute = savedRoute.Component;
const TripsRoute = tripsRoute.Component;
const TripRoute = tripRoute.Component;
const AboutRoute = aboutRoute.Component;
const NotFoundRoute = notFoundRoute.Component;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomeRoute />} />
        <Route path="search" element={<ResultsRoute />} />
        <Route path="hotels/:hotelId" element={<HotelRoute />} />
        <Route path="checkout" element={<CheckoutRoute />} />
        <Route path="booking/confirmation" element={<ConfirmationRoute />} />
        <Route path="manage-booking" element={<ManageBookingRoute />} />
        <Route path="saved" element={<SavedRoute />} />
        <Route path="trips" element={<TripsRoute />} />
        <Route path="trips/:reference" element={<TripRoute />} />
        <Route path="about" element={<AboutRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense>
        <AppRoutes />
      </Suspense>
    </BrowserRouter>
  );
}
