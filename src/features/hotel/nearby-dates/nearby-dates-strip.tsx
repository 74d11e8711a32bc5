// The hotel's total for the same stay checking in up to three days earlier or later, one
// cell per date. Choosing one changes the page's stay as the stay editor does (the URL,
// then the room options). Its own chunk: loaded when the strip comes near the screen.
import { useT } from '../../../lib/i18n.ts';
import {
  NEARBY_CELL_ITEM,
  NearbyCellContent,
  NearbyDatesList,
  nearbyCellClass,
} from '../../../stay/nearby-dates/nearby-dates-list.tsx';
import { useHotelPricesScope } from '../../../stay/nearby-dates/nearby-scope.ts';
import { useNearbyCells } from '../../../stay/nearby-dates/use-nearby-cells.ts';
import type { Stay } from '../../../stay/stay.ts';

export interface NearbyDatesProps {
  hotelId: string;
  stay: Stay;
  /** Applies another stay to the page (the stay editor's own way). */
  onChoose: (stay: Stay) => void;
}

export function NearbyDatesStrip({ hotelId, stay, onChoose }: NearbyDatesProps) {
  const { t } = useT();
  const scope = useHotelPricesScope(hotelId);
  const { cells, busy } = useNearbyCells(scope, stay, { askOwn: true });
  return (
    <NearbyDatesList label={t('stay.nearby.list')} busy={busy} currentCheckIn={stay.checkIn}>
      {cells.map((cell) => (
        <li key={cell.checkIn} className={NEARBY_CELL_ITEM}>
          <button
            type="button"
            // The shopper's own dates stay a button: choosing a date keeps focus where it was.
            aria-current={cell.current ? 'date' : undefined}
            onClick={() => {
              if (!cell.current)
                onChoose({ ...stay, checkIn: cell.checkIn, checkOut: cell.checkOut });
            }}
            className={nearbyCellClass(cell)}
          >
            <NearbyCellContent cell={cell} />
          </button>
        </li>
      ))}
    </NearbyDatesList>
  );
}
