import { lazy, Suspense } from 'react';
import { useT } from '../../lib/i18n.ts';

// The search form is its own chunk: the results route reuses it without paying for
// it on first paint (docs/decisions/021-search-bundle-budget.md).
const SearchHome = lazy(async () => ({
  default: (await import('../../features/search/search-home.tsx')).SearchHome,
}));

export function HomeRoute() {
  const { t } = useT();
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
