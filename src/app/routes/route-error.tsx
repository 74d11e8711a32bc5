import { isApiError } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n.ts';
import { InteractiveMark } from '../../lib/use-hydrated.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';

/** Last-resort error screen: a plain message, and the request id when there is one. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useT();
  const requestId = isApiError(error) ? error.requestId : null;
  return (
    <section role="alert" className="mx-auto max-w-prose space-y-3 p-6">
      {/* In place of a page that would have marked itself (see Layout). */}
      <InteractiveMark />
      <PageTitle>{t('error.title')}</PageTitle>
      <h1 className="text-2xl font-bold">{t('error.title')}</h1>
      {isApiError(error) && <p>{error.message}</p>}
      {requestId && (
        <p className="text-sm text-slate-600">{t('error.reference', { id: requestId })}</p>
      )}
      <button type="button" onClick={() => window.location.reload()} className={buttonClass()}>
        {t('error.retry')}
      </button>
    </section>
  );
}
