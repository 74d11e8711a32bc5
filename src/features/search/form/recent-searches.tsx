// The home page's recent searches: the last five, each run again with one tap. A search
// whose dates have passed runs from today for the same number of nights. Kept in this
// browser only, so the list fills in after the page's first render (see useHydrated).
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { formatStayRange, localToday } from '../../../lib/format.ts';
import { describeGuests } from '../../../stay/guests.ts';
import { useT } from '../../../lib/i18n.ts';
import { searchPath } from '../../../stay/search-url.ts';
import { stayNights } from '../../../stay/stay.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { runAgain, useRecentCleared, useRecentSearches } from './search-preferences.ts';
import { HomeShelf } from '../home-shelf.tsx';

export function RecentSearches() {
  const { t, language } = useT();
  const hydrated = useHydrated();
  const recent = useRecentSearches();
  const clear = useRecentCleared();
  const today = localToday();
  const runnable = recent.flatMap((entry) => {
    const input = runAgain(entry, today);
    return input ? [{ key: entry.query, input }] : [];
  });
  if (!hydrated || runnable.length === 0) return null;

  return (
    <HomeShelf
      titleId="recent-searches-title"
      title={t('home.recent.title')}
      action={
        <button type="button" onClick={clear} className={buttonClass({ variant: 'quiet' })}>
          {t('home.recent.clear')}
        </button>
      }
    >
      {runnable.map(({ key, input }) => (
        <li key={key}>
          <Link
            to={searchPath(input)}
            className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <span className="block font-semibold text-blue-800">{input.label}</span>
            <span className="block text-sm text-slate-700">
              {formatStayRange(input.checkIn, input.checkOut, language)} ·{' '}
              {t('stay.nights', { count: stayNights(input) })}
            </span>
            <span className="block text-sm text-slate-700">{describeGuests(t, input.rooms)}</span>
          </Link>
        </li>
      ))}
    </HomeShelf>
  );
}
