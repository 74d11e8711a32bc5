// One hotel of the results: what a shopper compares at a glance. An estimated price is
// labelled as such (not bookable: the hotel page fetches live rates), and a hotel that
// is sold out or rarely available shows that instead of a price.
import { memo, useId } from 'react';
import { Link } from 'react-router';
import type { HotelItem, SimilarHotelItem } from '../../contract/index.ts';
import { formatAddress, formatDistance, formatInstant, formatPercent } from '../../lib/format.ts';
import { useMoney } from '../../lib/money.tsx';
import { useDrawingTimeZone } from '../../lib/use-hydrated.ts';
import { useT } from '../../lib/i18n.ts';
import { hotelPath, type SearchInput } from '../../stay/search-url.ts';
import { stayNights } from '../../stay/stay.ts';
import { CardPicture } from './card-picture.tsx';
import type { ShownHotel } from './merge-results.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { DataText } from '../../components/ui/data-text.tsx';

export interface HotelCardProps {
  hotel: ShownHotel | (HotelItem & Partial<Pick<ShownHotel, 'priceChange' | 'previousAmount'>>);
  /** The search the card belongs to: its link keeps the stay, its price is for it. */
  input: SearchInput;
  /** Similar hotels: the distance from the hotel that was searched. */
  distanceFromSearched?: SimilarHotelItem['distance_km'];
  /** Its pin on the map is hovered or focused. */
  highlighted?: boolean;
  /** The first card of the list (see CardPicture). */
  first?: boolean;
}

function Stars({ count, label }: { count: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="text-sm tracking-tight text-amber-700">
      {'★'.repeat(Math.max(0, Math.min(5, Math.round(count))))}
    </span>
  );
}

