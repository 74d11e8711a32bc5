// The results on a map: a pin per loaded hotel at its coordinates, showing its current
// price (live or estimated, as on the cards), clustered where pins crowd, and the centre
// the distances are measured from. Its own chunk, fetched when the map opens.
//
// Leaflet makes the map (use-leaflet-map.ts) and draws the basemap (basemap.ts) and the
// pins (pins.ts) on it (docs/decisions/045-results-map.md).
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n.ts';
import { hotelPath, type SearchInput } from '../../../stay/search-url.ts';
import type { ShownHotel } from '../merge-results.ts';
import { useBasemap } from './basemap.ts';
import type { MapView } from './map-state.ts';
import { hasCoordinates, pinLook, pinText, usePins } from './pins.ts';
import { useMoney } from '../../../lib/money.tsx';
import { useLeafletMap, type MapCentre } from './use-leaflet-map.ts';

export type { MapCentre };

export interface ResultsMapProps {
  hotels: readonly ShownHotel[];
  input: SearchInput;
  /** The centre distances are measured from (search_info.center), when known. */
  centre: MapCentre | null;
  /** Where the map opens; null: around the hotels. */
  view: MapView | null;
  onViewChange: (view: MapView) => void;
  highlightedId: string | null;
  onHighlight: (hotelId: string | null) => void;
  /** The hotels inside the map's view, in list order, as it moves. */
  onVisibleChange?: (hotelIds: string[]) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  className?: string;
}

export function ResultsMap({
  hotels,
  input,
  centre,
  view,
  onViewChange,
  highlightedId,
  onHighlight,
  onVisibleChange,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  className = '',
}: ResultsMapProps) {
  const { t } = useT();
  const money = useMoney();
  const titleId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const placed = useMemo(() => hotels.filter(hasCoordinates), [hotels]);
  const notOnMap = hotels.length - placed.length;

  const { map, moves } = useLeafletMap({ containerRef, view, placed, centre, onViewChange });
  useBasemap(map, moves);
  usePins({
    map,
    moves,
    hotels,
    placed,
    highlightedId,
    onHighlight,
    onSelect: setSelectedId,
    onVisibleChange,
  });

  const selected = selectedId ? placed.find((hotel) => hotel.hotel_id === selectedId) : undefined;

  return (
    <section
      aria-labelledby={titleId}
      // Its own stacking context: the map's layers and its card stay under a dialog's backdrop.
      className={`relative isolate flex flex-col ${className}`}
    >
      <h2 id={titleId} className="sr-only">
        {t('map.title')}
      </h2>
      <div
        ref={containerRef}
        data-testid="results-map"
        className="min-h-64 flex-1 rounded-lg bg-sky-100"
      />
      {selected && (
        <div className="absolute inset-x-2 bottom-14 z-[1000] rounded-xl border border-slate-300 bg-white p-3 shadow-lg">
          <p className="font-bold">
            <Link
              to={hotelPath(selected.hotel_id, input)}
              className="text-blue-900 underline-offset-2 hover:underline"
            >
              {selected.hotel_name}
            </Link>
          </p>
          <p className="text-sm text-slate-700">
            {pinLook(selected) === 'unavailable' ? t('map.soldOut') : pinText(selected, money)}
          </p>
          <Button
            variant="quiet"
            size="sm"
            className="absolute end-1 top-1"
            onClick={() => setSelectedId(null)}
          >
            {t('map.closeCard')}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 pt-2 text-sm text-slate-700">
        <p>{notOnMap > 0 ? t('map.notOnMap', { count: notOnMap }) : ''}</p>
        {hasNextPage && (
          <button
            type="button"
            aria-disabled={isFetchingNextPage || undefined}
            onClick={() => {
              if (!isFetchingNextPage) fetchNextPage();
            }}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            {isFetchingNextPage ? t('map.loadingMore') : t('map.showMore')}
          </button>
        )}
      </div>
    </section>
  );
}
