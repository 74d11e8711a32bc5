// The browser tab's title for a page: "<page> · Staylane" ("Staylane · <tagline>" on the
// home page). React 19 moves a <title> rendered anywhere into the document head and
// takes it out when the page unmounts, so a page states its title like any other content.
import { useT } from '../../lib/i18n.ts';

export function PageTitle({
  children,
  brandFirst = false,
}: {
  children: string;
  brandFirst?: boolean;
}) {
  const { t } = useT();
  const app = t('app.name');
  return <title>{brandFirst ? `${app} · ${children}` : `${children} · ${app}`}</title>;
}
