// The Saved page: the shopper's shortlist, grouped by the stay each hotel was saved for,
// with fresh prices. Each stay is one search of the API for just its saved hotels, sent
// only once the group comes on screen, and its prices are polled only while it is on
// screen, so a long list never costs more searches than a shopper scrolling results.
// A stay whose dates have passed is not searched: it offers the next valid dates.
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyList } from '../../../components/ui/empty-list.tsx';
import { ConfirmInPlace } from '../../../components/ui/confirm-in-place.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { formatStayRange, localToday } from '../../../lib/format.ts';
import { describeGuests } from '../../../stay/guests.ts';
import { useT } from '../../../lib/i18n.ts';
import {
  savedHotelsActions,
  useSavedHotelList,
  useSavedHotelsLoaded,
  type SavedHotel,
} from '../../../stay/saved-hotels.ts';
import {
  groupSavedHotels,
  rollSavedStayForward,
  type SavedStayGroup,
} from '../../../stay/saved-stays.ts';
import {
  hotelDestination,
  hotelPath,
  toSearchRequest,
  type SearchInput,
} from '../../../stay/search-url.ts';
import { rollStayForward, stayNights } from '../../../stay/stay.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useInView } from '../../../lib/use-in-view.ts';
import { CardPicture } from '../card-picture.tsx';
import { HotelCard } from '../hotel-card.tsx';
import { mergePriceUpdates } from '../merge-results.ts';
import { searchQueries, type SavedStayRequest } from '../search-queries.ts';
import { usePriceRefresh } from '../results/use-price-refresh.ts';
import { DataText } from '../../../components/ui/data-text.tsx';

export function SavedHotelsPage() {
  const { t } = useT();
  // Drawn once storage's list has been read: before that the page would call it empty.
  const hydrated = useHydrated();
  const loaded = useSavedHotelsLoaded();
  const shown = hydrated && loaded;
  const hotels = useSavedHotelList();
  const today = localToday();
  const groups = useMemo(() => groupSavedHotels(hotels, today), [hotels, today]);

  return (
    <section aria-labelledby="saved-title" className="space-y-6">
      <PageHeading id="saved-title" title={t('saved.title')}>
        {shown && hotels.length > 0 && <RemoveAll count={hotels.length} />}
      </PageHeading>
      {shown &&
        (groups.length === 0 ? (
          <EmptyList>{t('saved.empty')}</EmptyList>
        ) : (
          groups.map((group) => <SavedStay key={group.key} group={group} today={today} />)
        ))}
    </section>
  );
}

/** "Remove all" asks once more, in place: the list is the shopper's own work. */
function RemoveAll({ count }: { count: number }) {
  const { t } = useT();
  return (
    <ConfirmInPlace
      action={t('saved.removeAll')}
      question={t('saved.removeAllQuestion', { count })}
      confirm={t('saved.removeAllConfirm')}
      keep={t('saved.keep')}
      onConfirm={() => savedHotelsActions().allRemoved()}
    />
  );
}

function savedStayRequest(input: SearchInput, hotels: readonly SavedHotel[]): SavedStayRequest {
  // Only ids the API's hotel_ids can carry; a hotel with another id stays listed, unpriced.
  const ids = hotels.flatMap((hotel) => hotelDestination(hotel.hotelId)?.id ?? []);
  return { ...toSearchRequest(input), hotel_ids: ids };
}

function SavedStay({ group, today }: { group: SavedStayGroup; today: string }) {
  const { t, language } = useT();
  const titleId = useId();
  const datesId = useId();
  const element = useRef<HTMLElement>(null);
  // Nothing is asked of the API for a stay the shopper has not scrolled to.
  const onScreen = useInView(element, { rootMargin: '200px', initial: false });
  const { input, stay } = group;
  const request = useMemo(
    () => (input ? savedStayRequest(input, group.hotels) : null),
    [input, group.hotels],
  );
  const answer = useQuery({
    ...searchQueries.saved(request ?? { ...toSearchRequest(stay), hotel_ids: [] }, language),
    enabled: onScreen && request !== null && request.hotel_ids.length > 0,
  });
  const refresh = usePriceRefresh({
    searchId: answer.data?.search_id,
    pendingSince: answer.data?.refresh_status === 'PENDING' ? answer.dataUpdatedAt : undefined,
    resultsOnScreen: onScreen,
  });
  const updates = refresh.state?.updates;
  const priced = useMemo(() => {
    const shown = answer.data ? mergePriceUpdates([answer.data], updates ?? {}, 'recommended') : [];
    return new Map(shown.map((hotel) => [hotel.hotel_id, hotel]));
  }, [answer.data, updates]);
  const status = !input ? 'past' : answer.isError ? 'failed' : answer.data ? 'noPrice' : 'checking';

  return (
    <section ref={element} aria-labelledby={`${titleId} ${datesId}`} className="space-y-3">
      <div>
        <h2 id={titleId} className="text-xl font-bold">
          {stay.label}
        </h2>
        <p id={datesId} className="text-sm text-slate-700">
          {formatStayRange(stay.checkIn, stay.checkOut, language)} ·{' '}
          {t('stay.nights', { count: stayNights(stay) })} · {describeGuests(t, stay.rooms)}
        </p>
      </div>
      {!input && <PastStay group={group} today={today} />}
      {answer.isError && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-red-900"
        >
          <p>{t('saved.loadFailed')}</p>
          <Button variant="danger" size="sm" onClick={() => void answer.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      <ul className="space-y-3">
        {group.hotels.map((saved) => {
          const hotel = priced.get(saved.hotelId);
          return (
            <li key={saved.hotelId}>
              {hotel && input ? (
                <HotelCard hotel={hotel} input={input} />
              ) : (
                <SavedHotelCard hotel={saved} stay={input ?? stay} status={status} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PastStay({ group, today }: { group: SavedStayGroup; today: string }) {
  const { t, language } = useT();
  const next = rollStayForward(group.stay, today);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3 text-amber-950">
      <p>{t('saved.past')}</p>
      <Button variant="warning" size="sm" onClick={() => rollSavedStayForward(group.key, today)}>
        {t('saved.rollForward', { dates: formatStayRange(next.checkIn, next.checkOut, language) })}
      </Button>
    </div>
  );
}

/** A saved hotel without a price to show: still there, still removable. */
function SavedHotelCard({
  hotel,
  stay,
  status,
}: {
  hotel: SavedHotel;
  stay: SearchInput;
  status: 'past' | 'failed' | 'noPrice' | 'checking';
}) {
  const { t } = useT();
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="relative flex gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:gap-4"
    >
      <CardPicture hotel={hotel} input={stay} />
      <div className="min-w-0 space-y-1">
        <h3 id={nameId} className="text-base leading-snug font-bold sm:text-lg">
          {status === 'past' ? (
            hotel.name
          ) : (
            <Link
              to={hotelPath(hotel.hotelId, stay)}
              className="text-blue-900 after:absolute after:inset-0 after:rounded-xl hover:underline"
            >
              {hotel.name}
            </Link>
          )}
        </h3>
        <DataText oneLine className="text-sm text-slate-700">
          {hotel.place}
        </DataText>
        {status === 'checking' && <p className="text-sm text-slate-700">{t('saved.checking')}</p>}
        {status === 'noPrice' && <p className="text-sm text-slate-700">{t('saved.noPrice')}</p>}
      </div>
    </article>
  );
}
