// The nightly price model and the simulated supplier quotes. Every price is a pure
// function of the seed, the hotel, the stay and (for live quotes) the clock, so the
// search, the price refresh and the room rates agree with each other:
//
//   estimate = base × Σ nights (season × weekday × demand) × lead time × occupancy × market
//   live     = the cheapest answering supplier's quote: estimate × that supplier's factor,
//              which changes every 30 minutes (prices move, some hotels sell out)
//   typical  = base × learned history level × Σ nights (season × weekday) × lead × occ × market
import { dayNumber, nightsBetween, type RoomConfig } from '../../../src/contract/index.ts';
import { SUPPLIERS } from '../inventory/catalog.ts';
import type { City } from '../inventory/geo.ts';
import { cityOf, type Hotel, type Inventory } from '../inventory/inventory.ts';
import { hashInts, hashString, Rng, unitHash } from '../inventory/random.ts';
import { localMidnightUtc } from './time.ts';
import { at } from '../inventory/checked.ts';

const SUPPLIER_LIST = [...SUPPLIERS];
const DAY_MS = 86_400_000;

/** Live supplier prices hold for this long, then every supplier re-quotes. */
export const QUOTE_EPOCH_MS = 30 * 60_000;
/** A hotel needs this many past prices before a typical price is claimed (vs_typical_pct). */
export const MIN_PRICE_HISTORY = 8;

export interface Stay {
  checkIn: string;
  checkOut: string;
  rooms: readonly RoomConfig[];
  nationality: string;
}

/* ------------------------------------------------------------------ factors */

const NORTH = [0.85, 0.85, 0.92, 1.0, 1.05, 1.15, 1.25, 1.25, 1.08, 1.0, 0.88, 1.02];
const SKI_NORTH = [1.35, 1.4, 1.25, 1.0, 0.8, 0.85, 1.0, 1.0, 0.8, 0.8, 0.95, 1.4];
const TROPICAL = [1.15, 1.15, 1.1, 1.05, 0.95, 0.88, 0.92, 0.92, 0.88, 0.92, 1.0, 1.15];

/** Season by month, mirrored for the southern hemisphere; flatter with a dry-season peak in the tropics. */
export function seasonFactor(city: City, day: number): number {
  const date = new Date(day * DAY_MS);
  const month = date.getUTCMonth();
  const south = city.lat < 0;
  const shifted = south ? (month + 6) % 12 : month;
  let factor =
    city.kind === 'ski'
      ? at(SKI_NORTH, shifted)
      : Math.abs(city.lat) < 23.5
        ? at(TROPICAL, south ? (month + 6) % 12 : month)
        : at(NORTH, shifted);
  const dayOfMonth = date.getUTCDate();
  if ((month === 11 && dayOfMonth >= 20) || (month === 0 && dayOfMonth <= 2)) factor *= 1.2;
  return factor;
}

/** The night of `day`: leisure hotels are dearer on Friday and Saturday, business ones on weeknights. */
export function weekdayFactor(leisure: boolean, day: number): number {
  const dayOfWeek = (day + 4) % 7; // 1970-01-01 was a Thursday; 0 is Sunday
  const weekend = dayOfWeek === 5 || dayOfWeek === 6;
  if (leisure) return weekend ? 1.15 : 0.96;
  return weekend ? 0.88 : 1.06;
}

/** City demand on a date: an event (+40 %) on 4 % of dates, a slump (−12 %) on 6 %. */
export function demandFactor(inventory: Inventory, city: City, day: number): number {
  const u = unitHash(inventory.seedHash, city.id, day, 77);
  if (u < 0.04) return 1.4;
  if (u < 0.1) return 0.88;
  return 0.97 + (0.06 * (u - 0.1)) / 0.9;
}

export function leadTimeFactor(daysAhead: number): number {
  if (daysAhead <= 2) return 1.06;
  if (daysAhead <= 13) return 1.02;
  if (daysAhead <= 60) return 1;
  if (daysAhead <= 180) return 0.97;
  return 0.95;
}

const ADULTS_FACTOR = [0, 0.92, 1, 1.25, 1.45, 1.65];

/** Rooms × occupancy: a second adult costs little, extra adults and children over 2 more. */
export function occupancyFactor(rooms: readonly RoomConfig[]): number {
  let total = 0;
  for (const room of rooms) {
    const children = room.child_ages.filter((age) => age >= 2).length;
    total += (ADULTS_FACTOR[room.adults] ?? 1.65) + 0.1 * children;
  }
  return total;
}

