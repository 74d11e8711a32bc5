// Generates the hotels of every city from SANDBOX_SEED: one random stream per city (so a
// city's hotels do not depend on any other city), integer-exact arithmetic (random.ts,
// geometry.ts), no Math.random or clock. The same seed gives a byte-identical inventory.
// A scale (benchmarks only: `npm run bench` measures searches on a ×10 inventory) plans
// that many times the hotels per city, drawn on from the same per-city streams.
import { createHash } from 'node:crypto';
import { baseNightlyCents, cityClassPrices } from '../pricing/cost.ts';
import {
  CHAINS,
  FACILITIES,
  MIN_FACILITIES_PER_HOTEL,
  SUPPLIERS,
  type Chain,
  PROPERTY_TYPE_VALUES,
  type Facility,
  type PropertyType,
} from './catalog.ts';
import { loadGeography, type City, type Geography, type Place } from './geo.ts';
import { distanceKm, offsetDegrees, round } from './geometry.ts';
import { HOTEL_ID_CITY_FACTOR, isMapped, type Hotel, type Inventory } from './inventory.ts';
import { hotelName, streetAddress } from './names.ts';
import { loadLandMask, type LandMask } from './land.ts';
import { hashInts, hashString, Rng } from './random.ts';
import { at, got } from './checked.ts';

// Module-local copies: under tsx and vitest an imported binding is a getter call on every
// access, which is measurable in a loop that runs 100,000 times.
const FACILITY_LIST: readonly Facility[] = [...FACILITIES];
const SUPPLIER_LIST = [...SUPPLIERS];
const CHAIN_LIST = [...CHAINS];
const MIN_FACILITIES = MIN_FACILITIES_PER_HOTEL;

const UNMAPPED_SHARE = 0.025;
const CHRONIC_SHARE = 0.025;
const NULL_COORDINATES_SHARE = 0.015;
const NULL_ADDRESS_SHARE = 0.02;

const typeWeightsCache = new Map<string, [PropertyType, number][]>();

function propertyTypeWeights(city: City, continent: string): [PropertyType, number][] {
  const key = `${city.kind}|${continent}|${city.countryCode === 'JP' || city.countryCode === 'MA' ? city.countryCode : ''}`;
  const cached = typeWeightsCache.get(key);
  if (cached) return cached;
  const weights: [PropertyType, number][] =
    city.kind === 'beach'
      ? [
          ['hotel', 38],
          ['resort', 18],
          ['villa', 6],
          ['apartment', 12],
          ['guest_house', 10],
          ['hostel', 4],
          ['boutique_hotel', 7],
          ['bed_and_breakfast', 3],
          ['aparthotel', 2],
        ]
      : city.kind === 'ski'
        ? [
            ['hotel', 45],
            ['apartment', 20],
            ['guest_house', 10],
            ['bed_and_breakfast', 9],
            ['boutique_hotel', 8],
            ['hostel', 4],
            ['resort', 4],
          ]
        : [
            ['hotel', 56],
            ['boutique_hotel', 8],
            ['aparthotel', 8],
            ['apartment', 10],
            ['hostel', 6],
            ['guest_house', 7],
            ['bed_and_breakfast', 4],
          ];
  if (continent === 'AM' || continent === 'OC')
    weights.push(['motel', city.kind === 'city' ? 4 : 2]);
  if (city.countryCode === 'JP') weights.push(['ryokan', 9]);
  if (city.countryCode === 'MA') weights.push(['riad', 25]);
  typeWeightsCache.set(key, weights);
  return weights;
}

const HOTEL_STARS: readonly (readonly [number | null, number])[] = [
  [null, 2],
  [1, 5],
  [2, 17],
  [3, 40],
  [4, 27],
  [5, 9],
];
const UPMARKET_HOTEL_STARS: readonly (readonly [number | null, number])[] = [
  [null, 2],
  [1, 5],
  [2, 17],
  [3, 34],
  [4, 30],
  [5, 12],
];
const RESORT_STARS: readonly (readonly [number, number])[] = [
  [3, 15],
  [4, 50],
  [5, 35],
];

