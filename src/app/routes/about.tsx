import { PageTitle } from '../../components/ui/page-title.tsx';
import { useT } from '../../lib/i18n.ts';

export function AboutRoute() {
  const { t } = useT();
  return (
    <article className="max-w-prose space-y-3">
      {/* Every page names its tab: the page before took its own title with it. */}
      <PageTitle>{t('about.title')}</PageTitle>
      <h1 className="text-2xl font-bold">{t('about.title')}</h1>
      <p>{t('about.body')}</p>
      <p>{t('about.geonames')}</p>
      {/* What the results page's "How we rank" link opens. */}
      <h2 id="ranking" className="scroll-mt-4 pt-3 text-xl font-bold">
        {t('about.ranking.title')}
      </h2>
      <p>{t('about.ranking.body')}</p>
    </article>
  );
}