/** Resident rates: travellers from the hotel's own country pay 5 % less. */
export function marketFactor(hotelCountry: string, nationality: string): number {
  return hotelCountry === nationality ? 0.95 : 1;
}

/* ------------------------------------------------------------------ stay pricing */

/**
 * Prices of one stay for many hotels: the per-city sums over the nights are computed
 * once per city and kind of hotel, so pricing a city of 3,000 hotels costs 3,000
 * multiplications.
 */
export class StayPricer {
  readonly nights: number;
  readonly firstNight: number;
  readonly roomCount: number;
  private readonly occupancy: number;
  private readonly lead: number;
  private readonly sums = new Map<number, number>();
  private readonly demands = new Map<number, number>();
  /** Estimates by hotel index: medians and the snapshot price the same hotels. */
  private readonly estimates = new Map<number, number>();
  private readonly stayHash: number;

  constructor(
    readonly inventory: Inventory,
    readonly stay: Stay,
    /** Today (YYYY-MM-DD, UTC) at the pricing instant: the lead time counts from it. */
    today: string,
  ) {
    this.firstNight = dayNumber(stay.checkIn);
    this.nights = nightsBetween(stay.checkIn, stay.checkOut);
    this.roomCount = stay.rooms.length;
    this.occupancy = occupancyFactor(stay.rooms);
    this.lead = leadTimeFactor(this.firstNight - dayNumber(today));
    this.stayHash = hashInts(
      inventory.seedHash,
      this.firstNight,
      this.nights,
      hashString(occupancyKey(stay.rooms)),
      hashString(stay.nationality),
    );
  }

  /** Σ over the nights of season × weekday (× demand), per city and kind, cached. */
  private nightSum(city: City, leisure: boolean, withDemand: boolean): number {
    const key = city.index * 4 + (leisure ? 2 : 0) + (withDemand ? 1 : 0);
    let sum = this.sums.get(key);
    if (sum === undefined) {
      sum = 0;
      for (let day = this.firstNight; day < this.firstNight + this.nights; day++) {
        const demand = withDemand ? this.demand(city, day) : 1;
        sum += seasonFactor(city, day) * weekdayFactor(leisure, day) * demand;
      }
      this.sums.set(key, sum);
    }
    return sum;
  }

  private multiplier(city: City): number {
    return this.lead * this.occupancy * marketFactor(city.countryCode, this.stay.nationality);
  }

  /** The model's total for the stay in USD cents: what `estimated` prices show. */
  estimate(hotel: Hotel): number {
    const known = this.estimates.get(hotel.index);
    if (known !== undefined) return known;
    const city = cityOf(this.inventory, hotel);
    const estimate = Math.round(
      hotel.baseNightlyCents * this.nightSum(city, hotel.leisure, true) * this.multiplier(city),
    );
    this.estimates.set(hotel.index, estimate);
    return estimate;
  }

  /** The usual total for this stay, learned from the hotel's price history; null without enough history. */
  typical(hotel: Hotel): number | null {
    if (hotel.historyCount < MIN_PRICE_HISTORY) return null;
    const city = cityOf(this.inventory, hotel);
    return Math.round(
      hotel.baseNightlyCents *
        learnedPriceLevel(this.inventory, hotel) *
        this.nightSum(city, hotel.leisure, false) *
        this.multiplier(city),
    );
  }

  /** demandFactor, remembered per city and night of this stay. */
  private demand(city: City, day: number): number {
    const key = city.index * 64 + (day - this.firstNight);
    let demand = this.demands.get(key);
    if (demand === undefined) {
      demand = demandFactor(this.inventory, city, day);
      this.demands.set(key, demand);
    }
    return demand;
  }

  /** Sold out for at least one night of the stay (availability band 1), from the date alone. */
  soldOut(hotel: Hotel): boolean {
    const city = cityOf(this.inventory, hotel);
    for (let day = this.firstNight; day < this.firstNight + this.nights; day++) {
      const busy = this.demand(city, day) >= 1.3 ? 5 : 1;
      if (
        unitHash(this.inventory.seedHash, hotel.id, day, 91) <
        0.012 * hotel.selloutPropensity * busy
      ) {
        return true;
      }
    }
    return false;
  }

  /** Availability before any supplier is asked: 2 chronic, 1 sold out for the dates, else 0. */
  band(hotel: Hotel): 0 | 1 | 2 {
    if (hotel.chronicallyUnavailable) return 2;
    return this.soldOut(hotel) ? 1 : 0;
  }

