// The routes of /api a shopper's pages call before booking: search, prices, the catalogue,
// the hotel's content and rooms, and the app server's own home and map routes, each with
// the schema of its answer. Their methods and paths are shopping-paths.ts's.
import {
  AutocompleteResponseDataSchema,
  FiltersResponseDataSchema,
  MapLabelsResponseDataSchema,
  MapSettingsResponseDataSchema,
  NationalitiesResponseDataSchema,
  PopularDestinationsResponseDataSchema,
} from './catalog.ts';
import { ExchangeRatesResponseDataSchema } from './exchange-rates.ts';
import { HotelContentSchema, RoomsResponseDataSchema } from './hotel.ts';
import type { ApiRoute } from './routes.ts';
import { SHOPPING_PATHS as PATHS } from './shopping-paths.ts';
import {
  PricesResponseDataSchema,
  SearchResponseDataSchema,
  SparseSearchResponseDataSchema,
} from './search.ts';

export const SHOPPING_ROUTES = {
  searchHotels: { ...PATHS.searchHotels, data: SearchResponseDataSchema },
  searchHotelsSparse: { ...PATHS.searchHotelsSparse, data: SparseSearchResponseDataSchema },
  searchPrices: { ...PATHS.searchPrices, data: PricesResponseDataSchema },
  autocomplete: { ...PATHS.autocomplete, data: AutocompleteResponseDataSchema },
  nationalities: { ...PATHS.nationalities, data: NationalitiesResponseDataSchema },
  filters: { ...PATHS.filters, data: FiltersResponseDataSchema },
  rooms: { ...PATHS.rooms, data: RoomsResponseDataSchema },
  content: { ...PATHS.content, data: HotelContentSchema },
  popularDestinations: {
    ...PATHS.popularDestinations,
    data: PopularDestinationsResponseDataSchema,
  },
  mapSettings: { ...PATHS.mapSettings, data: MapSettingsResponseDataSchema },
  mapLabels: { ...PATHS.mapLabels, data: MapLabelsResponseDataSchema },
  exchangeRates: { ...PATHS.exchangeRates, data: ExchangeRatesResponseDataSchema },
} as const satisfies Record<keyof typeof PATHS, ApiRoute>;
