import { useEffect } from 'react';
import { SearchResultsPage } from '../../features/search/results-page.tsx';
import { whenIdle } from '../../lib/when-idle.ts';
import { InteractiveMark } from '../../lib/use-hydrated.ts';
import { hotelRoute } from '../lazy-routes.ts';

export function ResultsRoute() {
  // From the results a shopper opens a hotel: fetch its code while they browse.
  useEffect(() => whenIdle(() => void hotelRoute.preload()), []);
  return (
    <>
      <InteractiveMark />
      <SearchResultsPage />
    </>
  );
}
