// What a search is for, as its answer names it. The URL's label is only a hint for the
// first frame of a navigation: a hand-typed or shared link may have none, and it stays in
// the language it was written in.
import type { SearchResponseData } from '../../../contract/index.ts';
import { regionName } from '../../../lib/format.ts';
import type { SearchInput } from '../../../stay/search-url.ts';

export interface SearchedPlace {
  /** The short name a heading uses: "Lisbon", "Bali", or the searched hotel's name. */
  name: string;
  /** With its country: "Lisbon, Portugal". */
  full: string;
}

export function searchedPlace(
  input: SearchInput,
  answer: SearchResponseData | undefined,
  language: string,
): SearchedPlace {
  if (!answer) {
    const hint = input.label.split(',')[0]?.trim() || input.label;
    return { name: hint, full: input.label };
  }
  const info = answer.search_info;
  const country = regionName(info.country_code, language);
  const city = info.place ?? info.city;
  const hotel =
    input.destination.type === 'hotel'
      ? answer.hotels.find((item) => item.hotel_id === String(input.destination.id))
      : undefined;
  if (hotel) return { name: hotel.hotel_name, full: `${hotel.hotel_name}, ${info.city}` };
  return { name: city, full: `${city}, ${country}` };
}
