// The sandbox's popular destinations: its biggest cities by hotels, each pictured by the
// main picture of its first hotel. Not an endpoint of the hotel API: the app server, in
// sandbox mode, offers these on the home page where an operator would list their own.
import type { Language, PopularDestination } from '../../../src/contract/index.ts';
import type { SandboxContext } from '../context.ts';
import type { ImageUrls } from '../images/urls.ts';
import { hotelAt, type Inventory } from '../inventory/inventory.ts';

/** The cities with the most hotels, biggest first (ties by id), each with its picture. */
function biggestCities(inventory: Inventory, images: ImageUrls, limit: number) {
  const size = (city: { index: number }) => inventory.cityHotels[city.index]?.length ?? 0;
  return inventory.geography.cities
    .filter((city) => size(city) > 0)
    .sort((a, b) => size(b) - size(a) || a.id - b.id)
    .slice(0, limit)
    .map((city) => {
      const first = inventory.cityHotels[city.index]?.[0];
      const hotel = first === undefined ? null : hotelAt(inventory, first);
      return { city, image: hotel && hotel.imageCount > 0 ? images.hotel(hotel, 0) : null };
    });
}

/** How many the home page offers in sandbox mode. */
export const POPULAR_CITY_COUNT = 8;

/** The list in a language: ranked once, the country named per language (kept once each). */
export function popularDestinationsOf(
  context: Pick<SandboxContext, 'inventory' | 'images'>,
): (language: Language) => PopularDestination[] {
  const { inventory, images } = context;
  const ranked = biggestCities(inventory, images, POPULAR_CITY_COUNT);
  const byLanguage = new Map<Language, PopularDestination[]>();
  return (language) => {
    let list = byLanguage.get(language);
    if (!list) {
      list = ranked.map(({ city, image }) => ({
        type: 'city',
        id: city.id,
        name: city.name,
        country: inventory.geography.countries.get(city.countryCode)?.names[language] ?? null,
        image_url: image,
      }));
      byLanguage.set(language, list);
    }
    return list;
  };
}