  /**
   * What the suppliers answer at `atMs`: the cheapest quote of the suppliers that answer,
   * or sold out. Quotes change every QUOTE_EPOCH_MS.
   */
  liveQuote(hotel: Hotel, atMs: number): LiveQuote {
    const epoch = Math.floor(atMs / QUOTE_EPOCH_MS);
    const band = this.band(hotel);
    const estimate = this.estimate(hotel);
    if (band !== 0)
      return { band, amount: estimate, refundable: false, freeCancellationUntil: null };
    // A hotel that never sells out (propensity 0: only the test-scenario hotels, generated
    // ones have at least 0.4) keeps its rooms while the traveller looks, too.
    if (hotel.selloutPropensity > 0 && unitHash(this.stayHash, hotel.id, epoch, 13) < 0.03) {
      // Rooms went while the traveller was looking.
      return { band: 1, amount: estimate, refundable: false, freeCancellationUntil: null };
    }
    let best = Infinity;
    for (const supplier of SUPPLIER_LIST) {
      if ((hotel.supplierMask & (1 << (supplier.id - 1))) === 0) continue;
      if (unitHash(this.stayHash, hotel.id, supplier.id, epoch, 7) > supplier.reliability) continue;
      const factor = 0.9 + 0.24 * unitHash(this.stayHash, hotel.id, supplier.id, epoch, 3);
      best = Math.min(best, estimate * factor);
    }
    if (best === Infinity) {
      return { band: 1, amount: estimate, refundable: false, freeCancellationUntil: null };
    }
    const city = cityOf(this.inventory, hotel);
    const refundableOdds = 0.35 + 0.08 * (hotel.stars ?? 2);
    let freeCancellationUntil: string | null = null;
    if (unitHash(this.stayHash, hotel.id, 11) < refundableOdds) {
      const daysBefore = at([1, 2, 3, 7], hashInts(this.stayHash, hotel.id, 17) % 4);
      const deadline = localMidnightUtc(this.firstNight - daysBefore + 1, city.timeZone) - 60_000;
      // A deadline already past leaves only the non-refundable terms.
      if (deadline > atMs)
        freeCancellationUntil = new Date(deadline).toISOString().replace('.000Z', 'Z');
    }
    return {
      band: 0,
      amount: Math.round(best),
      refundable: freeCancellationUntil !== null,
      freeCancellationUntil,
    };
  }
}

export interface LiveQuote {
  band: 0 | 1 | 2;
  /** Total USD cents of the cheapest rate; for bands 1 and 2 the model estimate (not bookable). */
  amount: number;
  refundable: boolean;
  /** ISO 8601 UTC; null when non-refundable. */
  freeCancellationUntil: string | null;
}

/** A canonical text for an occupancy ("2+5,1" = two adults and a child of five; one adult). */
export function occupancyKey(rooms: readonly RoomConfig[]): string {
  return rooms
    .map(
      (room) =>
        `${room.adults}${room.child_ages.length > 0 ? `+${room.child_ages.join('.')}` : ''}`,
    )
    .join(',');
}

/* ------------------------------------------------------------------ price history */

const learnedLevels = new WeakMap<Inventory, Float64Array>();

/** The hotel's past prices relative to today's model (one per observation), oldest first. */
export function priceHistory(inventory: Inventory, hotel: Hotel): number[] {
  const rng = new Rng(hashInts(inventory.seedHash, hotel.id, 4242));
  const history: number[] = [];
  for (let i = 0; i < hotel.historyCount; i++) {
    history.push(Math.round(hotel.historyDrift * (1 + 0.09 * rng.normal()) * 10_000) / 10_000);
  }
  return history;
}

/** The median of the history: the hotel's usual level, learned lazily and kept. */
export function learnedPriceLevel(inventory: Inventory, hotel: Hotel): number {
  let levels = learnedLevels.get(inventory);
  if (!levels) {
    levels = new Float64Array(inventory.hotels.length).fill(Number.NaN);
    learnedLevels.set(inventory, levels);
  }
  const known = at(levels, hotel.index);
  if (!Number.isNaN(known)) return known;
  const history = priceHistory(inventory, hotel).sort((a, b) => a - b);
  const mid = history.length >> 1;
  const level =
    history.length === 0
      ? 1
      : history.length % 2 === 1
        ? at(history, mid)
        : (at(history, mid - 1) + at(history, mid)) / 2;
  levels[hotel.index] = level;
  return level;
}

/** Whole percent `shown` is above (+) or below (−) `reference`. */
export function percentAbove(shown: number, reference: number): number {
  return Math.round(((shown - reference) / reference) * 100);
}
