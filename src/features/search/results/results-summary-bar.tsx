// The stay being searched, in one line (place, dates, nights, guests), and "Edit search",
// which opens the search form in place. A search the API refused opens it by itself,
// with the refused fields marked.
import { Suspense, useId, useState } from 'react';
import type { ErrorDetail } from '../../../contract/index.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { formatStayRange } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { preloadableLazy } from '../../../lib/preloadable-lazy.tsx';
import { describeGuests } from '../../../stay/guests.ts';
import { stayNights } from '../../../stay/stay.ts';
import { type SearchInput } from '../../../stay/search-url.ts';

// Needed only when the shopper edits the search: its own chunk, fetched when idle.
export const searchForm = preloadableLazy(
  async () => (await import('../form/search-form.tsx')).SearchForm,
);
export const SearchForm = searchForm.Component;

export function ResultsSummaryBar({
  input,
  place,
  search,
  serverIssues,
}: {
  input: SearchInput;
  /** Where, as the answer names it ("Lisbon, Portugal"). */
  place: string;
  /** The URL's query: a new one starts the form afresh. */
  search: string;
  serverIssues: readonly ErrorDetail[];
}) {
  const { t, language } = useT();
  const formId = useId();
  const [editing, setEditing] = useState(false);
  const formShown = editing || serverIssues.length > 0;
  const summary = [
    formatStayRange(input.checkIn, input.checkOut, language),
    t('stay.dates.nights', { count: stayNights(input) }),
    describeGuests(t, input.rooms),
  ].join(' · ');

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 text-sm sm:text-base">
          <span className="block truncate font-semibold text-slate-900">{place}</span>
          <span className="block truncate text-slate-700">{summary}</span>
        </p>
        <button
          type="button"
          aria-expanded={formShown}
          aria-controls={formId}
          onClick={() => setEditing((value) => !value)}
          className={buttonClass({ variant: 'secondary', size: 'sm' }, 'shrink-0')}
        >
          {t('results.editSearch')}
        </button>
      </div>
      <div id={formId} hidden={!formShown} className="mt-4">
        {formShown && (
          <Suspense fallback={<LoadingStatus>{t('app.loading')}</LoadingStatus>}>
            <SearchForm
              key={search}
              draft={input}
              serverIssues={serverIssues}
              submitLabel={t('search.form.update')}
              onSubmitted={() => setEditing(false)}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
