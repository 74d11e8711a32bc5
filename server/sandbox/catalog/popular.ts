// The sandbox's popular destinations: its biggest cities by hotels, each pictured by the
// main picture of its first hotel. Not an endpoint of the hotel API: the app server, in
// sandbox mode, offers these on the home page where an operator would list their own.
import type { Language, PopularDestination } from '../../../src/contract/index.ts';
import type { SandboxContext } from '../context.ts';
import type { ImageUrls } from '../images/urls.ts';
import { hotelAt, type Inventory } from '../inventory/inventory.ts';

export function popularCities(
  inventory: Inventory,
  images: ImageUrls,
  language: Language,
  limit: number,
): PopularDestination[] {
  const { cities, countries } = inventory.geography;
  return cities
    .filter((city) => (inventory.cityHotels[city.index]?.length ?? 0) > 0)
    .sort(
      (a, b) =>
        (inventory.cityHotels[b.index]?.length ?? 0) -
          (inventory.cityHotels[a.index]?.length ?? 0) || a.id - b.id,
    )
    .slice(0, limit)
    .map((city) => {
      const first = inventory.cityHotels[city.index]?.[0];
      const hotel = first === undefined ? null : hotelAt(inventory, first);
      return {
        type: 'city',
        id: city.id,
        name: city.name,
        country: countries.get(city.countryCode)?.names[language] ?? null,
        image_url: hotel && hotel.imageCount > 0 ? images.hotel(hotel, 0) : null,
      };
    });
}

/** How many the home page offers in sandbox mode. */
export const POPULAR_CITY_COUNT = 8;

/** The list per language, worked out once each. */
export function popularDestinationsOf(
  context: Pick<SandboxContext, 'inventory' | 'images'>,
): (language: Language) => PopularDestination[] {
  const byLanguage = new Map<Language, PopularDestination[]>();
  return (language) => {
    let list = byLanguage.get(language);
    if (!list) {
      list = popularCities(context.inventory, context.images, language, POPULAR_CITY_COUNT);
      byLanguage.set(language, list);
    }
    return list;
  };
}
