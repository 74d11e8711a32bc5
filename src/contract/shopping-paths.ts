// Where each route of /api a shopper's pages call lives: its method and path, without the
// schema of its answer. A page's first screen calls these routes with the path alone and
// reads the answer with its schema once that has arrived (shoppingRoute), so the schemas
// and the library that checks them are not part of what a page loads before it hydrates.
// The table with the schemas is shopping-routes.ts, built from this one.
import type { LazyApiRoute } from './routes.ts';
import type { SHOPPING_ROUTES } from './shopping-routes.ts';

/** Under /api on the app server. */
export const POPULAR_DESTINATIONS_PATH = '/destinations/popular';
/** Under /api on the app server: how the results map draws its basemap. */
export const MAP_SETTINGS_PATH = '/map/settings';
/** Under /api on the app server: names to write on the offline basemap, for a view. */
export const MAP_LABELS_PATH = '/map/labels';
/** Under /api on the app server. */
export const EXCHANGE_RATES_PATH = '/exchange-rates';

export const SHOPPING_PATHS = {
  searchHotels: { method: 'POST', path: '/hotels/search' },
  /**
   * The same search asked for named `fields` only (docs/api.md, "Search request"): its hotel
   * items carry just those, so they are read with the sparse schema.
   */
  searchHotelsSparse: { method: 'POST', path: '/hotels/search' },
  searchPrices: { method: 'GET', path: '/hotels/search/:search_id/prices' },
  autocomplete: { method: 'GET', path: '/destinations/autocomplete' },
  nationalities: { method: 'GET', path: '/master-data/nationalities' },
  filters: { method: 'GET', path: '/hotels/filters' },
  rooms: { method: 'POST', path: '/hotels/rooms' },
  content: { method: 'GET', path: '/hotels/:hotel_id/content' },
  popularDestinations: { method: 'GET', path: POPULAR_DESTINATIONS_PATH },
  mapSettings: { method: 'GET', path: MAP_SETTINGS_PATH },
  mapLabels: { method: 'GET', path: MAP_LABELS_PATH },
  exchangeRates: { method: 'GET', path: EXCHANGE_RATES_PATH },
} as const satisfies Record<string, Pick<LazyApiRoute, 'method' | 'path'>>;

export type ShoppingRouteName = keyof typeof SHOPPING_PATHS;
type AnswerOf<N extends ShoppingRouteName> = (typeof SHOPPING_ROUTES)[N]['data'];

/** A shopping route whose answer's schema is fetched with the first call that needs it. */
export function shoppingRoute<N extends ShoppingRouteName>(name: N): LazyApiRoute<AnswerOf<N>> {
  return {
    ...SHOPPING_PATHS[name],
    answer: async () => (await import('./shopping-routes.ts')).SHOPPING_ROUTES[name].data,
  };
}
