// The heart that keeps a hotel on the shopper's saved list, with the stay it is seen for.
// A toggle: its name stays "Save <hotel>" and aria-pressed says whether it is saved. What
// the browser's storage says is unknown to a server render, so the heart shows unsaved
// until the page has hydrated (useHydrated).
import { useState } from 'react';
import { useT } from '../lib/i18n.ts';
import {
  MAX_SAVED_HOTELS,
  savedHotelsActions,
  useIsHotelSaved,
  type SavedHotelFacts,
} from './saved-hotels.ts';
import type { SearchInput } from './search-url.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

export function SaveHotelButton({
  hotel,
  input,
  className = '',
}: {
  hotel: SavedHotelFacts;
  /** The stay the hotel is seen for: saved with it. */
  input: SearchInput;
  /** Placement only (position, margins). */
  className?: string;
}) {
  const { t } = useT();
  const hydrated = useHydrated();
  const savedNow = useIsHotelSaved(hotel.hotelId);
  const saved = hydrated && savedNow;
  const [full, setFull] = useState(false);

  const toggle = () => {
    const { hotelSaved, hotelRemoved } = savedHotelsActions();
    if (saved) {
      hotelRemoved(hotel.hotelId);
      setFull(false);
    } else {
      setFull(!hotelSaved(hotel, input));
    }
  };

  return (
    <span className={`inline-flex flex-col items-end ${className}`}>
      <button
        type="button"
        aria-pressed={saved}
        aria-label={t('saved.save', { name: hotel.name })}
        onClick={toggle}
        className="grid size-11 place-items-center rounded-full border border-slate-300 bg-white/95 text-rose-700 shadow-sm hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6">
          <path
            d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.2 3.4 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.6 0 5.5 3.7 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
            fill={saved ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <span
        role="status"
        className={full ? 'mt-1 max-w-56 rounded bg-white p-1 text-xs text-red-800' : 'sr-only'}
      >
        {full ? t('saved.full', { count: MAX_SAVED_HOTELS }) : ''}
      </span>
    </span>
  );
}
