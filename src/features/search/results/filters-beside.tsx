// The filters beside the list (a wide screen, no map): a heading, and a link past them for
// keyboard users, who reach the hotels without tabbing through every filter.
import { Suspense, useId, type ReactNode, type RefObject } from 'react';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { useT } from '../../../lib/i18n.ts';

export function FiltersBeside({
  skipTo,
  children,
}: {
  /** The list, which the skip link focuses. */
  skipTo: RefObject<HTMLElement | null>;
  /** The filters panel. */
  children: ReactNode;
}) {
  const { t } = useT();
  const filtersHeadingId = useId();
  return (
    <aside aria-labelledby={filtersHeadingId} className="self-start">
      <a
        href="#results"
        onClick={(event) => {
          event.preventDefault();
          skipTo.current?.focus();
        }}
        className="sr-only focus:not-sr-only focus:mb-3 focus:inline-block focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t('results.skipFilters')}
      </a>
      <h2 id={filtersHeadingId} className="mb-3 text-lg font-bold">
        {t('filters.title')}
      </h2>
      <Suspense fallback={<LoadingStatus>{t('filters.loading')}</LoadingStatus>}>
        {children}
      </Suspense>
    </aside>
  );
}
