// The lowest total in the destination for the same nights, checking in up to three days
// earlier or later (the search's own filters apply). Each date is a link to the results
// for those dates. Its own chunk: loaded when the row comes near the screen.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n.ts';
import {
  NEARBY_CELL_ITEM,
  NearbyCellContent,
  NearbyDatesList,
  nearbyCellClass,
} from '../../../stay/nearby-dates/nearby-dates-list.tsx';
import { lowestPricesScope } from '../../../stay/nearby-dates/nearby-scope.ts';
import { useNearbyCells } from '../../../stay/nearby-dates/use-nearby-cells.ts';
import { searchPath, type SearchInput } from '../../../stay/search-url.ts';
import type { Stay } from '../../../stay/stay.ts';

export function NearbyDatesRow({ input }: { input: SearchInput }) {
  const { t } = useT();
  const scope = useMemo(
    () => lowestPricesScope(input.destination, input.filters),
    [input.destination, input.filters],
  );
  const stay = useMemo(
    (): Stay => ({
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      rooms: input.rooms,
      nationality: input.nationality,
    }),
    [input.checkIn, input.checkOut, input.rooms, input.nationality],
  );
  // The search's own dates are the list below: only the others are searched.
  const { cells, busy } = useNearbyCells(scope, stay, { askOwn: false });
  return (
    <NearbyDatesList label={t('stay.nearby.list')} busy={busy} currentCheckIn={stay.checkIn}>
      {cells.map((cell) => (
        <li key={cell.checkIn} className={NEARBY_CELL_ITEM}>
          <Link
            to={searchPath({ ...input, checkIn: cell.checkIn, checkOut: cell.checkOut })}
            // The search's own dates stay a link: following a date keeps focus where it was.
            aria-current={cell.current ? 'page' : undefined}
            className={nearbyCellClass(cell)}
          >
            <NearbyCellContent cell={cell} />
          </Link>
        </li>
      ))}
    </NearbyDatesList>
  );
}