function starsFor(rng: Rng, type: PropertyType, city: City): number | null {
  switch (type) {
    case 'hostel':
      return rng.chance(0.6) ? null : rng.int(1, 2);
    case 'apartment':
      return rng.chance(0.7) ? null : rng.int(3, 4);
    case 'villa':
      return rng.chance(0.5) ? null : rng.int(4, 5);
    case 'guest_house':
    case 'bed_and_breakfast':
      return rng.chance(0.4) ? null : rng.int(2, 4);
    case 'motel':
      return rng.int(1, 2);
    case 'resort':
      return rng.weighted(RESORT_STARS);
    case 'ryokan':
    case 'riad':
      return rng.chance(0.3) ? null : rng.int(3, 5);
    case 'boutique_hotel':
      return rng.int(3, 5);
    default:
      return rng.weighted(
        city.tourism >= 2 || city.kind !== 'city' ? UPMARKET_HOTEL_STARS : HOTEL_STARS,
      );
  }
}

const chainFitCache = new Map<string, Chain[]>();

function chainFor(
  rng: Rng,
  city: City,
  continent: string,
  type: PropertyType,
  stars: number | null,
): Chain | null {
  const bigness = Math.min(1, city.population / 5_000_000);
  if (!rng.chance(0.12 + 0.25 * bigness + 0.05 * city.tourism)) return null;
  const key = `${type}|${stars}|${continent}|${city.kind}`;
  let fitting = chainFitCache.get(key);
  fitting ??= CHAIN_LIST.filter(
    (chain) =>
      chain.types.includes(type) &&
      chain.continents.includes(continent as Chain['continents'][number]) &&
      (!chain.kinds || chain.kinds.includes(city.kind)) &&
      (chain.stars.length === 0
        ? stars === null || stars <= 2
        : stars !== null && chain.stars.includes(stars)),
  );
  chainFitCache.set(key, fitting);
  return fitting.length > 0 ? rng.pick(fitting) : null;
}

function facilityProbability(
  facility: Facility,
  stars: number | null,
  type: PropertyType,
  city: City,
): number {
  if (facility.kinds && !facility.kinds.includes(city.kind)) return 0;
  const s = stars ?? 2.5;
  let p = facility.p1 + ((facility.p5 - facility.p1) * (s - 1)) / 4;
  switch (facility.id) {
    case 4: // air conditioning is rare in the mountains
      if (city.kind === 'ski') p *= 0.3;
      break;
    case 10:
      if (type === 'hostel') p = 0.4;
      break;
    case 63:
      if (type === 'hostel') p = 0.95;
      break;
    case 56:
      if (type === 'apartment' || type === 'aparthotel' || type === 'villa') p = 0.95;
      break;
    case 57:
      if (type === 'apartment' || type === 'villa' || type === 'resort') p = Math.max(p, 0.6);
      break;
    case 31:
    case 33:
    case 53:
      if (type === 'resort' || type === 'villa') p = Math.min(0.95, p * 2.2 + 0.2);
      else if (city.kind === 'beach') p = Math.min(0.95, p * 1.6);
      break;
    case 34:
      if (city.kind === 'ski') p = Math.min(0.95, p * 1.8 + 0.1);
      break;
    case 26:
    case 28:
    case 55:
    case 3:
      if (type === 'hostel' || type === 'apartment') p *= 0.3;
      if (type === 'resort') p = Math.max(p, 0.97);
      break;
    case 37:
      if (city.population > 3_000_000) p *= 0.4;
      break;
  }
  return Math.min(1, Math.max(0, p));
}

interface FacilityOdds {
  probabilities: Float64Array;
  /** Facility positions by falling probability: the top-up order. */
  topUp: readonly number[];
}

const oddsCache = new Map<number, FacilityOdds>();

