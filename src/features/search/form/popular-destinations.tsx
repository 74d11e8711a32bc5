// The home page's popular destinations: a picture and a name each, one tap to their hotels
// for the suggested stay (a week ahead, two nights) with the remembered nationality. The
// list is the operator's (or, in sandbox mode, the sandbox's biggest cities); none, and the
// section is not there. It sits last on the page, so arriving late moves nothing above it.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Thumbnail } from '../../../components/ui/thumbnail.tsx';
import type { PopularDestination } from '../../../contract/index.ts';
import { useT } from '../../../lib/i18n.ts';
import { DEFAULT_NATIONALITY, DEFAULT_ROOMS, searchPath } from '../../../stay/search-url.ts';
import { NO_FILTERS } from '../../../stay/filters.ts';
import { suggestedStay } from '../../../stay/stay.ts';
import { useHydrated, useLocalToday } from '../../../lib/use-hydrated.ts';
import { searchQueries } from '../search-queries.ts';
import { useRememberedNationality } from './search-preferences.ts';

/** Pictures in the grid's first row on a phone (two columns). */
const FIRST_ROW = 2;

function label(destination: PopularDestination): string {
  return destination.country ? `${destination.name}, ${destination.country}` : destination.name;
}

export function PopularDestinations() {
  const { t, language } = useT();
  const popular = useQuery(searchQueries.popular(language));
  // The remembered nationality is this browser's: links carry it once the page is hydrated.
  const hydrated = useHydrated();
  const remembered = useRememberedNationality();
  const nationality = (hydrated ? remembered : null) ?? DEFAULT_NATIONALITY;
  const today = useLocalToday();
  const destinations = popular.data?.destinations ?? [];
  if (destinations.length === 0) return null;
  const stay = suggestedStay(today);

  return (
    <section aria-labelledby="popular-title" className="space-y-3">
      <h2 id="popular-title" className="text-xl font-bold">
        {t('home.popular.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {destinations.map((destination, index) => (
          <li key={`${destination.type}:${destination.id}`}>
            <Link
              to={searchPath({
                destination: { type: destination.type, id: destination.id },
                label: label(destination),
                ...stay,
                rooms: DEFAULT_ROOMS.map((room) => ({ ...room, child_ages: [...room.child_ages] })),
                nationality,
                sort: 'recommended',
                pricingMode: 'instant',
                filters: NO_FILTERS,
              })}
              className="block overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:border-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              {/* The first row is on a phone's first screen, the page's largest paint. */}
              <Thumbnail
                src={destination.image_url}
                width={320}
                height={240}
                first={index < FIRST_ROW}
              />
              <span className="block p-3">
                <span className="block font-semibold text-blue-800">{destination.name}</span>
                {destination.country && (
                  <span className="block text-sm text-slate-700">{destination.country}</span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
