// The hotel page: content and room options for the stay in the URL — the same dates,
// occupancy and nationality as the search (prices depend on them). Choosing a rate is
// handed to the booking flow through `onChooseRate` (the route composes the two
// features).
import { useQuery } from '@tanstack/react-query';
import { memo, useId, useMemo, useRef, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { formatAddress } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import type { RateChoice } from '../../lib/rate-choice.ts';
import { stayNights } from '../../stay/stay.ts';
import { PriceBar } from './price-bar.tsx';
import { GalleryPlaceholder, HotelGallery } from './hotel-gallery.tsx';
import { hotelPageQueries } from './first-data.ts';
import { FACTS_BOX, HotelAbout, HotelFacts } from './hotel-facts.tsx';
import { hotelQueries } from './hotel-queries.ts';
import { ChoosingRateContext, RoomOptions, type RateChosen } from './room-options.tsx';
import { StayEditor } from './stay-editor.tsx';
import { HotelPricesScope, NearbyDatesSection } from './nearby-dates/nearby-dates-section.tsx';
import { parseStay, resultsPathOf } from '../../stay/stay-check.ts';
import {
  hotelStayPath,
  stayAsSearch,
  toRoomsRequest,
  type ParsedStay,
  type Stay,
} from '../../stay/stay.ts';
import { SaveHotelButton } from '../../stay/save-hotel-button.tsx';
import { LoadingStatus } from '../../components/ui/loading-status.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useFocusOnMount } from '../../components/ui/focus.ts';

export interface HotelPageProps {
  onChooseRate: (choice: RateChoice) => void;
  /** The rate being prebooked now, if any. */
  choosingRateId: string | null;
  /** What the booking flow has to say here (why the shopper is back, a failed hold). */
  notice?: ReactNode;
}

const HOTEL_ID = /^[1-9][0-9]{0,15}$/;

export function HotelPage({ choosingRateId, ...props }: HotelPageProps) {
  const { hotelId = '' } = useParams();
  const { search } = useLocation();
  // The stay is read here, apart from the page's own render: hydrating a rendered page,
  // React can hand the browser back its main thread between the two, and on a phone each
  // stays a short task (the first check of a stay sets the contract's schemas up).
  const parsed = useMemo(
    () => (HOTEL_ID.test(hotelId) ? parseStay(search, hotelId) : null),
    [search, hotelId],
  );
  if (!parsed) {
    return <HotelNotFound backTo={null} />;
  }
  // The rate being held reaches the rates' buttons alone: a tap on Choose draws them, not
  // the page (its gallery, stay editor, nearby dates and every room), which is kept as it is.
  return (
    <ChoosingRateContext value={choosingRateId}>
      <Hotel key={hotelId} hotelId={hotelId} parsed={parsed} {...props} />
    </ChoosingRateContext>
  );
}

function HotelNotFound({ backTo }: { backTo: string | null }) {
  const { t } = useT();
  return (
    <section className="max-w-prose space-y-4" aria-labelledby="hotel-missing">
      <PageTitle>{t('hotel.page.notFound.title')}</PageTitle>
      <h1 id="hotel-missing" className="text-2xl font-bold">
        {t('hotel.page.notFound.title')}
      </h1>
      <p>{t('hotel.page.notFound.body')}</p>
      <Link to={backTo ?? '/'} className={buttonClass({ variant: 'secondary' }, 'inline-block')}>
        {backTo ? t('hotel.page.backToResults') : t('common.searchHotels')}
      </Link>
    </section>
  );
}

const Hotel = memo(function Hotel({
  hotelId,
  onChooseRate,
  notice,
  parsed,
}: Omit<HotelPageProps, 'choosingRateId'> & { hotelId: string; parsed: ParsedStay }) {
  const { t, language } = useT();
  const { search } = useLocation();
  const navigate = useNavigate();
  // A new hotel page starts at its heading, unless a notice already took focus to be heard first.
  const headingRef = useFocusOnMount<HTMLHeadingElement>({ trigger: hotelId });
  const roomsTitleId = useId();
  const roomsHeading = useRef<HTMLHeadingElement>(null);
  const firstPrice = useRef<HTMLParagraphElement>(null);
  const resultsPath = useMemo(() => resultsPathOf(search), [search]);
  const firstData = hotelPageQueries(hotelId, parsed, language);
  const content = useQuery(firstData.content);
  const rooms = useQuery({
    ...(firstData.rooms ?? hotelQueries.rooms(toRoomsRequest(hotelId, parsed.stay), language)),
    enabled: firstData.rooms !== null,
  });
  const hotel = content.data;

  if (content.error && !hotel) {
    if (isApiError(content.error) && content.error.code === 'HOTEL_NOT_FOUND') {
      return <HotelNotFound backTo={resultsPath} />;
    }
  }

  function applyStay(stay: Stay) {
    void navigate(hotelStayPath(hotelId, parsed.draft, stay));
  }

  function choose({ room, rate }: RateChosen) {
    onChooseRate({
      hotelId,
      hotelName: hotel?.hotel_name ?? '',
      roomName: room.name,
      boardName: rate.board_name,
      rateId: rate.rate_id,
      bookingToken: rate.booking_token,
      quotedAmount: rate.price.amount,
      currency: rate.price.currency,
      quotedFreeCancellationUntil: rate.price.free_cancellation_until ?? null,
      timeZone: rooms.data?.timezone ?? hotel?.timezone ?? null,
      nationality: parsed.stay.nationality,
      returnTo: `/hotels/${encodeURIComponent(hotelId)}${search}`,
    });
  }

  const timeZone = rooms.data?.timezone ?? hotel?.timezone ?? null;
  const saveAs = hotel ? stayAsSearch(hotelId, hotel.hotel_name, parsed) : null;
  return (
    <div className="space-y-6">
      {hotel && <PageTitle>{hotel.hotel_name}</PageTitle>}
      {resultsPath && (
        <nav aria-label={t('hotel.page.breadcrumb')}>
          <Link
            to={resultsPath}
            className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline"
          >
            <span aria-hidden="true" className="inline-block rtl:rotate-180">
              ←
            </span>{' '}
            {t('hotel.page.backToResults')}
          </Link>
        </nav>
      )}
      <header className="space-y-1">
        <div className="flex items-start justify-between gap-3">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold outline-none sm:text-3xl"
          >
            {hotel?.hotel_name ?? t('hotel.page.loading')}
          </h1>
          {hotel && saveAs && (
            <SaveHotelButton
              hotel={{
                hotelId,
                name: hotel.hotel_name,
                place: formatAddress(hotel.address, hotel.city),
                stars: hotel.stars ?? null,
                imageUrl: hotel.images[0]?.url ?? null,
              }}
              input={saveAs}
            />
          )}
        </div>
        {hotel ? (
          <HotelFacts hotel={hotel} />
        ) : (
          content.isPending && (
            // Holds the place of the facts and the gallery, so nothing below moves when they come.
            <LoadingStatus className={FACTS_BOX}>
              <span className="sr-only">{t('hotel.page.loadingDetails')}</span>
            </LoadingStatus>
          )
        )}
      </header>
      {content.isError && !hotel && (
        <div role="alert" className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-4">
          <p>{t('hotel.page.contentFailed')}</p>
          <button type="button" className={buttonClass()} onClick={() => void content.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {hotel ? (
        <HotelGallery images={hotel.images} hotelName={hotel.hotel_name} />
      ) : (
        content.isPending && <GalleryPlaceholder />
      )}

      {/* The date picker shows the prices the nearby dates found for this hotel. */}
      <HotelPricesScope hotelId={hotelId}>
        <StayEditor
          key={search}
          stay={parsed.stay}
          valid={parsed.ok}
          issues={parsed.ok ? [] : parsed.issues}
          onApply={applyStay}
        />
      </HotelPricesScope>
      {parsed.ok && (
        <NearbyDatesSection hotelId={hotelId} stay={parsed.stay} onChoose={applyStay} />
      )}

      <section aria-labelledby={roomsTitleId} className="space-y-3">
        <h2
          ref={roomsHeading}
          id={roomsTitleId}
          tabIndex={-1}
          className="scroll-mt-4 text-xl font-bold outline-none"
        >
          {t('rooms.title')}
        </h2>
        {notice}
        {!parsed.ok ? (
          <p className="text-slate-700">{t('rooms.chooseStay')}</p>
        ) : rooms.isPending ? (
          <LoadingStatus className="text-slate-700">{t('rooms.loading')}</LoadingStatus>
        ) : rooms.isError && !rooms.data ? (
          <div role="alert" className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-4">
            <p>
              {isApiError(rooms.error) && rooms.error.code === 'VALIDATION_FAILED'
                ? t('rooms.invalidStay')
                : t('rooms.failed')}
            </p>
            <button type="button" className={buttonClass()} onClick={() => void rooms.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : rooms.data.rooms.length === 0 ? (
          <div className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
            <h3 className="text-lg font-bold">{t('rooms.soldOut.title')}</h3>
            <p>{t('rooms.soldOut.body')}</p>
            <Link
              to={resultsPath ?? '/'}
              className={buttonClass({ variant: 'secondary' }, 'inline-block')}
            >
              {resultsPath ? t('hotel.page.backToResults') : t('common.searchHotels')}
            </Link>
          </div>
        ) : (
          <>
            {rooms.isFetching && (
              <p role="status" className="text-sm text-slate-700">
                {t('rooms.refreshing')}
              </p>
            )}
            <RoomOptions
              rooms={rooms.data.rooms}
              nights={stayNights(parsed.stay)}
              timeZone={timeZone}
              onChoose={choose}
              firstPriceRef={firstPrice}
            />
          </>
        )}
      </section>

      {hotel && <HotelAbout hotel={hotel} />}
      {parsed.ok && rooms.data && (
        <PriceBar
          // A new stay draws new rooms: the bar watches the new first price.
          key={`price-bar:${search}`}
          rooms={rooms.data.rooms}
          nights={stayNights(parsed.stay)}
          roomsHeading={roomsHeading}
          firstPrice={firstPrice}
        />
      )}
    </div>
  );
});
