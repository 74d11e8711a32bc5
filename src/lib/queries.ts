// Server state that more than one feature reads, each with one key and one stale time:
// the hotel page, the checkout, the confirmation and manage booking share one cache entry
// for a hotel's content, and the search form and the stay editor one list of
// nationalities. Keys hold every input of their query function, the language included
// (names come back localized).
import { queryOptions } from '@tanstack/react-query';
import { type DestinationRef, type Language } from '../contract/index.ts';
import { apiFetch } from './api-client.ts';
import { shoppingRoute } from '../contract/shopping-paths.ts';

export const sharedKeys = {
  hotelContent: (hotelId: string, language: Language) =>
    ['hotel-content', { hotelId, language }] as const,
  nationalities: (language: Language) => ['nationalities', language] as const,
  filters: (destination: DestinationRef, language: Language) =>
    ['filters', { destination, language }] as const,
  exchangeRates: () => ['exchange-rates'] as const,
};

export const sharedQueries = {
  /**
   * The reference rates prices are converted with, or null (then prices show in USD). The
   * server reads them every few hours; a page's figures stay those it was drawn with.
   */
  exchangeRates: () =>
    queryOptions({
      queryKey: sharedKeys.exchangeRates(),
      queryFn: async ({ signal, client }) =>
        (await apiFetch(shoppingRoute('exchangeRates'), { signal, client })).exchange_rates,
      staleTime: 60 * 60_000,
    }),

  /**
   * A hotel's descriptive content: names, pictures, address, time zone. It changes
   * rarely, so one fetch serves a whole shopping session's pages.
   */
  hotelContent: (hotelId: string, language: Language) =>
    queryOptions({
      queryKey: sharedKeys.hotelContent(hotelId, language),
      queryFn: ({ signal, client }) =>
        apiFetch(shoppingRoute('content'), {
          params: { hotel_id: hotelId },
          signal,
          client,
        }),
      staleTime: 30 * 60_000,
    }),

  nationalities: (language: Language) =>
    queryOptions({
      queryKey: sharedKeys.nationalities(language),
      queryFn: ({ signal, client }) =>
        apiFetch(shoppingRoute('nationalities'), {
          signal,
          client,
        }),
      staleTime: Infinity,
    }),

  /** What a destination's hotels can be narrowed by (stars, types, chains, facilities). */
  filters: (destination: DestinationRef, language: Language) =>
    queryOptions({
      queryKey: sharedKeys.filters(destination, language),
      queryFn: ({ signal, client }) =>
        apiFetch(shoppingRoute('filters'), {
          query: { destination_type: destination.type, destination_id: destination.id },
          signal,
          client,
        }),
      staleTime: 10 * 60_000,
    }),
};
