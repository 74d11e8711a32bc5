// Renders a component as the app does: in StrictMode (effects run twice, as in
// development), with the whole English catalog, a fresh QueryClient with the app's defaults,
// and a router at a URL. A probe prints the router's location for assertions on
// navigation. Test-only.
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import bookingMessages from 'virtual:messages/en/booking';
import hotelMessages from 'virtual:messages/en/hotel';
import { addEnglishMessages, i18n, initI18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';

// Parts render here without their page's route, which adds its messages in the app.
addEnglishMessages(hotelMessages);
addEnglishMessages(bookingMessages);
await initI18n('en');

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>
  );
}

/** The app's providers around `children`, without a router: for hooks and leaf components. */
export function AppProviders({
  client = createQueryClient(),
  children,
}: {
  client?: QueryClient;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}

export interface RenderOptions {
  /** Where the router starts; `path` when it is given, else "/". */
  url?: string;
  /**
   * A route pattern: the component renders only there, and any other location shows
   * "elsewhere" (so a test sees the component navigate away).
   */
  path?: string;
}

export function renderWithApp(ui: ReactNode, { path, url = path ?? '/' }: RenderOptions = {}) {
  const client = createQueryClient();
  const view = render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[url]}>
        {path === undefined ? (
          ui
        ) : (
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        )}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, client };
}
