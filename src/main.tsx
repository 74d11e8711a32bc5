import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { firstScreenOf, loadFirstScreenCode } from './app/first-screen.ts';
import { Providers } from './app/providers.tsx';
import { PAGE_CLOCK_ATTRIBUTES, PAGE_DATA_ELEMENT_ID } from './contract/index.ts';
import { setPageClock } from './lib/format.ts';
import { AppRouter } from './app/router.tsx';
import { isUiLanguage, initI18n, initialLanguage } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { browserCurrencyPreference } from './lib/money.tsx';
import './index.css';

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <Providers queryClient={queryClient} currency={browserCurrencyPreference()}>
      <AppRouter />
    </Providers>
  </StrictMode>
);

const screen = firstScreenOf(window.location.pathname, window.location.search);
const serverData = document.getElementById(PAGE_DATA_ELEMENT_ID);
if (screen && serverData && root.firstElementChild) {
  // Rendered by the server: the same language, data and code as there, so the first
  // render here draws exactly what the HTML shows and asks for nothing it already has.
  const { lang } = document.documentElement;
  const day = root.getAttribute(PAGE_CLOCK_ATTRIBUTES.day);
  const timeZone = root.getAttribute(PAGE_CLOCK_ATTRIBUTES.timeZone);
  if (day && timeZone) setPageClock({ day, timeZone });
  hydrate(queryClient, JSON.parse(serverData.textContent || '{}') as DehydratedState);
  await Promise.all([
    initI18n(isUiLanguage(lang) ? lang : initialLanguage()),
    loadFirstScreenCode(screen),
  ]);
  // In a transition, React hydrates the page in slices that yield to the browser between
  // them, instead of in one task as long as the whole page's render.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  await initI18n();
  createRoot(root).render(app);
}
