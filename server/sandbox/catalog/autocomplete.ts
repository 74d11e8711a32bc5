// Destination autocomplete (docs/api.md, "Destination autocomplete"): cities, places and
// hotels whose names (or aliases: "nyc", "bombay") match the query by word prefixes,
// ignoring case and accents. Ranked exact name, then prefix, then word prefix; among
// equals by hotel_count.
import type { Destination, Language } from '../../../src/contract/index.ts';
import { AUTOCOMPLETE_LIMITS } from '../../../src/contract/index.ts';
import type { City, Place } from '../inventory/geo.ts';
import { contextCityOf, hotelAt, isMapped, type Inventory } from '../inventory/inventory.ts';
import { normalizeText } from '../search/text.ts';
import { at } from '../inventory/checked.ts';

const EXACT = 0;
const PREFIX = 1;
const WORD_PREFIX = 2;
const NO_MATCH = 3;

interface DestinationEntry {
  kind: 'city' | 'place';
  index: number;
  /** Normalized name and aliases. */
  variants: string[];
  variantTokens: string[][];
  /** Region and country names in every language: "paris france" finds Paris. */
  contextTokens: string[];
  hotelCount: number;
  /** What ranks it among equals: its hotel_count, except for a region named like its city. */
  rankCount: number;
  /** " " + every word, for a cheap first test that each query word starts some word. */
  words: string;
  name: string;
}

/** Hotels are matched in one text of all their normalized names, one per line. */
interface HotelText {
  text: string;
  /** Start offset of each line, and the hotel index on it. */
  lineStarts: Int32Array;
  lineHotels: Int32Array;
}

function matchClass(
  query: string,
  queryTokens: readonly string[],
  variants: readonly string[],
  variantTokens: readonly (readonly string[])[],
  contextTokens: readonly string[],
): number {
  let best = NO_MATCH;
  variants.forEach((variant, i) => {
    if (variant === query) best = EXACT;
    else if (best > PREFIX && variant.startsWith(query)) best = PREFIX;
    else if (best > WORD_PREFIX) {
      const own = variantTokens[i] ?? [];
      const anyOwn = queryTokens.some((q) => own.some((t) => t.startsWith(q)));
      const all = queryTokens.every(
        (q) => own.some((t) => t.startsWith(q)) || contextTokens.some((t) => t.startsWith(q)),
      );
      if (anyOwn && all) best = WORD_PREFIX;
    }
  });
  return best;
}

const collators = new Map<Language, Intl.Collator>();

export function collatorFor(language: Language): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language, { sensitivity: 'base' });
    collators.set(language, collator);
  }
  return collator;
}

export class AutocompleteIndex {
  private readonly destinations: DestinationEntry[] = [];
  private readonly hotels: HotelText;

  constructor(private readonly inventory: Inventory) {
    const { geography } = inventory;
    const aliasesOf = new Map<string, readonly string[]>();
    for (const alias of geography.aliases)
      aliasesOf.set(`${alias.kind}:${alias.index}`, alias.names);
    const countryTokens = (code: string): string[] => {
      const country = geography.countries.get(code);
      return country
        ? Object.values(country.names).flatMap((n) => normalizeText(n).split(' '))
        : [];
    };
    const entry = (
      kind: 'city' | 'place',
      index: number,
      name: string,
      countryCode: string,
      extra: string[],
      hotelCount: number,
    ): DestinationEntry => {
      const variants = [name, ...(aliasesOf.get(`${kind}:${index}`) ?? [])].map(normalizeText);
      const contextTokens = [
        ...extra.flatMap((e) => normalizeText(e).split(' ')),
        ...countryTokens(countryCode),
      ];
      return {
        kind,
        index,
        variants,
        variantTokens: variants.map((v) => v.split(' ')),
        contextTokens,
        hotelCount,
        rankCount: hotelCount,
        name,
        words: ` ${[...variants, ...contextTokens].join(' ')}`,
      };
    };
    for (const city of geography.cities) {
      const count = inventory.cityHotels[city.index]?.length ?? 0;
      if (count === 0) continue;
      const region = geography.places[city.regionIndex]?.name;
      this.destinations.push(
        entry('city', city.index, city.name, city.countryCode, region ? [region] : [], count),
      );
    }
    for (const place of geography.places) {
      const count = inventory.placeHotels[place.index]?.length ?? 0;
      if (count === 0) continue;
      const context = place.cityIndex >= 0 ? [at(geography.cities, place.cityIndex).name] : [];
      const placeEntry = entry('place', place.index, place.name, place.countryCode, context, count);
      // The state of São Paulo holds more hotels than the city, but someone typing
      // "sao paulo" most likely means the city: a region or island named like one of its
      // cities ranks right after that city instead of before it.
      const key = normalizeText(place.name);
      for (const cityIndex of place.memberCities) {
        const city = at(geography.cities, cityIndex);
        if (normalizeText(city.name) === key) {
          placeEntry.rankCount = (inventory.cityHotels[cityIndex]?.length ?? 0) - 0.5;
        }
      }
      this.destinations.push(placeEntry);
    }

    const lines: string[] = [];
    const hotelIndexes: number[] = [];
    for (const hotel of inventory.hotels) {
      if (!isMapped(hotel)) continue;
      lines.push(normalizeText(hotel.name));
      hotelIndexes.push(hotel.index);
    }
    const lineStarts = new Int32Array(lines.length);
    let offset = 1;
    lines.forEach((line, i) => {
      lineStarts[i] = offset;
      offset += line.length + 1;
    });
    this.hotels = {
      text: `\n${lines.join('\n')}\n`,
      lineStarts,
      lineHotels: Int32Array.from(hotelIndexes),
    };
  }

