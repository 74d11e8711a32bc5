import { useT } from '../../lib/i18n.ts';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

export function NotFoundRoute() {
  const { t } = useT();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${t('notFound.title')} · ${t('app.name')}`;
  }, [t]);
  return (
    <section aria-labelledby="not-found-title" className="max-w-prose space-y-4">
      <h1 id="not-found-title" className="text-2xl font-bold">
        {t('notFound.title')}
      </h1>
      <p>{t('notFound.body', { path: pathname })}</p>
      <Link
        to="/"
        className="inline-block rounded bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
      >
        {t('notFound.home')}
      </Link>
    </section>
  );
}
