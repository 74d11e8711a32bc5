// A search session: the snapshot taken when a search is first made (every eligible hotel
// with its band, price and sort keys, in order) and the price refresh of the hotels the
// client has loaded. Sessions are keyed by the normalized inputs and the API key, live
// 15 minutes, and are bounded in number and size (least recently used go first).
import { randomBytes } from 'node:crypto';
import { SORT_ORDERS, type PricingMode, type Sort } from '../../../src/contract/index.ts';
import { SUPPLIERS } from '../inventory/catalog.ts';
import type { City, Place } from '../inventory/geo.ts';
import { hotelAt, type Hotel, type Inventory } from '../inventory/inventory.ts';
import { hashString, unitHash } from '../inventory/random.ts';
import type { QuoteCache } from '../pricing/cache.ts';
import type { LiveQuote, Stay, StayPricer } from '../pricing/model.ts';
import { compileFilters, type HotelFilters } from './filters.ts';
import { valueBasisPoints } from './medians.ts';
import {
  compareSortPoints,
  encodeCursor,
  NO_DISTANCE,
  NO_VALUE,
  SORT_SPECS,
  type SortPoint,
  type SortSpec,
} from './sort.ts';
import { at, got } from '../inventory/checked.ts';

export const SESSION_LIFETIME_MS = 15 * 60_000;
/** The slowest simulated supplier answer; a live search waits at most this long. */
export const MAX_REFRESH_MS = 12_000;

const SUPPLIER_LIST = [...SUPPLIERS];

export type ResolvedDestination =
  | { type: 'city'; id: number; city: City; candidates: readonly number[] }
  | { type: 'hotel'; id: number; hotel: Hotel; city: City; candidates: readonly number[] }
  | { type: 'place'; id: number; place: Place; city: City; candidates: readonly number[] };

export interface SearchInputs {
  apiKey: string;
  destination: ResolvedDestination;
  stay: Stay;
  /** check_in|check_out|occupancy|nationality: the key of a stay's quotes. */
  stayKey: string;
  filters: HotelFilters;
  priceMin: number | undefined;
  priceMax: number | undefined;
  sort: Sort;
  pricingMode: PricingMode;
  /** Everything above except the API key, canonical: with the key, a session's identity. */
  key: string;
}

interface RefreshEntry {
  readyAt: number;
  /** 0 while pending; else the session version at which it was refreshed. */
  version: number;
  quote: LiveQuote | null;
}

/** What a hotel shows right now in this session. */
export interface HotelState {
  band: 0 | 1 | 2;
  amount: number;
  /** A live supplier rate (fresh or refreshed); null: the estimate is shown. */
  quote: LiveQuote | null;
}

export interface RefreshUpdate {
  hotelIndex: number;
  version: number;
}

export class SearchSession {
  readonly id: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly spec: SortSpec;
  /** Ordered snapshot: hotel index, band, keys and shown price per position. */
  private readonly hotels: Int32Array;
  private readonly bands: Uint8Array;
  private readonly keys1: Int32Array;
  private readonly keys2: Int32Array;
  private readonly amounts: Int32Array;
  /** Hotel indexes sorted, with their positions: hotel → position by binary search. */
  private readonly lookupHotels: Int32Array;
  private readonly lookupPositions: Int32Array;
  /** Fresh supplier quotes found in the cache when the snapshot was taken. */
  private readonly freshQuotes: Map<number, LiveQuote>;
  /** Similar hotels (outside the ordered list): their shown state at snapshot time. */
  private readonly extras = new Map<number, HotelState>();
  private readonly refresh = new Map<number, RefreshEntry>();
  private readonly latencySeed: number;
  private pendingCount = 0;
  version = 0;
  /** similar_hotels (hotel indexes) and the point their distance_km is measured from. */
  similar: readonly number[] | null = null;
  similarFrom: { lat: number | null; lon: number | null } = { lat: null, lon: null };

  constructor(
    readonly inputs: SearchInputs,
    readonly pricer: StayPricer,
    /** Median shown price per city and star rating (city index × 8 + stars). */
    readonly medians: ReadonlyMap<number, number>,
    snapshot: Snapshot,
    now: number,
  ) {
    this.id = randomBytes(18).toString('base64url');
    this.createdAt = now;
    this.expiresAt = now + SESSION_LIFETIME_MS;
    this.spec = SORT_SPECS[inputs.sort];
    this.hotels = snapshot.hotels;
    this.bands = snapshot.bands;
    this.keys1 = snapshot.keys1;
    this.keys2 = snapshot.keys2;
    this.amounts = snapshot.amounts;
    this.freshQuotes = snapshot.freshQuotes;
    this.lookupHotels = snapshot.lookupHotels;
    this.lookupPositions = snapshot.lookupPositions;
    this.latencySeed = hashString(`${inputs.key}|latency`);
  }