/**
 * Facility odds depend only on the city's kind and size, the type and the stars:
 * computed once per combination (a few hundred), not per hotel.
 */
function facilityOdds(stars: number | null, type: PropertyType, city: City): FacilityOdds {
  const key =
    ((city.kind === 'city' ? 0 : city.kind === 'beach' ? 1 : 2) * 2 +
      (city.population > 3_000_000 ? 1 : 0)) *
      1000 +
    PROPERTY_TYPE_VALUES.indexOf(type) * 10 +
    (stars ?? 0);
  let odds = oddsCache.get(key);
  if (!odds) {
    const probabilities = Float64Array.from(FACILITY_LIST, (f) =>
      facilityProbability(f, stars, type, city),
    );
    const topUp = FACILITY_LIST.map((_, i) => i)
      .filter((i) => at(probabilities, i) > 0)
      .sort((a, b) => at(probabilities, b) - at(probabilities, a) || a - b);
    odds = { probabilities, topUp };
    oddsCache.set(key, odds);
  }
  return odds;
}

/** ≥ 24 facilities as two 32-bit masks. */
function facilitiesFor(rng: Rng, odds: FacilityOdds): [number, number] {
  let low = 0;
  let high = 0;
  let count = 0;
  for (let i = 0; i < FACILITY_LIST.length; i++) {
    if (rng.next() >= (odds.probabilities[i] ?? 0)) continue;
    if (i < 32) low |= 1 << i;
    else high |= 1 << (i - 32);
    count++;
  }
  // Top up with the most likely ones still missing, so every hotel lists at least 24.
  for (const i of odds.topUp) {
    if (count >= MIN_FACILITIES) break;
    const bit = 1 << (i % 32);
    if (i < 32 ? (low & bit) !== 0 : (high & bit) !== 0) continue;
    if (i < 32) low |= bit;
    else high |= bit;
    count++;
  }
  return [low >>> 0, high >>> 0];
}

