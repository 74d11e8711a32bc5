// GET /destinations/autocomplete, GET /master-data/nationalities and GET /hotels/filters
// (docs/api.md, "Catalogue").
import type { Hono } from 'hono';
import {
  AutocompleteQuerySchema,
  FiltersQuerySchema,
  type AutocompleteResponseData,
  type FiltersResponseData,
  type Language,
  type NationalitiesResponseData,
  successEnvelope,
} from '../../../src/contract/index.ts';
import type { SandboxContext } from '../context.ts';
import type { SandboxEnv } from '../http/env.ts';
import { errorResponse } from '../http/errors.ts';
import { successMessage } from '../http/messages.ts';
import { validated } from '../http/validation.ts';
import {
  CHAINS,
  FACILITIES,
  PROPERTY_TYPE_NAMES,
  PROPERTY_TYPE_VALUES,
} from '../inventory/catalog.ts';
import { hasFacility, hotelAt } from '../inventory/inventory.ts';
import { resolveDestination } from '../search/search.ts';
import { AutocompleteIndex, collatorFor } from './autocomplete.ts';
import { got } from '../inventory/checked.ts';

export function registerCatalogRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  const { inventory } = ctx;
  let index: AutocompleteIndex | null = null;

  app.get(
    '/destinations/autocomplete',
    validated({ query: AutocompleteQuerySchema }, (c, { query }) => {
      const language = c.get('language');
      index ??= new AutocompleteIndex(inventory);
      const data: AutocompleteResponseData = {
        destinations: index.search(query.query, query.limit, language),
      };
      return c.json(
        successEnvelope(successMessage(language, 'autocomplete', data.destinations.length), data),
      );
    }),
  );

  const nationalities = new Map<Language, NationalitiesResponseData>();
  app.get('/master-data/nationalities', (c) => {
    const language = c.get('language');
    let data = nationalities.get(language);
    if (!data) {
      const collator = collatorFor(language);
      data = {
        nationalities: [...inventory.geography.countries.values()]
          .map((country) => ({ iso_code: country.code, name: country.names[language] }))
          .sort((a, b) => collator.compare(a.name, b.name) || (a.iso_code < b.iso_code ? -1 : 1)),
      };
      nationalities.set(language, data);
    }
    // The list changes only with a new build: let clients and proxies keep it a day.
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json(
      successEnvelope(successMessage(language, 'nationalities', data.nationalities.length), data),
    );
  });

  app.get(
    '/hotels/filters',
    validated({ query: FiltersQuerySchema }, (c, { query }) => {
      const language = c.get('language');
      const collator = collatorFor(language);
      const byName = <T extends { name: string }>(a: T, b: T) => collator.compare(a.name, b.name);
      const { destination_type: type, destination_id: id } = query;
      let data: FiltersResponseData;
      if (type === undefined || id === undefined) {
        data = {
          property_types: PROPERTY_TYPE_VALUES.map((value) => ({
            value,
            name: PROPERTY_TYPE_NAMES[value][language],
          })).sort(byName),
          chains: CHAINS.map((chain) => ({ chain_id: chain.id, name: chain.name })).sort(byName),
          facilities: FACILITIES.map((f) => ({ facility_id: f.id, name: f.names[language] })).sort(
            byName,
          ),
        };
      } else {
        const destination = resolveDestination(inventory, { type, id });
        if (!destination) {
          return errorResponse(c, 'DESTINATION_NOT_FOUND', {
            details: [{ field: 'destination_id', message: `is not a known ${type}` }],
          });
        }
        // Counts are what a search of this destination with that one filter would total.
        const types = new Map<string, number>();
        const chains = new Map<number, number>();
        const facilities = new Map<number, number>();
        for (const hotelIndex of destination.candidates) {
          const hotel = hotelAt(inventory, hotelIndex);
          types.set(hotel.propertyType, (types.get(hotel.propertyType) ?? 0) + 1);
          if (hotel.chainId !== null)
            chains.set(hotel.chainId, (chains.get(hotel.chainId) ?? 0) + 1);
          for (const facility of FACILITIES) {
            if (hasFacility(hotel, facility.id)) {
              facilities.set(facility.id, (facilities.get(facility.id) ?? 0) + 1);
            }
          }
        }
        const byCount = <T extends { name: string; count?: number }>(a: T, b: T) =>
          (b.count ?? 0) - (a.count ?? 0) || byName(a, b);
        data = {
          property_types: PROPERTY_TYPE_VALUES.filter((value) => types.has(value))
            .map((value) => ({
              value,
              name: PROPERTY_TYPE_NAMES[value][language],
              count: got(types, value),
            }))
            .sort(byCount),
          chains: CHAINS.filter((chain) => chains.has(chain.id))
            .map((chain) => ({
              chain_id: chain.id,
              name: chain.name,
              count: got(chains, chain.id),
            }))
            .sort(byCount),
          facilities: FACILITIES.filter((f) => facilities.has(f.id))
            .map((f) => ({
              facility_id: f.id,
              name: f.names[language],
              count: got(facilities, f.id),
            }))
            .sort(byCount),
        };
      }
      return c.json(successEnvelope(successMessage(language, 'filters'), data));
    }),
  );
}
