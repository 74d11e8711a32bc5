// The nearby dates of a stay with their prices, as the page's cells: one search per date
// (from the cache while fresh), the cheapest marked once every price is in.
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocalToday } from '../../lib/use-hydrated.ts';
import type { Stay } from '../stay.ts';
import { cheapestCheckIn, nearbyStays, type CellPrice } from './nearby-dates.ts';
import type { NearbyCell } from './nearby-dates-list.tsx';
import { nearbyQueries } from './nearby-queries.ts';
import type { NearbyScope } from './nearby-scope.ts';

export function useNearbyCells(
  scope: NearbyScope,
  stay: Stay,
  {
    askOwn,
  }: {
    /** Whether the stay's own dates are searched too (the results page has its own list). */
    askOwn: boolean;
  },
): { cells: NearbyCell[]; busy: boolean } {
  const today = useLocalToday();
  const dates = useMemo(() => nearbyStays(stay, today), [stay, today]);
  const asked = askOwn ? dates : dates.filter((date) => date.offset !== 0);
  const answers = useQueries({
    queries: asked.map((date) => nearbyQueries.price(scope, date.stay)),
  });
  const priceOf = new Map<string, CellPrice>(
    asked.map((date, index) => {
      const answer = answers[index];
      const price: CellPrice = answer?.data ?? (answer?.isError ? 'failed' : 'loading');
      return [date.stay.checkIn, price];
    }),
  );
  const priced = dates.map((date) => ({
    checkIn: date.stay.checkIn,
    checkOut: date.stay.checkOut,
    price: priceOf.get(date.stay.checkIn) ?? null,
    current: date.offset === 0,
  }));
  const cheapest = cheapestCheckIn(priced);
  return {
    cells: priced.map((cell) => ({ ...cell, cheapest: cell.checkIn === cheapest })),
    busy: priced.some((cell) => cell.price === 'loading'),
  };
}
