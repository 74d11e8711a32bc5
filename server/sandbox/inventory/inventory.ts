// The sandbox inventory: real cities and places (geo.ts) and the hotels generated for
// them (generate.ts), with the look-ups the endpoints (search, rooms, content, prebook,
// book) need.
import { FACILITIES, type PropertyType, type Facility } from './catalog.ts';
import type { City, Geography, Place } from './geo.ts';
import { at } from './checked.ts';

export interface Hotel {
  /** Position in `Inventory.hotels`. */
  index: number;
  /** The API's hotel_id: (city index + 1) × hotelIdCityFactor + position in the city + 1. */
  id: number;
  cityIndex: number;
  /** The locality, neighbourhood or in-city island it stands in (place index), or -1. */
  areaIndex: number;
  name: string;
  propertyType: PropertyType;
  stars: number | null;
  chainId: number | null;
  lat: number | null;
  lon: number | null;
  address: string | null;
  /** Facility ids 1–32 and 33–64 as bit masks (bit n-1 / n-33). */
  facilitiesLow: number;
  facilitiesHigh: number;
  /** Supplier mappings, bit (id − 1); 0: unmapped, never returned by the API. */
  supplierMask: number;
  /** Best contract tier among its suppliers (1 best). */
  supplierTier: 1 | 2 | 3;
  /** 0–100: how often a supplier cache holds a fresh rate (fast refresh). */
  cacheScore: number;
  /** 0–100: how often its suppliers answer with a rate. */
  reliabilityScore: number;
  /** Neutral relevance: tier first, then cache and reliability. Higher ranks first. */
  recommendedScore: number;
  /** USD cents for one standard room-night in a neutral season. */
  baseNightlyCents: number;
  /** Leisure hotels are dearer at weekends; business hotels on weekdays. */
  leisure: boolean;
  /** Chronically unavailable from its suppliers (availability band 2). */
  chronicallyUnavailable: boolean;
  /** Multiplies the chance that a night is sold out (availability band 1). */
  selloutPropensity: number;
  /** Observations in its price history; below 8 there is not enough to learn from. */
  historyCount: number;
  /** Where its past prices sat relative to today's model (renovated, repositioned…). */
  historyDrift: number;
  imageCount: number;
  checkInFrom: string;
  checkOutUntil: string;
  /** From the median of the city's hotel coordinates; null without coordinates. */
  distanceFromCenterKm: number | null;
}

export interface Inventory {
  seed: string;
  /** 32-bit hash of the seed: the root of every derived random stream. */
  seedHash: number;
  geography: Geography;
  hotels: readonly Hotel[];
  /** Mapped hotels (the ones the API returns) per city index, in hotel order. */
  cityHotels: readonly (readonly number[])[];
  /** Mapped hotels per place index: a region's or island's whole subtree, an area's own. */
  placeHotels: readonly (readonly number[])[];
  /** Per city index: the median of its mapped hotels' coordinates, or null. */
  cityCentres: readonly ({ lat: number; lon: number } | null)[];
  /** Number of hotels with at least one supplier mapping. */
  mappedHotelCount: number;
  /** Index of the first hotel of each city (hotel ids are positional). */
  cityFirstHotel: readonly number[];
  /** Step between cities in hotel ids: 10,000, times the scale of a scaled (bench) inventory. */
  hotelIdCityFactor: number;
}

export const HOTEL_ID_CITY_FACTOR = 10_000;

export function isMapped(hotel: Hotel): boolean {
  return hotel.supplierMask !== 0;
}

/** Any generated hotel by id, mapped or not (each endpoint decides what unmapped means for it). */
export function findHotel(inventory: Inventory, id: number): Hotel | undefined {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const cityIndex = Math.floor(id / inventory.hotelIdCityFactor) - 1;
  const position = (id % inventory.hotelIdCityFactor) - 1;
  const first = inventory.cityFirstHotel[cityIndex];
  const next = inventory.cityFirstHotel[cityIndex + 1] ?? inventory.hotels.length;
  if (first === undefined || position < 0 || first + position >= next) return undefined;
  return inventory.hotels[first + position];
}

/** A hotel the API knows: generated and mapped to at least one supplier. */
export function findApiHotel(inventory: Inventory, id: number): Hotel | undefined {
  const hotel = findHotel(inventory, id);
  return hotel && isMapped(hotel) ? hotel : undefined;
}

/** An id → entry lookup per list, built on first use and kept as long as the list lives. */
const indexById = new WeakMap<readonly { id: number }[], Map<number, number>>();

function findById<T extends { id: number; index: number }>(
  list: readonly T[],
  id: number,
): T | undefined {
  let map = indexById.get(list);
  if (!map) {
    map = new Map(list.map((entry) => [entry.id, entry.index]));
    indexById.set(list, map);
  }
  const index = map.get(id);
  return index === undefined ? undefined : list[index];
}

export function findCity(inventory: Inventory, id: number): City | undefined {
  return findById(inventory.geography.cities, id);
}

export function findPlace(inventory: Inventory, id: number): Place | undefined {
  return findById(inventory.geography.places, id);
}

/** The hotel at an index the caller got from the inventory (city lists, snapshots). */
export function hotelAt(inventory: Inventory, index: number): Hotel {
  const hotel = inventory.hotels[index];
  if (!hotel) throw new RangeError(`no hotel at index ${index}`);
  return hotel;
}

export function cityOf(inventory: Inventory, hotel: Hotel): City {
  const city = inventory.geography.cities[hotel.cityIndex];
  if (!city) throw new Error(`hotel ${hotel.id} has no city`);
  return city;
}

/** The city that stands for a place: its own city, or the member city with the most hotels in it. */
export function contextCityOf(inventory: Inventory, place: Place): City {
  if (place.cityIndex >= 0) return at(inventory.geography.cities, place.cityIndex);
  let best = place.memberCities[0] ?? 0;
  for (const index of place.memberCities) {
    if ((inventory.cityHotels[index]?.length ?? 0) > (inventory.cityHotels[best]?.length ?? 0)) {
      best = index;
    }
  }
  return at(inventory.geography.cities, best);
}

export function hasFacility(hotel: Hotel, facilityId: number): boolean {
  return facilityId <= 32
    ? (hotel.facilitiesLow & (1 << (facilityId - 1))) !== 0
    : (hotel.facilitiesHigh & (1 << (facilityId - 33))) !== 0;
}

/** The hotel's facilities in catalogue order. */
export function facilitiesOf(hotel: Hotel): Facility[] {
  return FACILITIES.filter((f) => hasFacility(hotel, f.id));
}

/** Up to `max` facilities worth showing on a result card, most notable first. */
export function facilityHighlights(hotel: Hotel, max = 5): Facility[] {
  return facilitiesOf(hotel)
    .filter((f) => f.highlight !== undefined)
    .sort((a, b) => (a.highlight ?? 0) - (b.highlight ?? 0) || a.id - b.id)
    .slice(0, max);
}
