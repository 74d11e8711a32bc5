// The home page's saved hotels: the latest few, each opening its hotel page for the stay
// it was saved for, and a way to the whole list with fresh prices. Prices are not
// fetched here (the Saved page does that): the home page stays free of searches. Kept in
// this browser only, so the list fills in once the page has hydrated and read it.
import { Link } from 'react-router';
import { Thumbnail } from '../../../components/ui/thumbnail.tsx';
import { formatStayRange, localToday } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSavedHotelList, useSavedHotelsLoaded } from '../../../stay/saved-hotels.ts';
import { groupSavedHotels } from '../../../stay/saved-stays.ts';
import { hotelPath } from '../../../stay/search-url.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { DataText } from '../../../components/ui/data-text.tsx';
import { HomeShelf } from '../home-shelf.tsx';

const SHOWN = 3;

export function SavedOnHome() {
  const { t, language } = useT();
  const hydrated = useHydrated();
  const loaded = useSavedHotelsLoaded();
  const shown = hydrated && loaded;
  const hotels = useSavedHotelList();
  if (!shown || hotels.length === 0) return null;
  const latest = groupSavedHotels(hotels, localToday())
    .flatMap((group) => group.hotels.map((hotel) => ({ hotel, group })))
    .slice(0, SHOWN);

  return (
    <HomeShelf
      titleId="saved-home-title"
      title={t('saved.home.title')}
      action={
        <Link
          to="/saved"
          className="font-semibold text-blue-800 underline-offset-4 hover:underline"
        >
          {t('saved.home.seeAll', { count: hotels.length })}
        </Link>
      }
    >
      {latest.map(({ hotel, group }) => (
        <li key={hotel.hotelId}>
          <Link
            to={group.input ? hotelPath(hotel.hotelId, group.input) : '/saved'}
            className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <Thumbnail
              src={hotel.imageUrl}
              width={160}
              height={120}
              className="w-20 shrink-0 rounded-md"
            />
            <span className="min-w-0">
              <span className="block font-semibold text-blue-800">{hotel.name}</span>
              <DataText as="span" oneLine className="text-sm text-slate-700">
                {hotel.place}
              </DataText>
              <span className="block text-sm text-slate-700">
                {group.input
                  ? formatStayRange(group.stay.checkIn, group.stay.checkOut, language)
                  : t('saved.past')}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </HomeShelf>
  );
}
