// The routes of the flow (React Router in declarative mode: half the bytes of
// the data router, and React Query already does the data loading). Home is in
// the entry chunk; every other route is its own chunk, loaded when first visited.
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './layout.tsx';
import { HomeRoute } from './routes/home.tsx';

const ResultsRoute = lazy(async () => ({
  default: (await import('./routes/results.tsx')).ResultsRoute,
}));
const HotelRoute = lazy(async () => ({ default: (await import('./routes/hotel.tsx')).HotelRoute }));
const CheckoutRoute = lazy(async () => ({
  default: (await import('./routes/checkout.tsx')).CheckoutRoute,
}));
const ConfirmationRoute = lazy(async () => ({
  default: (await import('./routes/confirmation.tsx')).ConfirmationRoute,
}));
const ManageBookingRoute = lazy(async () => ({
  default: (await import('./routes/manage-booking.tsx')).ManageBookingRoute,
}));
const AboutRoute = lazy(async () => ({ default: (await import('./routes/about.tsx')).AboutRoute }));
const NotFoundRoute = lazy(async () => ({
  default: (await import('./routes/not-found.tsx')).NotFoundRoute,
}));

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
