// The rooms of one stay and their rates: everything a shopper weighs before choosing —
// board, refundability and until when (hotel time and theirs), the cancellation
// timeline, what is paid now and what at the hotel, scarcity, total and per night.
import { createContext, use, useId, type RefObject } from 'react';
import type { Rate, RoomOption } from '../../contract/index.ts';
import { CancellationSummary, CancellationTerms } from '../../components/ui/cancellation-terms.tsx';
import { useMoney } from '../../lib/money.tsx';
import { useT } from '../../lib/i18n.ts';

/** "Only N left" is worth saying when it is few. */
const SCARCE = 5;

export interface RateChosen {
  room: RoomOption;
  rate: Rate;
}

/**
 * The rate being held right now, if any: its button shows progress, the others wait. Only
 * the buttons read it, so holding a rate draws them and nothing else of the rooms.
 */
export const ChoosingRateContext = createContext<string | null>(null);

export function RoomOptions({
  rooms,
  nights,
  timeZone,
  onChoose,
  firstPriceRef,
}: {
  rooms: RoomOption[];
  nights: number;
  timeZone: string | null;
  onChoose: (chosen: RateChosen) => void;
  /** Takes the first rate's price: once it is on screen, the rooms have been reached. */
  firstPriceRef?: RefObject<HTMLParagraphElement | null>;
}) {
  const { t } = useT();
  return (
    <ul className="space-y-4" aria-label={t('rooms.list')}>
      {rooms.map((room, index) => (
        <li key={room.room_type_id}>
          <RoomCard
            firstPriceRef={index === 0 ? firstPriceRef : undefined}
            room={room}
            nights={nights}
            timeZone={timeZone}
            onChoose={onChoose}
          />
        </li>
      ))}
    </ul>
  );
}

function RoomCard({
  room,
  nights,
  timeZone,
  onChoose,
  firstPriceRef,
}: {
  room: RoomOption;
  nights: number;
  timeZone: string | null;
  onChoose: (chosen: RateChosen) => void;
  firstPriceRef: RefObject<HTMLParagraphElement | null> | undefined;
}) {
  const { t } = useT();
  const nameId = useId();
  const facts = [
    room.bed_type,
    typeof room.size_sqm === 'number' ? t('rooms.size', { size: room.size_sqm }) : null,
    t('rooms.sleeps', { count: room.max_occupancy }),
  ].filter((fact): fact is string => Boolean(fact));
  return (
    <article
      aria-labelledby={nameId}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-col gap-3 p-4 sm:flex-row">
        {room.images[0] && (
          <img
            src={room.images[0]}
            alt=""
            width={240}
            height={160}
            loading="lazy"
            decoding="async"
            className="aspect-[3/2] w-full shrink-0 rounded-lg bg-slate-200 object-cover sm:w-48"
          />
        )}
        <div className="min-w-0 space-y-1">
          <h3 id={nameId} className="text-lg font-bold">
            {room.name}
          </h3>
          <p className="text-sm text-slate-700">{facts.join(' · ')}</p>
          {room.amenities.length > 0 && (
            <ul className="flex flex-wrap gap-1" aria-label={t('rooms.amenities')}>
              {room.amenities.map((amenity) => (
                <li
                  key={amenity}
                  className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800"
                >
                  {amenity}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <ul
        className="divide-y divide-slate-200 border-t border-slate-200"
        aria-label={t('rooms.rates', { room: room.name })}
      >
        {room.rates.map((rate, index) => (
          <li key={rate.rate_id} className="p-4">
            <RateRow
              priceRef={index === 0 ? firstPriceRef : undefined}
              room={room}
              rate={rate}
              nights={nights}
              timeZone={timeZone}
              onChoose={onChoose}
            />
          </li>
        ))}
      </ul>
    </article>
  );
}

function RateRow({
  room,
  rate,
  nights,
  timeZone,
  onChoose,
  priceRef,
}: {
  priceRef: RefObject<HTMLParagraphElement | null> | undefined;
  room: RoomOption;
  rate: Rate;
  nights: number;
  timeZone: string | null;
  onChoose: (chosen: RateChosen) => void;
}) {
  const { t } = useT();
  const { price } = rate;
  const shown = useMoney();
  const money = (cents: number) => shown.price(cents, price.currency);
  const atHotel = Math.min(rate.pay_at_hotel_usd_cents, price.amount);
  const now = price.amount - atHotel;
  const scarce = typeof rate.rooms_left === 'number' && rate.rooms_left <= SCARCE;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-slate-900">{rate.board_name}</p>
        <CancellationSummary
          timeline={rate.cancellation_timeline}
          total={price.amount}
          timeZone={timeZone}
        />
        <CancellationTerms
          timeline={rate.cancellation_timeline}
          total={price.amount}
          currency={price.currency}
          timeZone={timeZone}
        />
        <p className="text-sm text-slate-800">
          {rate.payment_type === 'pay_at_hotel'
            ? t('rooms.payment.atHotel', { amount: money(atHotel) })
            : atHotel > 0
              ? t('rooms.payment.splitNowAndHotel', { now: money(now), hotel: money(atHotel) })
              : t('rooms.payment.now', { amount: money(now) })}
        </p>
        {scarce && (
          <p className="text-sm font-semibold text-amber-800">
            {t('rooms.left', { count: rate.rooms_left ?? 0 })}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:items-end sm:text-end">
        <p ref={priceRef} className="text-2xl font-bold tabular-nums text-slate-900">
          {money(price.amount)}
        </p>
        <p className="text-xs text-slate-700">
          {t('rooms.total', { count: nights })}
          {/* A price without the taxes and fees is still shown, but never as if it had them. */}
          {` · ${t(rate.taxes_and_fees_included ? 'rooms.taxesIncluded' : 'rooms.taxesExcluded')}`}
        </p>
        <p className="text-sm text-slate-800">
          {t('price.perNight', { price: money(price.amount / Math.max(1, nights)) })}
        </p>
        <ChooseButton
          rateId={rate.rate_id}
          // The visible word first, then which rate: one unique name per button (WCAG 2.5.3).
          which={t('rooms.chooseWhich', {
            room: room.name,
            board: rate.board_name,
            price: money(price.amount),
          })}
          onChoose={() => onChoose({ room, rate })}
        />
      </div>
    </div>
  );
}

/** A rate's Choose: progress on the rate being held, the others blocked meanwhile. */
function ChooseButton({
  rateId,
  which,
  onChoose,
}: {
  rateId: string;
  /** Which rate, after the visible word. */
  which: string;
  onChoose: () => void;
}) {
  const { t } = useT();
  const choosingRateId = use(ChoosingRateContext);
  const busy = choosingRateId === rateId;
  const blocked = choosingRateId !== null && !busy;
  const label = busy ? t('rooms.choosing') : t('rooms.choose');
  return (
    <button
      type="button"
      onClick={() => {
        if (!busy && !blocked) onChoose();
      }}
      aria-disabled={busy || blocked || undefined}
      aria-busy={busy || undefined}
      aria-label={`${label} ${which}`}
      className={`mt-1 rounded-lg px-4 py-2 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
        blocked ? 'cursor-not-allowed bg-slate-500' : 'bg-blue-700 hover:bg-blue-800'
      }`}
    >
      {label}
    </button>
  );
}
