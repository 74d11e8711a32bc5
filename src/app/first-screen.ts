// The pages the server renders, and the code their first screen draws: the server renders
// it, the browser has it in before hydrating, so neither suspends. Part of the browser's
// entry, so it imports nothing the entry does not already have.
import { matchPath } from 'react-router';
import { SEARCH_PAGE_PATH } from '../stay/search-url.ts';
import { hotelRoute, preloadResultsCode } from './lazy-routes.ts';
import { searchHome } from './routes/home.tsx';

/** The pages the server renders; every other path gets the shell and renders in the browser. */
export type FirstScreen =
  | { page: 'home' }
  | { page: 'results'; search: string }
  | { page: 'hotel'; hotelId: string; search: string };

export function firstScreenOf(pathname: string, search: string): FirstScreen | null {
  if (pathname === '/') return { page: 'home' };
  if (pathname === SEARCH_PAGE_PATH) return { page: 'results', search };
  const hotel = matchPath('/hotels/:hotelId', pathname);
  const hotelId = hotel?.params.hotelId;
  if (hotelId) return { page: 'hotel', hotelId, search };
  return null;
}

/** The code the page draws first, loaded (or joined) once (its modules: first-screen-modules.ts). */
export async function loadFirstScreenCode(screen: FirstScreen): Promise<void> {
  if (screen.page === 'home') {
    await searchHome.preload();
    return;
  }
  if (screen.page === 'results') {
    await preloadResultsCode();
  } else {
    await hotelRoute.preload();
  }
}