  search(rawQuery: string, limit: number, language: Language): Destination[] {
    const query = normalizeText(rawQuery);
    if (query === '') return [];
    const tokens = query.split(' ');
    const collator = collatorFor(language);

    const ranked: {
      cls: number;
      count: number;
      typeOrder: number;
      name: string;
      id: number;
      build: () => Destination;
    }[] = [];
    const starts = tokens.map((t) => ` ${t}`);
    for (const entry of this.destinations) {
      // Most entries share no word start with the query: skip them before the full match.
      if (!starts.every((start) => entry.words.includes(start))) continue;
      const cls = matchClass(
        query,
        tokens,
        entry.variants,
        entry.variantTokens,
        entry.contextTokens,
      );
      if (cls === NO_MATCH) continue;
      const build =
        entry.kind === 'city'
          ? () => this.cityDestination(at(this.inventory.geography.cities, entry.index), language)
          : () => this.placeDestination(at(this.inventory.geography.places, entry.index), language);
      ranked.push({
        cls,
        count: entry.rankCount,
        typeOrder: entry.kind === 'city' ? 0 : 1,
        name: entry.name,
        id:
          entry.kind === 'city'
            ? at(this.inventory.geography.cities, entry.index).id
            : at(this.inventory.geography.places, entry.index).id,
        build,
      });
    }
    const hotelMatches = this.matchHotels(query, tokens)
      .sort((a, b) => a.cls - b.cls || collator.compare(a.name, b.name) || a.id - b.id)
      .slice(0, AUTOCOMPLETE_LIMITS.maxHotels);
    for (const match of hotelMatches) {
      ranked.push({
        ...match,
        count: 0,
        typeOrder: 2,
        build: () => this.hotelDestination(match.hotelIndex, language),
      });
    }
    ranked.sort(
      (a, b) =>
        a.cls - b.cls ||
        b.count - a.count ||
        a.typeOrder - b.typeOrder ||
        collator.compare(a.name, b.name) ||
        a.id - b.id,
    );
    return ranked.slice(0, limit).map((r) => r.build());
  }

  /** Hotels whose name words start with every query word; the first 60 found are ranked. */
  private matchHotels(query: string, tokens: readonly string[]) {
    const { text, lineStarts, lineHotels } = this.hotels;
    const anchor = tokens.reduce((longest, t) => (t.length > longest.length ? t : longest), '');
    const found = new Map<number, { cls: number; name: string; id: number; hotelIndex: number }>();
    let from = 0;
    while (found.size < 60) {
      const offset = text.indexOf(anchor, from);
      if (offset < 0) break;
      from = offset + 1;
      const before = text[offset - 1];
      if (before !== ' ' && before !== '\n') continue;
      // The line holding `offset`: the last line start ≤ offset.
      let low = 0;
      let high = lineStarts.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (at(lineStarts, mid) <= offset) low = mid;
        else high = mid - 1;
      }
      const hotelIndex = at(lineHotels, low);
      if (found.has(hotelIndex)) continue;
      const start = at(lineStarts, low);
      const line = text.slice(start, text.indexOf('\n', start));
      const cls = matchClass(query, tokens, [line], [line.split(' ')], []);
      if (cls === NO_MATCH) continue;
      const hotel = hotelAt(this.inventory, hotelIndex);
      found.set(hotelIndex, { cls, name: hotel.name, id: hotel.id, hotelIndex });
    }
    return [...found.values()];
  }

  private countryName(code: string, language: Language): string {
    return this.inventory.geography.countries.get(code)?.names[language] ?? code;
  }

  private cityDestination(city: City, language: Language): Destination {
    const region = this.inventory.geography.places[city.regionIndex]?.name;
    const country = this.countryName(city.countryCode, language);
    const label = [city.name, region && region !== city.name ? region : null, country]
      .filter((part): part is string => typeof part === 'string')
      .join(', ');
    return {
      type: 'city',
      id: city.id,
      name: city.name,
      label,
      city_id: city.id,
      city: city.name,
      country_code: city.countryCode,
      country,
      hotel_count: this.inventory.cityHotels[city.index]?.length ?? 0,
      latitude: city.lat,
      longitude: city.lon,
    };
  }

  private placeDestination(place: Place, language: Language): Destination {
    const context = contextCityOf(this.inventory, place);
    const country = this.countryName(place.countryCode, language);
    const label =
      place.cityIndex >= 0
        ? `${place.name}, ${context.name}, ${country}`
        : `${place.name}, ${country}`;
    return {
      type: 'place',
      id: place.id,
      name: place.name,
      label,
      place_type: place.type,
      city_id: context.id,
      city: context.name,
      country_code: place.countryCode,
      country,
      hotel_count: this.inventory.placeHotels[place.index]?.length ?? 0,
      latitude: place.lat,
      longitude: place.lon,
    };
  }

  private hotelDestination(hotelIndex: number, language: Language): Destination {
    const hotel = hotelAt(this.inventory, hotelIndex);
    const city = at(this.inventory.geography.cities, hotel.cityIndex);
    const country = this.countryName(city.countryCode, language);
    return {
      type: 'hotel',
      id: hotel.id,
      name: hotel.name,
      label: `${hotel.name}, ${city.name}, ${country}`,
      city_id: city.id,
      city: city.name,
      country_code: city.countryCode,
      country,
      latitude: hotel.lat,
      longitude: hotel.lon,
    };
  }
}
