// The expected answers of a search computed the slow, obvious way from the inventory:
// scan every hotel, apply each rule as docs/api.md states it, sort by the
// sort's definition. Tests compare the sandbox's answers with these.
import type { RoomConfig, Sort } from '../../../src/contract/index.ts';
import { hasFacility, isMapped, type Hotel, type Inventory } from '../inventory/inventory.ts';
import { StayPricer, type Stay } from '../pricing/model.ts';

export interface BruteForceQuery {
  destination: { type: 'city' | 'hotel' | 'place'; id: number };
  stay: Stay;
  today: string;
  starRatings?: number[];
  propertyTypes?: string[];
  chainIds?: number[];
  facilityIds?: number[];
  /** Compared case-insensitively as given (tests use plain ASCII fragments). */
  hotelName?: string;
  hotelIds?: number[];
  priceMin?: number;
  priceMax?: number;
}

export interface Expected {
  hotel: Hotel;
  band: number;
  amount: number;
}

export function stayOf(
  checkIn: string,
  checkOut: string,
  rooms: RoomConfig[],
  nationality = 'IN',
): Stay {
  return { checkIn, checkOut, rooms, nationality };
}

function inDestination(inventory: Inventory, hotel: Hotel, query: BruteForceQuery): boolean {
  const { type, id } = query.destination;
  const city = inventory.geography.cities[hotel.cityIndex];
  if (type === 'hotel') return hotel.id === id;
  if (type === 'city') return city?.id === id;
  const place = inventory.geography.places.find((p) => p.id === id);
  if (!place) return false;
  if (place.cityIndex >= 0) return hotel.areaIndex === place.index;
  return place.memberCities.includes(hotel.cityIndex);
}

/** Every eligible hotel, unordered: mapped, in the destination, through every filter. */
export function eligible(inventory: Inventory, query: BruteForceQuery): Expected[] {
  const pricer = new StayPricer(inventory, query.stay, query.today);
  const result: Expected[] = [];
  for (const hotel of inventory.hotels) {
    if (!isMapped(hotel) || !inDestination(inventory, hotel, query)) continue;
    if (
      query.starRatings?.length &&
      (hotel.stars === null || !query.starRatings.includes(hotel.stars))
    )
      continue;
    if (query.propertyTypes?.length && !query.propertyTypes.includes(hotel.propertyType)) continue;
    if (
      query.chainIds?.length &&
      (hotel.chainId === null || !query.chainIds.includes(hotel.chainId))
    )
      continue;
    if (query.facilityIds && !query.facilityIds.every((f) => hasFacility(hotel, f))) continue;
    if (query.hotelName && !hotel.name.toLowerCase().includes(query.hotelName.toLowerCase()))
      continue;
    if (query.hotelIds?.length && !query.hotelIds.includes(hotel.id)) continue;
    const amount = pricer.estimate(hotel);
    if (query.priceMin !== undefined && amount < query.priceMin) continue;
    if (query.priceMax !== undefined && amount > query.priceMax) continue;
    result.push({ hotel, band: pricer.band(hotel), amount });
  }
  return result;
}

/**
 * value: the share below the median estimate of the same city and stars (≥ 3 peers
 * that suppliers sell), or null. Medians are computed once per (city, stars).
 */
export function valueCalculator(
  inventory: Inventory,
  query: BruteForceQuery,
): (hotel: Hotel, amount: number) => number | null {
  const pricer = new StayPricer(inventory, query.stay, query.today);
  const medians = new Map<string, number | null>();
  return (hotel, amount) => {
    if (hotel.stars === null) return null;
    const key = `${hotel.cityIndex}|${hotel.stars}`;
    if (!medians.has(key)) {
      const peers = inventory.hotels
        .filter(
          (h) =>
            isMapped(h) &&
            h.cityIndex === hotel.cityIndex &&
            h.stars === hotel.stars &&
            !h.chronicallyUnavailable,
        )
        .map((h) => pricer.estimate(h))
        .sort((a, b) => a - b);
      const mid = peers.length >> 1;
      medians.set(
        key,
        peers.length < 3
          ? null
          : peers.length % 2 === 1
            ? (peers[mid] ?? 0)
            : ((peers[mid - 1] ?? 0) + (peers[mid] ?? 0)) / 2,
      );
    }
    const median = medians.get(key) ?? null;
    return median === null ? null : (median - amount) / median;
  };
}

/** The hotels in the sort's order: band, the sort's keys, then hotel id. */
export function ordered(
  inventory: Inventory,
  query: BruteForceQuery,
  sort: Sort,
  hotels: Expected[],
): Expected[] {
  const values = new Map<number, number>();
  if (sort === 'value') {
    const valueOf = valueCalculator(inventory, query);
    for (const e of hotels) values.set(e.hotel.id, valueOf(e.hotel, e.amount) ?? -Infinity);
  }
  const byKey = (a: Expected, b: Expected): number => {
    switch (sort) {
      case 'recommended':
        return b.hotel.recommendedScore - a.hotel.recommendedScore;
      case 'price_low_to_high':
        return a.amount - b.amount;
      case 'price_high_to_low':
        return b.amount - a.amount;
      case 'stars':
        return (
          (b.hotel.stars ?? 0) - (a.hotel.stars ?? 0) ||
          b.hotel.recommendedScore - a.hotel.recommendedScore
        );
      case 'distance_from_center':
        return (
          (a.hotel.distanceFromCenterKm ?? Infinity) - (b.hotel.distanceFromCenterKm ?? Infinity) ||
          0
        );
      case 'value': {
        const va = values.get(a.hotel.id) ?? -Infinity;
        const vb = values.get(b.hotel.id) ?? -Infinity;
        // Whole basis points, as the sort key carries them.
        const ka = va === -Infinity ? -Infinity : Math.round(va * 10_000);
        const kb = vb === -Infinity ? -Infinity : Math.round(vb * 10_000);
        return (
          (kb === ka ? 0 : kb > ka ? 1 : -1) || b.hotel.recommendedScore - a.hotel.recommendedScore
        );
      }
    }
  };
  return [...hotels].sort((a, b) => a.band - b.band || byKey(a, b) || a.hotel.id - b.hotel.id);
}
