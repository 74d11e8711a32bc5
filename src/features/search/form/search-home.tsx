// The home page's search: prefilled with the shopper's last search when its dates are
// still ahead, and with the remembered nationality. Both live in this browser's storage,
// which a page rendered by the server cannot know: that page, and the render that
// hydrates it, start from the suggested stay alone, and the shopper's own start replaces
// it right after (only when it differs, so focus and typing are not lost for nothing).
import { useMemo } from 'react';
import { localToday } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import {
  DEFAULT_NATIONALITY,
  readSearchDraft,
  type SearchDraft,
} from '../../../stay/search-url.ts';
import { parseSearchUrl } from '../../../stay/search-check.ts';
import { NO_FILTERS } from '../../../stay/filters.ts';
import { PopularDestinations } from './popular-destinations.tsx';
import { RecentSearches } from './recent-searches.tsx';
import { SavedOnHome } from '../saved/saved-on-home.tsx';
import { SearchForm } from './search-form.tsx';
import { useSearchPreferences } from './search-preferences.ts';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { InteractiveMark, useHydrated, useLocalToday } from '../../../lib/use-hydrated.ts';

/** Where any visitor starts: no destination, the suggested stay (see SearchForm). */
function firstPaintDraft(): SearchDraft {
  return { ...readSearchDraft(new URLSearchParams()), nationality: DEFAULT_NATIONALITY };
}

function shopperDraft(): SearchDraft {
  const { recent, nationality } = useSearchPreferences.getState();
  const last = recent[0] ? parseSearchUrl(recent[0].query) : null;
  if (last?.ok && last.input.checkIn >= localToday()) {
    return {
      ...last.input,
      sort: 'recommended',
      pricingMode: 'instant',
      filters: NO_FILTERS,
      nationality: nationality ?? last.input.nationality,
    };
  }
  return {
    ...readSearchDraft(new URLSearchParams()),
    nationality: nationality ?? DEFAULT_NATIONALITY,
  };
}

export function SearchHome() {
  const { t } = useT();
  const hydrated = useHydrated();
  const today = useLocalToday();
  // Read once (and once more when hydrated): the form owns its state from then on.
  const draft = useMemo(() => (hydrated ? shopperDraft() : firstPaintDraft()), [hydrated]);
  const formKey = JSON.stringify([draft, today]);
  return (
    <section aria-labelledby="home-title" className="space-y-6">
      <InteractiveMark />
      <PageTitle brandFirst>{t('home.documentTitle')}</PageTitle>
      <div>
        <h1 id="home-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('home.title')}
        </h1>
        <p className="mt-2 text-slate-700">{t('app.tagline')}</p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <SearchForm key={formKey} draft={draft} />
      </div>
      <RecentSearches />
      <SavedOnHome />
      <PopularDestinations />
    </section>
  );
}
