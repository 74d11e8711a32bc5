import { useEffect } from 'react';
import { SearchResultsPage } from '../../features/search/results/results-page.tsx';
import { whenIdle } from '../../lib/when-idle.ts';
import { InteractiveMark } from '../../lib/use-hydrated.ts';
import { hotelRoute, preloadResultsCode } from '../lazy-routes.ts';

export function ResultsRoute() {
  // Reached from anywhere but home (which fetched it ahead), the list's code comes
  // beside the search, not after it.
  useEffect(() => void preloadResultsCode(), []);
  // From the results a shopper opens a hotel: fetch its code while they browse.
  useEffect(() => whenIdle(() => void hotelRoute.preload()), []);
  return (
    <>
      <InteractiveMark />
      <SearchResultsPage />
    </>
  );
}
