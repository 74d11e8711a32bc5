// The results map's companions on the page: on a phone, the strip of the cards inside the
// map's view; and which hotel a card event belongs to, to light its pin up.
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n.ts';
import type { SearchInput } from '../../../stay/search-url.ts';
import { HotelCard } from '../hotel-card.tsx';
import type { ShownHotel } from '../merge-results.ts';

/** The hotel a card belongs to, for the element an event happened in. */
export function hotelIdAt(target: EventTarget): string | null {
  return target instanceof Element
    ? (target.closest('[data-hotel-id]')?.getAttribute('data-hotel-id') ?? null)
    : null;
}

/**
 * On a phone the map takes the screen; below it, the hotels inside its view as a strip of
 * cards to swipe through: the map's text alternative, next to it.
 */
export function PhoneMapStrip({
  hotels,
  input,
  shown,
}: {
  hotels: readonly ShownHotel[];
  input: SearchInput;
  shown: readonly string[];
}) {
  const { t } = useT();
  const byId = useMemo(() => new Map(hotels.map((hotel) => [hotel.hotel_id, hotel])), [hotels]);
  const cards = shown.slice(0, STRIP_SIZE).flatMap((id) => {
    const hotel = byId.get(id);
    return hotel ? [hotel] : [];
  });
  return (
    <ul
      aria-label={t('results.listLabel')}
      className="flex snap-x snap-mandatory gap-3 overflow-x-auto pb-2"
    >
      {cards.map((hotel) => (
        <li key={hotel.hotel_id} className="w-[85vw] max-w-sm shrink-0 snap-center">
          <HotelCard hotel={hotel} input={input} />
        </li>
      ))}
    </ul>
  );
}

/** Cards in the phone's strip at most: the ones in view, nearest the list's order first. */
const STRIP_SIZE = 30;
