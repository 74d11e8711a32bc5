import { useT } from '../../lib/i18n.ts';

export function HomeRoute() {
  const { t } = useT();
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title" className="text-3xl font-bold">
        {t('home.title')}
      </h1>
      <p className="mt-2 text-slate-700">{t('app.tagline')}</p>
    </section>
  );
}
