// similar_hotels (docs/api.md, "Similar hotels"): for a hotel search, and for a city
// search with two results or fewer. Same city, stars within 1, a comparable price (two
// thirds to one and a half times), available, ordered by distance; at most 10.
import { SEARCH_LIMITS } from '../../../src/contract/index.ts';
import type { SandboxContext } from '../context.ts';
import { distanceKm } from '../inventory/geometry.ts';
import { hotelAt, type Hotel } from '../inventory/inventory.ts';
import type { HotelState, SearchSession } from './session.ts';

export interface SimilarAnchor {
  lat: number | null;
  lon: number | null;
  /** Star ratings a similar hotel may have; null: any. */
  stars: ReadonlySet<number> | null;
  minAmount: number | null;
  maxAmount: number | null;
  /** Hotel indexes never suggested (the searched hotel, the results). */
  exclude: ReadonlySet<number>;
}

const COMPARABLE_BELOW = 2 / 3;
const COMPARABLE_ABOVE = 1.5;

function starsAround(stars: readonly number[]): Set<number> {
  const allowed = new Set<number>();
  for (const s of stars) for (const t of [s - 1, s, s + 1]) if (t >= 1 && t <= 5) allowed.add(t);
  return allowed;
}

/** The anchor for a searched hotel, priced as the session shows it. */
export function anchorOfHotel(
  hotel: Hotel,
  state: HotelState,
  exclude: ReadonlySet<number>,
): SimilarAnchor {
  return {
    lat: hotel.lat,
    lon: hotel.lon,
    stars: hotel.stars === null ? null : starsAround([hotel.stars]),
    minAmount: Math.floor(state.amount * COMPARABLE_BELOW),
    maxAmount: Math.ceil(state.amount * COMPARABLE_ABOVE),
    exclude,
  };
}

/**
 * The anchor of a city search that found nothing: the city centre, the requested stars
 * (±1) and the requested price bounds widened the same way.
 */
export function anchorOfEmptySearch(
  centre: { lat: number; lon: number } | null,
  starRatings: readonly number[] | undefined,
  priceMin: number | undefined,
  priceMax: number | undefined,
): SimilarAnchor {
  return {
    lat: centre?.lat ?? null,
    lon: centre?.lon ?? null,
    stars: starRatings && starRatings.length > 0 ? starsAround(starRatings) : null,
    minAmount: priceMin === undefined ? null : Math.floor(priceMin * COMPARABLE_BELOW),
    maxAmount: priceMax === undefined ? null : Math.ceil(priceMax * COMPARABLE_ABOVE),
    exclude: new Set(),
  };
}

/** Finds the similar hotels, records their prices in the session and returns their indexes. */
export function findSimilarHotels(
  ctx: SandboxContext,
  session: SearchSession,
  cityIndex: number,
  anchor: SimilarAnchor,
  now: number,
): number[] {
  const { inventory } = ctx;
  const { inputs, pricer } = session;
  const found: { hotelIndex: number; distance: number; id: number; state: HotelState }[] = [];
  for (const hotelIndex of inventory.cityHotels[cityIndex] ?? []) {
    if (anchor.exclude.has(hotelIndex)) continue;
    const hotel = hotelAt(inventory, hotelIndex);
    if (anchor.stars && (hotel.stars === null || !anchor.stars.has(hotel.stars))) continue;
    const cached = ctx.quotes.fresh(hotel.id, inputs.stayKey, now);
    let state: HotelState;
    if (cached) state = { band: cached.band, amount: cached.amount, quote: cached };
    else if (inputs.pricingMode === 'live') {
      const quote = pricer.liveQuote(hotel, now);
      state = { band: quote.band, amount: quote.amount, quote: null };
    } else state = { band: pricer.band(hotel), amount: pricer.estimate(hotel), quote: null };
    if (state.band !== 0) continue;
    if (anchor.minAmount !== null && state.amount < anchor.minAmount) continue;
    if (anchor.maxAmount !== null && state.amount > anchor.maxAmount) continue;
    const distance =
      anchor.lat === null || anchor.lon === null || hotel.lat === null || hotel.lon === null
        ? Infinity
        : distanceKm(anchor.lat, anchor.lon, hotel.lat, hotel.lon);
    found.push({ hotelIndex, distance, id: hotel.id, state });
  }
  found.sort((a, b) => a.distance - b.distance || a.id - b.id);
  const chosen = found.slice(0, SEARCH_LIMITS.maxSimilarHotels);
  for (const { hotelIndex, state } of chosen) session.addExtra(hotelIndex, state);
  return chosen.map((c) => c.hotelIndex);
}