function suppliersFor(rng: Rng, chain: Chain | null): number {
  if (rng.chance(UNMAPPED_SHARE)) return 0;
  let mask = 0;
  for (const supplier of SUPPLIER_LIST) {
    const coverage = supplier.id === 6 && chain ? 0.7 : supplier.coverage;
    if (rng.chance(coverage)) mask |= 1 << (supplier.id - 1);
  }
  return mask === 0 ? 1 << (rng.int(1, SUPPLIER_LIST.length) - 1) : mask;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Areas weighted by the square root of their size: big districts get more, not all. */
function areaWeights(areas: readonly Place[]): (readonly [Place, number])[] {
  return areas.map((area) => [area, Math.sqrt(area.weight)] as const);
}

/** Redraws of a hotel that fell on water, from its own stream, before it takes the centre. */
const LAND_TRIES = 24;
const LAND_STREAM = 0x1a4d;

/** A point `radius` km around a centre: the sum of two uniforms each way, denser near it. */
function spread(
  centreLat: number,
  centreLon: number,
  radiusKm: number,
  draw: () => number,
): [number, number] {
  const east = (draw() + draw() - 1) * radiusKm;
  const north = (draw() + draw() - 1) * radiusKm;
  const [dLat, dLon] = offsetDegrees(centreLat, east, north);
  return [round(centreLat + dLat, 5), round(centreLon + dLon, 5)];
}

/** Eight directions as exact constants (no Math.cos: the same bits on every engine). */
const DIRECTIONS: readonly (readonly [number, number])[] = [
  [1, 0],
  [0.70710678, 0.70710678],
  [0, 1],
  [-0.70710678, 0.70710678],
  [-1, 0],
  [-0.70710678, -0.70710678],
  [0, -1],
  [0.70710678, -0.70710678],
];
const PROBE_KM = [0.3, 0.6, 1, 1.5, 2.5, 4, 6, 9, 12];
const nearestLandCache = new WeakMap<LandMask, Map<string, [number, number] | null>>();

/** The point itself if on land, else the nearest of rings of probes around it, within 12 km. */
function nearestLand(land: LandMask, lat: number, lon: number): [number, number] | null {
  let cache = nearestLandCache.get(land);
  if (!cache) {
    cache = new Map<string, [number, number] | null>();
    nearestLandCache.set(land, cache);
  }
  const key = `${lat},${lon}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  let found: [number, number] | null = land.isLand(lat, lon) ? [lat, lon] : null;
  for (const km of PROBE_KM) {
    if (found) break;
    for (const [east, north] of DIRECTIONS) {
      const [dLat, dLon] = offsetDegrees(lat, east * km, north * km);
      if (land.isLand(lat + dLat, lon + dLon)) {
        found = [lat + dLat, lon + dLon];
        break;
      }
    }
  }
  cache.set(key, found);
  return found;
}

function generateCityHotels(
  seedHash: number,
  geography: Geography,
  land: LandMask,
  city: City,
  areas: readonly Place[],
  firstIndex: number,
  scale: number,
): Hotel[] {
  const rng = new Rng(hashString(`${seedHash}|city|${city.id}`));
  const country = got(geography.countries, city.countryCode);
  const classPrices = cityClassPrices(city);
  const areaShare = areas.length === 0 ? 0 : city.tourism >= 2 ? 0.5 : 0.4;
  const spreadKm = 1.5 + 5 * Math.sqrt(city.population / 1e7);
  const takenNames = new Set<string>();
  const typeWeights = propertyTypeWeights(city, country.continent);
  const weightedAreas = areaWeights(areas);
  const hotels: Hotel[] = [];

  const count = city.plannedHotels * scale;
  const idFactor = HOTEL_ID_CITY_FACTOR * scale;
  for (let k = 0; k < count; k++) {
    const area = areaShare > 0 && rng.chance(areaShare) ? rng.weighted(weightedAreas) : null;
    const propertyType = rng.weighted(typeWeights);
    const stars = starsFor(rng, propertyType, city);
    const chain = chainFor(rng, city, country.continent, propertyType, stars);
    const name = hotelName(
      rng,
      {
        countryCode: city.countryCode,
        cityName: city.name,
        areaName: area?.name ?? null,
        propertyType,
        chain,
        kind: city.kind,
      },
      takenNames,
    );

    let lat: number | null = null;
    let lon: number | null = null;
    if (!rng.chance(NULL_COORDINATES_SHARE)) {
      const centreLat = area?.lat ?? city.lat;
      const centreLon = area?.lon ?? city.lon;
      const radius = area ? (area.type === 'locality' ? 1.8 : 0.9) : spreadKm;
      [lat, lon] = spread(centreLat, centreLon, radius, () => rng.next());
      // Not in the sea: a point that fell on water is drawn again from a stream of its
      // own (so every other hotel of the seed stays as it was), around the nearest land
      // to its centre (a coastal town's point can lie just off the coastline), and at
      // worst takes that land. Where no land is near (an islet the coastline lacks), the
      // hotel stays where it fell.
      if (!land.isLand(lat, lon)) {
        const anchor = nearestLand(land, centreLat, centreLon);
        if (anchor) {
          const again = new Rng(hashInts(seedHash, city.id, k, LAND_STREAM));
          let tries = 0;
          do {
            [lat, lon] = spread(anchor[0], anchor[1], radius, () => again.next());
            tries += 1;
          } while (!land.isLand(lat, lon) && tries < LAND_TRIES);
          if (!land.isLand(lat, lon)) [lat, lon] = [round(anchor[0], 5), round(anchor[1], 5)];
        }
      }
    }
    const address = rng.chance(NULL_ADDRESS_SHARE)
      ? null
      : streetAddress(rng, city.countryCode, area?.name ?? null);
    const [facilitiesLow, facilitiesHigh] = facilitiesFor(
      rng,
      facilityOdds(stars, propertyType, city),
    );
    const supplierMask = suppliersFor(rng, chain);
    let supplierTier: 1 | 2 | 3 = 3;
    let supplierCount = 0;
    let reliabilitySum = 0;
    for (const supplier of SUPPLIER_LIST) {
      if ((supplierMask & (1 << (supplier.id - 1))) === 0) continue;
      supplierCount++;
      reliabilitySum += supplier.reliability;
      if (supplier.tier < supplierTier) supplierTier = supplier.tier;
    }
    const cacheScore = Math.round(
      100 *
        clamp(
          0.2 + 0.1 * supplierCount + (stars !== null && stars >= 4 ? 0.1 : 0) + 0.3 * rng.next(),
          0,
          1,
        ),
    );
    const meanReliability = supplierCount === 0 ? 0 : reliabilitySum / supplierCount;
    const reliabilityScore = Math.round(100 * meanReliability * (0.9 + 0.1 * rng.next()));
    const recommendedScore =
      (4 - supplierTier) * 1_000_000 +
      (cacheScore + reliabilityScore) * 2_000 +
      (stars ?? 0) * 100 +
      rng.int(0, 99);

    const baseNightly = baseNightlyCents(classPrices, {
      stars,
      propertyType,
      chainTier: chain?.tier ?? null,
      character: rng.normal(),
      area: area?.type ?? null,
    });
    const leisure = rng.chance(city.kind !== 'city' ? 0.9 : city.tourism >= 2 ? 0.6 : 0.35);
    const chronicallyUnavailable = rng.chance(CHRONIC_SHARE);
    const selloutPropensity = round(0.4 + 1.6 * rng.next(), 3);
    const historyCount = rng.chance(0.15) ? rng.int(0, 7) : rng.int(8, 120);
    const historyDrift = round(clamp(1 + 0.07 * rng.normal(), 0.85, 1.15), 4);
    const imageCount = rng.int(4, 6) + (stars ?? 2);
    const checkInFrom = rng.pick(['14:00', '15:00', '15:00', '16:00']);
    const checkOutUntil = rng.pick(['10:00', '11:00', '12:00', '12:00']);

    hotels.push({
      index: firstIndex + k,
      id: (city.index + 1) * idFactor + k + 1,
      cityIndex: city.index,
      areaIndex: area?.index ?? -1,
      name,
      propertyType,
      stars,
      chainId: chain?.id ?? null,
      lat,
      lon,
      address,
      facilitiesLow,
      facilitiesHigh,
      supplierMask,
      supplierTier,
      cacheScore,
      reliabilityScore,
      recommendedScore,
      baseNightlyCents: baseNightly,
      leisure,
      chronicallyUnavailable,
      selloutPropensity,
      historyCount,
      historyDrift,
      imageCount,
      checkInFrom,
      checkOutUntil,
      distanceFromCenterKm: null,
    });
  }
  return hotels;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? at(sorted, mid) : (at(sorted, mid - 1) + at(sorted, mid)) / 2;
}

export interface InventoryOptions {
  /**
   * Hotels per city × this whole number (default 1). Benchmarks only: the growth of
   * search time with a ×10 inventory. Hotel ids then count cities in steps of
   * 10,000 × scale, so a city can hold more than 10,000 hotels.
   */
  scale?: number;
  /** Where land is (tests give their own); Natural Earth's land by default. */
  land?: LandMask;
}

function checkedScale(scale: number): number {
  if (!Number.isInteger(scale) || scale < 1 || scale > 100) {
    throw new RangeError(`inventory scale must be a whole number from 1 to 100, not ${scale}`);
  }
  return scale;
}

/**
 * Builds the whole inventory for a seed (about half a second for 100,000 hotels).
 * `geography` is the committed one except in tests that vary it.
 */
export function generateInventory(
  seed: string,
  geography: Geography = loadGeography(),
  options: InventoryOptions = {},
): Inventory {
  const scale = checkedScale(options.scale ?? 1);
  const seedHash = hashString(seed);
  const land = options.land ?? loadLandMask();
  const areasByCity = new Map<number, Place[]>();
  for (const place of geography.places) {
    if (place.cityIndex < 0) continue;
    const list = areasByCity.get(place.cityIndex) ?? [];
    list.push(place);
    areasByCity.set(place.cityIndex, list);
  }

  const hotels: Hotel[] = [];
  const cityFirstHotel: number[] = [];
  const cityHotels: number[][] = [];
  const cityCentres: ({ lat: number; lon: number } | null)[] = [];
  for (const city of geography.cities) {
    cityFirstHotel.push(hotels.length);
    const generated = generateCityHotels(
      seedHash,
      geography,
      land,
      city,
      areasByCity.get(city.index) ?? [],
      hotels.length,
      scale,
    );
    const mapped = generated.filter(isMapped);
    const lats: number[] = [];
    const lons: number[] = [];
    for (const hotel of mapped) {
      if (hotel.lat === null || hotel.lon === null) continue;
      lats.push(hotel.lat);
      lons.push(hotel.lon);
    }
    const centre = lats.length === 0 ? null : { lat: median(lats), lon: median(lons) };
    for (const hotel of generated) {
      if (centre && hotel.lat !== null && hotel.lon !== null) {
        hotel.distanceFromCenterKm = round(
          distanceKm(centre.lat, centre.lon, hotel.lat, hotel.lon),
          2,
        );
      }
      hotels.push(hotel);
    }
    cityHotels.push(mapped.map((h) => h.index));
    cityCentres.push(centre);
  }

  // Ascending hotel index (= ascending hotel id): the order snapshots rely on for ties.
  const placeHotels = geography.places.map((place): number[] => {
    if (place.cityIndex >= 0) {
      return (cityHotels[place.cityIndex] ?? []).filter(
        (i) => at(hotels, i).areaIndex === place.index,
      );
    }
    return place.memberCities
      .flatMap((cityIndex) => cityHotels[cityIndex] ?? [])
      .sort((a, b) => a - b);
  });

  return {
    seed,
    seedHash,
    geography,
    hotels,
    cityHotels,
    placeHotels,
    cityCentres,
    mappedHotelCount: hotels.filter(isMapped).length,
    cityFirstHotel,
    hotelIdCityFactor: HOTEL_ID_CITY_FACTOR * scale,
  };
}

/** SHA-256 over every generated field of every hotel, in order: equal seeds, equal hashes. */
export function inventoryHash(inventory: Inventory): string {
  const hash = createHash('sha256');
  let chunk = '';
  for (const h of inventory.hotels) {
    chunk +=
      `${h.id}|${h.cityIndex}|${h.areaIndex}|${h.name}|${h.propertyType}|${h.stars}|${h.chainId}|` +
      `${h.lat}|${h.lon}|${h.address}|${h.facilitiesLow}|${h.facilitiesHigh}|${h.supplierMask}|` +
      `${h.supplierTier}|${h.cacheScore}|${h.reliabilityScore}|${h.recommendedScore}|` +
      `${h.baseNightlyCents}|${h.leisure}|${h.chronicallyUnavailable}|${h.selloutPropensity}|` +
      `${h.historyCount}|${h.historyDrift}|${h.imageCount}|${h.checkInFrom}|${h.checkOutUntil}|` +
      `${h.distanceFromCenterKm}\n`;
    if (chunk.length > 65_536) {
      hash.update(chunk);
      chunk = '';
    }
  }
  hash.update(chunk);
  return hash.digest('hex');
}

const cache = new Map<string, Inventory>();

/** The inventory for a seed (and scale), generated once per process and shared by every sandbox. */
export function loadInventory(seed: string, scale = 1): Inventory {
  const key = `${scale}|${seed}`;
  let inventory = cache.get(key);
  if (!inventory) {
    inventory = generateInventory(seed, loadGeography(), { scale });
    cache.set(key, inventory);
  }
  return inventory;
}
