import { Suspense, useEffect } from 'react';
import { Link, NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { ErrorBoundary } from '../components/ui/error-boundary.tsx';
import { useT } from '../lib/i18n.ts';
import { InteractiveMark } from '../lib/use-hydrated.ts';
import { firstScreenOf } from './first-screen.ts';
import { PreferencesMenu } from './preferences-menu.tsx';
import { RouteError } from './routes/route-error.tsx';
import { LoadingStatus } from '../components/ui/loading-status.tsx';

/**
 * A new page starts at the top, or at the part its link names ("/about#ranking"); back and
 * forward keep the browser's own scroll restoration.
 */
function useScrollToTopOnNewPage() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === NavigationType.Pop) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}

export function Layout() {
  const { t } = useT();
  const { pathname, search } = useLocation();
  useScrollToTopOnNewPage();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      {/* The pages the server can render mark themselves, once their own part is in. */}
      {firstScreenOf(pathname, search) === null && <InteractiveMark />}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t('app.skipToContent')}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to="/" className="text-xl font-bold tracking-tight text-blue-800">
            {t('app.name')}
          </Link>
          <nav
            aria-label={t('app.mainNavigation')}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm sm:gap-x-4"
          >
            <Link
              to="/saved"
              className="whitespace-nowrap text-slate-700 underline-offset-4 hover:underline"
            >
              {t('saved.nav')}
            </Link>
            <Link
              to="/trips"
              className="whitespace-nowrap text-slate-700 underline-offset-4 hover:underline"
            >
              {t('app.trips')}
            </Link>
            <PreferencesMenu />
          </nav>
        </div>
      </header>
      {/* At least a screen tall: the footer starts below the fold, so content arriving
          after the first paint never pushes it (a layout shift). */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 py-6 outline-none"
      >
        {/* Suspense above the route's error boundary: a navigation (a transition) keeps
            the page on screen until the next route's code is in, instead of a blank
            "Loading…" in between; only the first load of the app shows the fallback. */}
        <Suspense fallback={<LoadingStatus>{t('app.loading')}</LoadingStatus>}>
          <ErrorBoundary key={pathname} fallback={(error) => <RouteError error={error} />}>
            <Outlet />
          </ErrorBoundary>
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap gap-4 px-4 py-4 text-sm text-slate-600">
          <Link to="/about" className="underline-offset-4 hover:underline">
            {t('app.about')}
          </Link>
          <span>{t('about.geonames')}</span>
        </div>
      </footer>
    </div>
  );
}
