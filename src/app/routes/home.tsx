import { Suspense, useEffect } from 'react';
import { useT } from '../../lib/i18n.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { whenIdle } from '../../lib/when-idle.ts';
import { preloadResultsCode } from '../lazy-routes.ts';

// The search form is its own chunk: the results route reuses it without paying for
// it on first paint (docs/decisions/021-search-bundle-budget.md). A home page rendered by
// the server has it loaded before hydrating (src/app/first-screen.ts).
export const searchHome = preloadableLazy(
  async () => (await import('../../features/search/form/search-home.tsx')).SearchHome,
);
const SearchHome = searchHome.Component;

export function HomeRoute() {
  const { t } = useT();
  // A search from here lands on the results route: fetch its code, the list's included,
  // while the shopper types, so the results paint as soon as the first page arrives.
  useEffect(() => whenIdle(() => void preloadResultsCode()), []);
  return (
    <Suspense
      fallback={
        <section aria-labelledby="home-title">
          <h1 id="home-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t('home.title')}
          </h1>
          <p className="mt-2 text-slate-700">{t('app.tagline')}</p>
        </section>
      }
    >
      <SearchHome />
    </Suspense>
  );
}
