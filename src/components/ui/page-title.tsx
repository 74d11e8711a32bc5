// The browser tab's title for a page: "<page> · Staylane" ("Staylane · <tagline>" on the
// home page). React 19 moves a <title> rendered anywhere into the document head and
// takes it out when the page unmounts, so a page states its title like any other content;
// <meta> likewise.
import { useT } from '../../lib/i18n.ts';

export function PageTitle({
  children,
  brandFirst = false,
  noIndex = false,
}: {
  children: string;
  brandFirst?: boolean;
  /**
   * Keep the page out of search engines: a page whose every visit costs supplier
   * searches (results) must not be crawled.
   */
  noIndex?: boolean;
}) {
  const { t } = useT();
  const app = t('app.name');
  return (
    <>
      <title>{brandFirst ? `${app} · ${children}` : `${children} · ${app}`}</title>
      {noIndex && <meta name="robots" content="noindex" />}
    </>
  );
}
