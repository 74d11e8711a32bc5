// The committed geography (geo-seed.json, built by scripts/build-geo-seed.ts from GeoNames
// data, CC BY 4.0): countries with names in every supported language, cities, places and
// aliases, read into typed records once per process.
import { SUPPORTED_LANGUAGES, type Language, type PlaceType } from '../../../src/contract/index.ts';
import seedFile from './geo-seed.json' with { type: 'json' };

export const GEO_ATTRIBUTION = 'Geographic data © GeoNames (https://www.geonames.org/), CC BY 4.0';

export type Continent = 'EU' | 'AS' | 'AF' | 'AM' | 'OC';
export type CityKind = 'city' | 'beach' | 'ski';

export interface Country {
  code: string;
  continent: Continent;
  names: Readonly<Record<Language, string>>;
}

export interface City {
  index: number;
  /** GeoNames id, the city_id of the API. */
  id: number;
  name: string;
  countryCode: string;
  /** Index of its admin-1 region in `places`, or -1. */
  regionIndex: number;
  lat: number;
  lon: number;
  population: number;
  timeZone: string;
  plannedHotels: number;
  /** 0 (none) to 3 (the world's most visited). */
  tourism: number;
  kind: CityKind;
}

export interface Place {
  index: number;
  id: number;
  type: PlaceType;
  name: string;
  countryCode: string;
  lat: number;
  lon: number;
  /** Area places (localities, neighbourhoods, islands inside a city): their city; else -1. */
  cityIndex: number;
  /** Regions and islands made of cities: member city indexes. */
  memberCities: readonly number[];
  /** Area places: share of the city's hotels placed there. */
  weight: number;
}

export interface Alias {
  kind: 'city' | 'place';
  index: number;
  names: readonly string[];
}

export interface Geography {
  countries: ReadonlyMap<string, Country>;
  cities: readonly City[];
  places: readonly Place[];
  aliases: readonly Alias[];
}

type Row = readonly unknown[];

function fail(message: string): never {
  throw new Error(`geo-seed.json: ${message}`);
}

function str(row: Row, i: number): string {
  const value = row[i];
  return typeof value === 'string'
    ? value
    : fail(`expected text at ${i} in ${JSON.stringify(row)}`);
}

function num(row: Row, i: number): number {
  const value = row[i];
  return typeof value === 'number'
    ? value
    : fail(`expected a number at ${i} in ${JSON.stringify(row)}`);
}

let cached: Geography | null = null;

/** The geography, parsed and checked once per process. */
export function loadGeography(): Geography {
  if (cached) return cached;
  const file = seedFile as unknown as {
    format: number;
    languages: string[];
    timezones: string[];
    countries: Row[];
    cities: Row[];
    places: Row[];
    aliases: Row[];
  };
  if (file.format !== 1) fail(`unknown format ${file.format}`);
  const languages = file.languages;
  for (const language of SUPPORTED_LANGUAGES) {
    if (!languages.includes(language)) fail(`country names lack ${language}`);
  }

  const countries = new Map<string, Country>();
  for (const row of file.countries) {
    const names = Object.fromEntries(
      SUPPORTED_LANGUAGES.map((language) => [language, str(row, 2 + languages.indexOf(language))]),
    ) as Record<Language, string>;
    countries.set(str(row, 0), { code: str(row, 0), continent: str(row, 1) as Continent, names });
  }

  const cities = file.cities.map((row, index): City => ({
    index,
    id: num(row, 0),
    name: str(row, 1),
    countryCode: str(row, 2),
    regionIndex: num(row, 3),
    lat: num(row, 4),
    lon: num(row, 5),
    population: num(row, 6),
    timeZone: file.timezones[num(row, 7)] ?? fail(`no time zone ${num(row, 7)}`),
    plannedHotels: num(row, 8),
    tourism: num(row, 9),
    kind: str(row, 10) as CityKind,
  }));

  const places = file.places.map((row, index): Place => {
    const members = row[7];
    return {
      index,
      id: num(row, 0),
      type: str(row, 1) as PlaceType,
      name: str(row, 2),
      countryCode: str(row, 3),
      lat: num(row, 4),
      lon: num(row, 5),
      cityIndex: num(row, 6),
      memberCities: Array.isArray(members) ? (members as number[]) : [],
      weight: typeof members === 'number' ? members : 0,
    };
  });

  const aliases = file.aliases.map((row): Alias => ({
    kind: str(row, 0) === 'place' ? 'place' : 'city',
    index: num(row, 1),
    names: (row[2] as string[] | undefined) ?? [],
  }));

  for (const city of cities) {
    if (!countries.has(city.countryCode)) fail(`city ${city.id} has unknown country`);
  }
  cached = { countries, cities, places, aliases };
  return cached;
}