  get size(): number {
    return this.hotels.length;
  }

  hotelAt(position: number): number {
    return at(this.hotels, position);
  }

  pointAt(position: number, inventory: Inventory): SortPoint {
    return {
      band: at(this.bands, position),
      key1: at(this.keys1, position),
      key2: at(this.keys2, position),
      hotelId: hotelAt(inventory, at(this.hotels, position)).id,
    };
  }

  cursorAt(position: number, inventory: Inventory): string {
    return encodeCursor(this.spec, this.pointAt(position, inventory));
  }

  /** The first position strictly after `after` (keyset paging), or 0. */
  startAfter(after: SortPoint | null, inventory: Inventory): number {
    if (!after) return 0;
    let low = 0;
    let high = this.hotels.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compareSortPoints(this.spec, this.pointAt(mid, inventory), after) <= 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The snapshot position of a hotel, or -1 when it is not in this search's results. */
  positionOf(hotelIndex: number): number {
    let low = 0;
    let high = this.lookupHotels.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const value = at(this.lookupHotels, mid);
      if (value === hotelIndex) return at(this.lookupPositions, mid);
      if (value < hotelIndex) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  addExtra(hotelIndex: number, state: HotelState): void {
    if (this.positionOf(hotelIndex) < 0) this.extras.set(hotelIndex, state);
  }

  /** What the hotel shows now: its refreshed quote, else its snapshot price. */
  stateOf(hotelIndex: number): HotelState {
    const entry = this.refresh.get(hotelIndex);
    if (entry?.quote)
      return { band: entry.quote.band, amount: entry.quote.amount, quote: entry.quote };
    const position = this.positionOf(hotelIndex);
    if (position < 0) {
      return this.extras.get(hotelIndex) ?? { band: 0, amount: 0, quote: null };
    }
    const quote = this.freshQuotes.get(hotelIndex) ?? null;
    return {
      band: at(this.bands, position) as 0 | 1 | 2,
      amount: at(this.amounts, position),
      quote,
    };
  }

  isRefreshed(hotelIndex: number): boolean {
    return (this.refresh.get(hotelIndex)?.version ?? 0) > 0;
  }

  /** Simulated time for the hotel's suppliers to answer: the slowest mapped one, sped up by caches. */
  private latencyOf(hotel: Hotel): number {
    let slowest = 0;
    for (const supplier of SUPPLIER_LIST) {
      if ((hotel.supplierMask & (1 << (supplier.id - 1))) === 0) continue;
      const [min, max] = supplier.latencyMs;
      slowest = Math.max(
        slowest,
        min + (max - min) * unitHash(this.latencySeed, hotel.id, supplier.id),
      );
    }
    const cached = 1 - (0.3 * hotel.cacheScore) / 100;
    return Math.round(Math.min(MAX_REFRESH_MS, Math.max(400, slowest * cached)));
  }

  /** Adds a loaded hotel to the refresh set (a no-op when it is already in). */
  join(inventory: Inventory, hotelIndex: number, now: number): void {
    if (this.refresh.has(hotelIndex)) return;
    const state = this.stateOf(hotelIndex);
    if (state.quote) {
      // A fresh supplier rate from the cache: nothing to wait for.
      this.version++;
      this.refresh.set(hotelIndex, { readyAt: now, version: this.version, quote: state.quote });
      return;
    }
    const hotel = hotelAt(inventory, hotelIndex);
    this.refresh.set(hotelIndex, { readyAt: now + this.latencyOf(hotel), version: 0, quote: null });
    this.pendingCount++;
  }

  /** refresh_ids: the hotels on screen are asked first (answered within a second). */
  prioritize(inventory: Inventory, hotelIndexes: readonly number[], now: number): void {
    for (const hotelIndex of hotelIndexes) {
      if (this.positionOf(hotelIndex) < 0 && !this.extras.has(hotelIndex)) continue;
      this.join(inventory, hotelIndex, now);
      const entry = got(this.refresh, hotelIndex);
      if (entry.version > 0) continue;
      const hotel = hotelAt(inventory, hotelIndex);
      const fast = 300 + 700 * unitHash(this.latencySeed, hotel.id, 99);
      entry.readyAt = Math.min(entry.readyAt, now + Math.min(fast, this.latencyOf(hotel)));
    }
  }

  /** Lets simulated time pass: every hotel whose suppliers have answered by `now` is refreshed. */
  advance(inventory: Inventory, cache: QuoteCache, now: number): void {
    if (this.pendingCount === 0) return;
    const ready: [number, RefreshEntry][] = [];
    for (const [hotelIndex, entry] of this.refresh) {
      if (entry.version === 0 && entry.readyAt <= now) ready.push([hotelIndex, entry]);
    }
    ready.sort(([a, x], [b, y]) => x.readyAt - y.readyAt || a - b);
    for (const [hotelIndex, entry] of ready) {
      const hotel = hotelAt(inventory, hotelIndex);
      const quote = this.pricer.liveQuote(hotel, entry.readyAt);
      this.version++;
      entry.version = this.version;
      entry.quote = quote;
      this.pendingCount--;
      cache.put(hotel.id, this.inputs.stayKey, quote, entry.readyAt);
    }
  }

  /** When the last of these hotels will have been refreshed (now when all are). */
  readyBy(hotelIndexes: readonly number[], now: number): number {
    let latest = now;
    for (const hotelIndex of hotelIndexes) {
      const entry = this.refresh.get(hotelIndex);
      if (entry && entry.version === 0) latest = Math.max(latest, entry.readyAt);
    }
    return latest;
  }

  /** Refreshed hotels with a version after `since` (all of them without `since`), oldest first. */
  updatesSince(since: number | undefined): RefreshUpdate[] {
    const updates: RefreshUpdate[] = [];
    for (const [hotelIndex, entry] of this.refresh) {
      if (entry.version > 0 && entry.version > (since ?? 0)) {
        updates.push({ hotelIndex, version: entry.version });
      }
    }
    return updates.sort((a, b) => a.version - b.version);
  }

  get refreshTotal(): number {
    return this.refresh.size;
  }

  get refreshedCount(): number {
    return this.refresh.size - this.pendingCount;
  }

  get pending(): number {
    return this.pendingCount;
  }
}

export interface Snapshot {
  hotels: Int32Array;
  bands: Uint8Array;
  keys1: Int32Array;
  keys2: Int32Array;
  amounts: Int32Array;
  freshQuotes: Map<number, LiveQuote>;
  /** The eligible hotel indexes ascending, and the position of each in the order. */
  lookupHotels: Int32Array;
  lookupPositions: Int32Array;
}

/** Room for the keys below the band in one exactly representable number (< 2^53). */
const BAND_WEIGHT = 2 ** 46;
const SECONDARY_WEIGHT = 2 ** 23;
/** value keys are clamped here (a price 100 times the median) so they pack into the rank. */
const VALUE_FLOOR = -999_999;

/**
 * One number that orders like (band, key1, key2) under the sort's directions: sorting
 * by it with a stable sort over hotels in ascending id gives the whole order, hotel id
 * as the tie-breaker included, at the cost of a numeric comparison.
 */
function rankOf(spec: SortSpec, band: number, key1: number, key2: number): number {
  const primary = spec.directions[0] * key1;
  const secondary = spec.keyCount === 2 ? spec.directions[1] * key2 : 0;
  const packed = spec.keyCount === 2 ? primary * SECONDARY_WEIGHT + secondary : primary;
  return band * BAND_WEIGHT + packed;
}

/**
 * Takes the snapshot: filters, prices (cached-fresh, estimated, or live for
 * pricing_mode live), bands and sort keys of every eligible hotel, in order.
 * Candidates come in ascending hotel index, which is ascending hotel id.
 */
export function takeSnapshot(
  inventory: Inventory,
  inputs: SearchInputs,
  pricer: StayPricer,
  medians: ReadonlyMap<number, number>,
  cache: QuoteCache,
  now: number,
): Snapshot {
  const matches = compileFilters(inputs.filters);
  const spec = SORT_SPECS[inputs.sort];
  const sortOrder = SORT_ORDERS[inputs.sort];
  const cached = cache.forStay(inputs.stayKey, now);
  const capacity = inputs.destination.candidates.length;
  const hotels = new Int32Array(capacity);
  const bands = new Uint8Array(capacity);
  const amounts = new Int32Array(capacity);
  const keys1 = new Int32Array(capacity);
  const keys2 = new Int32Array(capacity);
  const ranks = new Float64Array(capacity);
  let count = 0;
  const freshQuotes = new Map<number, LiveQuote>();
  for (const hotelIndex of inputs.destination.candidates) {
    const hotel = hotelAt(inventory, hotelIndex);
    if (!matches(hotel)) continue;
    let band: 0 | 1 | 2;
    let amount: number;
    const fresh = cached?.get(hotel.id);
    if (fresh) {
      band = fresh.band;
      amount = fresh.amount;
      freshQuotes.set(hotelIndex, fresh);
    } else if (inputs.pricingMode === 'live') {
      // Live search: the order follows the suppliers' rates; the page still waits for them.
      const quote = pricer.liveQuote(hotel, now);
      band = quote.band;
      amount = quote.amount;
    } else {
      band = pricer.band(hotel);
      amount = pricer.estimate(hotel);
    }
    if (inputs.priceMin !== undefined && amount < inputs.priceMin) continue;
    if (inputs.priceMax !== undefined && amount > inputs.priceMax) continue;

    let key1 = 0;
    switch (sortOrder.key) {
      case 'recommended':
        key1 = hotel.recommendedScore;
        break;
      case 'price':
        key1 = amount;
        break;
      case 'stars':
        // No stars: below every star count, so last in the descending order.
        key1 = hotel.stars ?? 0;
        break;
      case 'distance':
        key1 =
          hotel.distanceFromCenterKm === null
            ? NO_DISTANCE
            : Math.round(hotel.distanceFromCenterKm * 1000);
        break;
      case 'value':
        key1 = valueBasisPoints(medians, hotel, amount);
        if (key1 !== NO_VALUE) key1 = Math.max(VALUE_FLOOR, key1);
        break;
    }
    const key2 = sortOrder.thenRecommended ? hotel.recommendedScore : 0;
    hotels[count] = hotelIndex;
    bands[count] = band;
    amounts[count] = amount;
    keys1[count] = key1;
    keys2[count] = key2;
    ranks[count] = rankOf(spec, band, key1, key2);
    count++;
  }

  // Array.prototype.sort is stable: equal ranks keep ascending hotel id.
  const order: number[] = [];
  for (let i = 0; i < count; i++) order.push(i);
  order.sort((a, b) => (ranks[a] ?? 0) - (ranks[b] ?? 0));
  const snapshot: Snapshot = {
    hotels: new Int32Array(count),
    bands: new Uint8Array(count),
    keys1: new Int32Array(count),
    keys2: new Int32Array(count),
    amounts: new Int32Array(count),
    freshQuotes,
    lookupHotels: hotels.slice(0, count),
    lookupPositions: new Int32Array(count),
  };
  for (let position = 0; position < count; position++) {
    const source = order[position] ?? 0;
    snapshot.hotels[position] = hotels[source] ?? -1;
    snapshot.bands[position] = bands[source] ?? 0;
    snapshot.keys1[position] = keys1[source] ?? 0;
    snapshot.keys2[position] = keys2[source] ?? 0;
    snapshot.amounts[position] = amounts[source] ?? 0;
    snapshot.lookupPositions[source] = position;
  }
  return snapshot;
}

/* ------------------------------------------------------------------ the store */

export interface SessionLimits {
  /** Sessions kept at once. */
  maxSessions: number;
  /**
   * Live sessions per shopper (X-Sandbox-Shopper, sent by the app server in sandbox
   * mode): a shopper's own least recently used goes first, before the global cap evicts
   * anyone else's. At the global cap, the shopper holding the most live sessions gives one
   * up first.
   */
  maxPerShopper: number;
  /** Snapshot entries (hotels) kept across sessions: the memory bound. */
  maxEntries: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  maxSessions: 1000,
  // Sized for one shopper's busiest honest moment: a results page (1) with its nearby dates
  // (6) and three hotel pages opened from it with theirs (7 each) is 28, all still live.
  maxPerShopper: 32,
  maxEntries: 2_000_000,
};
const MAX_EXPIRED_IDS = 50_000;

export type FoundSession =
  { session: SearchSession; expired: false } | { session: SearchSession | null; expired: true };

/** Sessions by id (least recently used first) and by API key + inputs. */
export class SessionStore {
  private readonly byId = new Map<string, SearchSession>();
  private readonly byKey = new Map<string, string>();
  /** Ids of sessions that expired or were evicted: polling them says EXPIRED, not 404. */
  private readonly expired = new Map<string, string>();
  /**
   * Each shopper's live session ids, least recently used first, and whose each session is.
   * Use, not creation, orders them: a results page polls its one session every 2 s while
   * the hotel pages opened beside it make several small searches each, and the polled
   * session must not be the one that goes when those pass the cap.
   */
  private readonly byShopper = new Map<string, Set<string>>();
  private readonly shopperOf = new Map<string, string>();
  private entries = 0;

  constructor(private readonly limits: SessionLimits = DEFAULT_SESSION_LIMITS) {}

  /** The live session for these inputs and key, or null. */
  reuse(inputs: SearchInputs, now: number): SearchSession | null {
    const id = this.byKey.get(identityOf(inputs));
    const session = id === undefined ? undefined : this.byId.get(id);
    if (!session) return null;
    if (now >= session.expiresAt) {
      this.retire(session);
      return null;
    }
    this.touch(session);
    return session;
  }

  add(session: SearchSession, now: number, shopper?: string): void {
    this.sweep(now);
    this.byId.set(session.id, session);
    this.byKey.set(identityOf(session.inputs), session.id);
    this.entries += session.size;
    if (shopper !== undefined) {
      const own = this.byShopper.get(shopper) ?? new Set<string>();
      own.add(session.id);
      this.byShopper.set(shopper, own);
      this.shopperOf.set(session.id, shopper);
      while (own.size > this.limits.maxPerShopper) {
        const idlest = own.values().next().value ?? '';
        const least = this.byId.get(idlest);
        if (least) this.retire(least);
        else own.delete(idlest);
      }
    }
    while (this.byId.size > this.limits.maxSessions || this.entries > this.limits.maxEntries) {
      if (!this.evictOneBesides(session)) break;
    }
  }

  /**
   * At the global cap: the least recently used session of whoever holds the most live
   * sessions (sessions without a shopper, as in upstream mode, count as one holder), so
   * that many addresses each at their own cap cannot push a patient shopper's one session
   * out. False when nothing but `keep` is left.
   */
  private evictOneBesides(keep: SearchSession): boolean {
    let heaviest: string | null = null;
    let most = this.byId.size - this.shopperOf.size; // the sessions of no shopper
    for (const [shopper, own] of this.byShopper) {
      if (own.size > most) {
        heaviest = shopper;
        most = own.size;
      }
    }
    let fallback: SearchSession | null = null;
    for (const candidate of this.byId.values()) {
      if (candidate === keep) continue;
      if ((this.shopperOf.get(candidate.id) ?? null) === heaviest) {
        this.retire(candidate);
        return true;
      }
      fallback ??= candidate;
    }
    if (fallback) this.retire(fallback);
    return fallback !== null;
  }

  /**
   * The session for a poll, whether its lifetime is over, or null when the id is unknown
   * to this API key (an expired or evicted session may be gone: then `session` is null).
   */
  find(id: string, apiKey: string, now: number): FoundSession | null {
    const session = this.byId.get(id);
    if (session && session.inputs.apiKey === apiKey) {
      if (now >= session.expiresAt) {
        this.retire(session);
        return { session, expired: true };
      }
      this.touch(session);
      return { session, expired: false };
    }
    return this.expired.get(id) === apiKey ? { session: null, expired: true } : null;
  }

  get size(): number {
    return this.byId.size;
  }

  get entryCount(): number {
    return this.entries;
  }

  /** A poll, a later page or a repeated search: the session moves to the back of both queues. */
  private touch(session: SearchSession): void {
    this.byId.delete(session.id);
    this.byId.set(session.id, session);
    const own = this.byShopper.get(this.shopperOf.get(session.id) ?? '');
    if (own?.delete(session.id)) own.add(session.id);
  }

  private retire(session: SearchSession): void {
    if (!this.byId.delete(session.id)) return;
    this.entries -= session.size;
    const shopper = this.shopperOf.get(session.id);
    if (shopper !== undefined) {
      this.shopperOf.delete(session.id);
      const own = this.byShopper.get(shopper);
      own?.delete(session.id);
      if (own?.size === 0) this.byShopper.delete(shopper);
    }
    const identity = identityOf(session.inputs);
    if (this.byKey.get(identity) === session.id) this.byKey.delete(identity);
    this.expired.set(session.id, session.inputs.apiKey);
    if (this.expired.size > MAX_EXPIRED_IDS) {
      const oldest = this.expired.keys().next().value;
      if (oldest !== undefined) this.expired.delete(oldest);
    }
  }

  private sweep(now: number): void {
    for (const session of [...this.byId.values()]) {
      if (now >= session.expiresAt) this.retire(session);
    }
  }
}

/** A session's identity: the API key (an organization) and the normalized inputs. */
function identityOf(inputs: SearchInputs): string {
  return `${inputs.apiKey}\n${inputs.key}`;
}
