// value_pct compares a hotel with the median price of similar hotels: the same city and
// star rating, for the same stay. Medians come from the model estimates of every hotel of
// the group that suppliers sell (chronically unavailable ones aside; not just those a
// filter kept), cached per city and stay.
import { hotelAt, type Hotel, type Inventory } from '../inventory/inventory.ts';
import type { StayPricer } from '../pricing/model.ts';
import { NO_VALUE } from './sort.ts';
import { at } from '../inventory/checked.ts';

/** Fewer peers than this and no hotel is called a good value. */
const MIN_PEERS = 3;

export class MedianCache {
  private readonly cities = new Map<string, Float64Array>();

  constructor(private readonly capacity = 5000) {}

  /** Medians per (city index × 8 + stars) for these cities. */
  medians(
    inventory: Inventory,
    pricer: StayPricer,
    cacheKey: string,
    cityIndexes: Iterable<number>,
  ): Map<number, number> {
    const result = new Map<number, number>();
    for (const cityIndex of cityIndexes) {
      const key = `${cityIndex}|${cacheKey}`;
      let byStars = this.cities.get(key);
      if (!byStars) {
        byStars = cityMedians(inventory, pricer, cityIndex);
        this.cities.set(key, byStars);
        if (this.cities.size > this.capacity) {
          const oldest = this.cities.keys().next().value;
          if (oldest !== undefined) this.cities.delete(oldest);
        }
      }
      byStars.forEach((median, stars) => {
        if (!Number.isNaN(median)) result.set(cityIndex * 8 + stars, median);
      });
    }
    return result;
  }
}

function cityMedians(inventory: Inventory, pricer: StayPricer, cityIndex: number): Float64Array {
  const groups: number[][] = [[], [], [], [], [], []];
  for (const hotelIndex of inventory.cityHotels[cityIndex] ?? []) {
    const hotel = hotelAt(inventory, hotelIndex);
    if (hotel.stars === null || hotel.chronicallyUnavailable) continue;
    at(groups, hotel.stars).push(pricer.estimate(hotel));
  }
  return Float64Array.from(groups, (prices) => {
    if (prices.length < MIN_PEERS) return Number.NaN;
    prices.sort((a, b) => a - b);
    const mid = prices.length >> 1;
    return prices.length % 2 === 1 ? at(prices, mid) : (at(prices, mid - 1) + at(prices, mid)) / 2;
  });
}

/** Basis points below the hotel's (city, stars) median; NO_VALUE without a comparison. */
export function valueBasisPoints(
  medians: ReadonlyMap<number, number>,
  hotel: Hotel,
  amount: number,
): number {
  if (hotel.stars === null) return NO_VALUE;
  const median = medians.get(hotel.cityIndex * 8 + hotel.stars);
  if (median === undefined) return NO_VALUE;
  return Math.round(((median - amount) / median) * 10_000);
}

/** value_pct: whole percent below the median, present only from 10 %. */
export function valuePercent(
  medians: ReadonlyMap<number, number>,
  hotel: Hotel,
  amount: number,
): number | undefined {
  if (hotel.stars === null) return undefined;
  const median = medians.get(hotel.cityIndex * 8 + hotel.stars);
  if (median === undefined) return undefined;
  const below = (median - amount) / median;
  return below >= 0.1 ? Math.floor(below * 100) : undefined;
}
