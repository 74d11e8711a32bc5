// The routes of /api a shopper's pages call before booking: search, prices, the catalogue,
// the hotel's content and rooms, and the app server's own home and map routes.
import {
  AutocompleteResponseDataSchema,
  FiltersResponseDataSchema,
  MAP_LABELS_PATH,
  MAP_SETTINGS_PATH,
  MapLabelsResponseDataSchema,
  MapSettingsResponseDataSchema,
  NationalitiesResponseDataSchema,
  POPULAR_DESTINATIONS_PATH,
  PopularDestinationsResponseDataSchema,
} from './catalog.ts';
import { EXCHANGE_RATES_PATH, ExchangeRatesResponseDataSchema } from './currency.ts';
import { HotelContentSchema, RoomsResponseDataSchema } from './hotel.ts';
import type { ApiRoute } from './routes.ts';
import {
  PricesResponseDataSchema,
  SearchResponseDataSchema,
  SparseSearchResponseDataSchema,
} from './search.ts';

export const SHOPPING_ROUTES = {
  searchHotels: { method: 'POST', path: '/hotels/search', data: SearchResponseDataSchema },
  /**
   * The same search asked for named `fields` only (docs/api.md, "Search request"): its hotel
   * items carry just those, so they are read with the sparse schema.
   */
  searchHotelsSparse: {
    method: 'POST',
    path: '/hotels/search',
    data: SparseSearchResponseDataSchema,
  },
  searchPrices: {
    method: 'GET',
    path: '/hotels/search/:search_id/prices',
    data: PricesResponseDataSchema,
  },
  autocomplete: {
    method: 'GET',
    path: '/destinations/autocomplete',
    data: AutocompleteResponseDataSchema,
  },
  nationalities: {
    method: 'GET',
    path: '/master-data/nationalities',
    data: NationalitiesResponseDataSchema,
  },
  filters: { method: 'GET', path: '/hotels/filters', data: FiltersResponseDataSchema },
  rooms: { method: 'POST', path: '/hotels/rooms', data: RoomsResponseDataSchema },
  content: { method: 'GET', path: '/hotels/:hotel_id/content', data: HotelContentSchema },
  popularDestinations: {
    method: 'GET',
    path: POPULAR_DESTINATIONS_PATH,
    data: PopularDestinationsResponseDataSchema,
  },
  mapSettings: { method: 'GET', path: MAP_SETTINGS_PATH, data: MapSettingsResponseDataSchema },
  mapLabels: { method: 'GET', path: MAP_LABELS_PATH, data: MapLabelsResponseDataSchema },
  exchangeRates: {
    method: 'GET',
    path: EXCHANGE_RATES_PATH,
    data: ExchangeRatesResponseDataSchema,
  },
} as const satisfies Record<string, ApiRoute>;
