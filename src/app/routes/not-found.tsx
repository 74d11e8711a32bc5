import { useT } from '../../lib/i18n.ts';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';

export function NotFoundRoute() {
  const { t } = useT();
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="not-found-title" className="max-w-prose space-y-4">
      <PageTitle>{t('notFound.title')}</PageTitle>
      <h1 id="not-found-title" className="text-2xl font-bold">
        {t('notFound.title')}
      </h1>
      <p>{t('notFound.body', { path: pathname })}</p>
      <Link to="/" className={buttonClass({}, 'inline-block')}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