export const HotelCard = memo(function HotelCard({
  hotel,
  input,
  distanceFromSearched,
  highlighted = false,
  first = false,
}: HotelCardProps) {
  const { t, language } = useT();
  const timeZone = useDrawingTimeZone();
  const href = hotelPath(hotel.hotel_id, input);
  const nights = stayNights(input);
  const rooms = input.rooms.length;
  const nameId = useId();
  const { price } = hotel;
  const shown = useMoney();
  const money = (cents: number) => shown.price(cents, price.currency);
  const available = hotel.availability_band === 0;
  const estimated = price.rate_type === 'estimated';
  const typical =
    hotel.vs_typical_pct !== undefined && hotel.typical_price_usd_cents !== undefined
      ? { pct: hotel.vs_typical_pct, cents: hotel.typical_price_usd_cents }
      : null;
  // The city matters: a region or island search returns hotels of several cities.
  const place = formatAddress(hotel.address, hotel.city);

  return (
    <article
      aria-labelledby={nameId}
      data-hotel-id={hotel.hotel_id}
      className={`relative flex gap-3 rounded-xl border bg-white p-3 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-blue-700 hover:shadow-md sm:gap-4 ${
        highlighted ? 'border-blue-700 ring-2 ring-blue-700' : 'border-slate-200'
      }`}
    >
      <CardPicture
        hotel={{
          hotelId: hotel.hotel_id,
          name: hotel.hotel_name,
          place,
          stars: hotel.stars ?? null,
          imageUrl: hotel.main_image_url ?? null,
        }}
        input={input}
        first={first}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h3 id={nameId} className="text-base leading-snug font-bold sm:text-lg">
            {/* The whole card is the link's hit area (::after), one tab stop per hotel. */}
            <Link
              to={href}
              className="text-blue-900 after:absolute after:inset-0 after:rounded-xl hover:underline focus:outline-none"
            >
              {hotel.hotel_name}
            </Link>
          </h3>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            {typeof hotel.stars === 'number' && hotel.stars > 0 && (
              <Stars count={hotel.stars} label={t('card.stars', { count: hotel.stars })} />
            )}
            {hotel.chain && <span>{hotel.chain}</span>}
          </p>
          <DataText oneLine className="text-sm text-slate-700">
            {place}
          </DataText>
          {typeof hotel.distance_from_center_km === 'number' && (
            <p className="text-sm text-slate-700">
              {t('card.fromCentre', {
                distance: formatDistance(hotel.distance_from_center_km, language),
              })}
            </p>
          )}
          {typeof distanceFromSearched === 'number' && (
            <p className="text-sm font-medium text-slate-800">
              {t('results.similar.distance', {
                distance: formatDistance(distanceFromSearched, language),
              })}
            </p>
          )}
          {hotel.facilities.length > 0 && (
            <ul className="flex flex-wrap gap-1" aria-label={t('card.facilities')}>
              {hotel.facilities.slice(0, 5).map((facility) => (
                <li
                  key={facility}
                  className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800"
                >
                  {facility}
                </li>
              ))}
            </ul>
          )}
          {available && (
            // One line, there before the price says how it compares: a live price that
            // brings the comparison does not push the cards below down. Truncated on a
            // narrow card (the whole of it is still read out). A new price writes the line
            // anew (its key): its second part is then new text in place, not the old text
            // pushed sideways by a first part of another width, which counts as the page
            // moving.
            <p
              key={`${price.amount}-${price.rate_type}`}
              className="min-h-5 truncate text-sm text-slate-700"
            >
              {hotel.value_pct !== undefined && (
                <span className="font-semibold text-emerald-800">
                  {t('card.value', { percent: formatPercent(hotel.value_pct, language) })}
                </span>
              )}
              {hotel.value_pct !== undefined && typical && <span aria-hidden="true"> · </span>}
              {typical && (
                <span>
                  {t(typical.pct < 0 ? 'card.belowTypical' : 'card.aboveTypical', {
                    percent: formatPercent(typical.pct, language),
                    typical: money(typical.cents),
                  })}
                </span>
              )}
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-col gap-0.5 sm:w-56 sm:items-end sm:text-end">
          {available ? (
            <>
              <span
                className={`w-fit rounded px-1.5 py-0.5 text-xs font-semibold ${
                  estimated ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900'
                }`}
              >
                {estimated ? t('card.price.estimated') : t('card.price.live')}
              </span>
              <p className="flex flex-wrap items-baseline gap-x-2 sm:justify-end">
                <span className="text-xl font-bold text-slate-900 tabular-nums sm:text-2xl">
                  {estimated && !shown.converted && <span aria-hidden="true">≈ </span>}
                  {money(price.amount)}
                </span>
                {/* On the amount's own line: a price that moves never moves the card. */}
                {hotel.priceChange && typeof hotel.previousAmount === 'number' && (
                  <span
                    className={`text-sm font-semibold tabular-nums ${
                      hotel.priceChange === 'down' ? 'text-emerald-800' : 'text-amber-800'
                    }`}
                  >
                    <span aria-hidden="true">
                      {hotel.priceChange === 'down' ? '↓ ' : '↑ '}
                      <s>{money(hotel.previousAmount)}</s>
                    </span>
                    <span className="sr-only">
                      {t(hotel.priceChange === 'down' ? 'card.price.dropped' : 'card.price.rose', {
                        previous: money(hotel.previousAmount),
                      })}
                    </span>
                  </span>
                )}
              </p>
              <p className="text-xs text-slate-700">
                {t('card.price.total', { count: nights, rooms })}
              </p>
              <p className="text-sm text-slate-800">
                {t('card.price.perNight', { price: money(price.amount / Math.max(nights, 1)) })}
              </p>
              {/* The terms take the same room before and after the live price replaces an
                  estimate, so the cards below stay where the shopper is reading. */}
              <div className="min-h-10">
                {estimated ? (
                  <p className="text-xs text-slate-700">{t('card.price.estimatedNote')}</p>
                ) : price.is_refundable ? (
                  <p className="text-sm font-medium text-emerald-800">
                    {price.free_cancellation_until
                      ? t('card.freeCancellationUntil', {
                          date: formatInstant(price.free_cancellation_until, language, timeZone),
                        })
                      : t('card.freeCancellation')}
                  </p>
                ) : price.is_refundable === false ? (
                  <p className="text-sm text-slate-700">{t('card.nonRefundable')}</p>
                ) : null}
              </div>
              <span
                aria-hidden="true"
                className={buttonClass({ size: 'sm' }, 'mt-1 hidden w-fit sm:block')}
              >
                {estimated ? t('card.cta.checkPrice') : t('card.cta.seeRooms')}
              </span>
            </>
          ) : (
            <p className="max-w-48 text-sm font-semibold text-red-800">
              {hotel.availability_band === 1 ? t('card.soldOut') : t('card.rarelyAvailable')}
            </p>
          )}
        </div>
      </div>
    </article>
  );
});
