// From a validated search request to a session: the destination resolved in the
// inventory, the inputs normalized (so equal searches share one session and one
// search_id), and a new session's snapshot and similar hotels.
import {
  resolveSort,
  type DestinationRef,
  type SearchRequest,
} from '../../../src/contract/index.ts';
import type { SandboxContext } from '../context.ts';
import {
  contextCityOf,
  findApiHotel,
  findCity,
  findPlace,
  hotelAt,
  type Inventory,
} from '../inventory/inventory.ts';
import { occupancyKey, StayPricer, type Stay } from '../pricing/model.ts';
import type { HotelFilters } from './filters.ts';
import { anchorOfEmptySearch, anchorOfHotel, findSimilarHotels } from './similar.ts';
import { normalizeText } from './text.ts';
import {
  SearchSession,
  takeSnapshot,
  type ResolvedDestination,
  type SearchInputs,
} from './session.ts';
import { at } from '../inventory/checked.ts';

export function resolveDestination(
  inventory: Inventory,
  destination: DestinationRef,
): ResolvedDestination | null {
  switch (destination.type) {
    case 'city': {
      const city = findCity(inventory, destination.id);
      if (!city) return null;
      return {
        type: 'city',
        id: city.id,
        city,
        candidates: inventory.cityHotels[city.index] ?? [],
      };
    }
    case 'hotel': {
      const hotel = findApiHotel(inventory, destination.id);
      if (!hotel) return null;
      const city = at(inventory.geography.cities, hotel.cityIndex);
      return { type: 'hotel', id: hotel.id, hotel, city, candidates: [hotel.index] };
    }
    case 'place': {
      const place = findPlace(inventory, destination.id);
      if (!place) return null;
      return {
        type: 'place',
        id: place.id,
        place,
        city: contextCityOf(inventory, place),
        candidates: inventory.placeHotels[place.index] ?? [],
      };
    }
  }
}

/** A sorted list without duplicates; an empty list is no filter at all. */
function listFilter<T extends number | string>(values: readonly T[] | undefined): T[] | undefined {
  if (!values || values.length === 0) return undefined;
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function searchInputs(
  apiKey: string,
  request: SearchRequest,
  destination: ResolvedDestination,
): SearchInputs {
  // Child ages in any order describe the same room.
  const rooms = request.rooms.map((room) => ({
    adults: room.adults,
    child_ages: [...room.child_ages].sort((a, b) => a - b),
  }));
  const stay: Stay = {
    checkIn: request.check_in,
    checkOut: request.check_out,
    rooms,
    nationality: request.nationality,
  };
  const filters: HotelFilters = {
    starRatings: listFilter(request.star_ratings),
    propertyTypes: listFilter(request.property_types),
    chainIds: listFilter(request.chain_ids),
    facilityIds: listFilter(request.facility_ids),
    hotelName:
      request.hotel_name === undefined ? undefined : normalizeText(request.hotel_name) || undefined,
    hotelIds: listFilter(request.hotel_ids),
  };
  const sort = resolveSort(request);
  const stayKey = `${stay.checkIn}|${stay.checkOut}|${occupancyKey(rooms)}|${stay.nationality}`;
  const key = JSON.stringify([
    destination.type,
    destination.id,
    stayKey,
    filters.starRatings ?? null,
    request.price_min_usd_cents ?? null,
    request.price_max_usd_cents ?? null,
    filters.propertyTypes ?? null,
    filters.chainIds ?? null,
    filters.facilityIds ?? null,
    filters.hotelName ?? null,
    filters.hotelIds ?? null,
    sort,
    request.pricing_mode,
  ]);
  return {
    apiKey,
    destination,
    stay,
    stayKey,
    filters,
    priceMin: request.price_min_usd_cents,
    priceMax: request.price_max_usd_cents,
    sort,
    pricingMode: request.pricing_mode,
    key,
  };
}

export function todayUtc(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Reuses the live session for these inputs, or takes a new snapshot. */
export function openSession(
  ctx: SandboxContext,
  inputs: SearchInputs,
  now: number,
  shopper?: string,
): SearchSession {
  const existing = ctx.sessions.reuse(inputs, now);
  if (existing) return existing;

  const { inventory } = ctx;
  const today = todayUtc(now);
  const pricer = new StayPricer(inventory, inputs.stay, today);
  const cityIndexes = new Set<number>();
  for (const hotelIndex of inputs.destination.candidates) {
    cityIndexes.add(hotelAt(inventory, hotelIndex).cityIndex);
  }
  const medians = ctx.medians.medians(inventory, pricer, `${inputs.stayKey}|${today}`, cityIndexes);
  const snapshot = takeSnapshot(inventory, inputs, pricer, medians, ctx.quotes, now);
  const session = new SearchSession(inputs, pricer, medians, snapshot, now);

  const { destination } = inputs;
  if (destination.type === 'hotel') {
    const hotel = destination.hotel;
    const state = session.positionOf(hotel.index) >= 0 ? session.stateOf(hotel.index) : null;
    const anchorState = state ?? {
      band: pricer.band(hotel),
      amount: pricer.estimate(hotel),
      quote: null,
    };
    const anchor = anchorOfHotel(hotel, anchorState, new Set([hotel.index]));
    session.similar = findSimilarHotels(ctx, session, hotel.cityIndex, anchor, now);
    session.similarFrom = { lat: anchor.lat, lon: anchor.lon };
  } else if (destination.type === 'city' && session.size <= 2) {
    const results = new Set<number>();
    for (let position = 0; position < session.size; position++)
      results.add(session.hotelAt(position));
    const first = session.size > 0 ? hotelAt(inventory, session.hotelAt(0)) : null;
    const anchor = first
      ? anchorOfHotel(first, session.stateOf(first.index), results)
      : anchorOfEmptySearch(
          inventory.cityCentres[destination.city.index] ?? null,
          inputs.filters.starRatings,
          inputs.priceMin,
          inputs.priceMax,
        );
    session.similar = findSimilarHotels(ctx, session, destination.city.index, anchor, now);
    session.similarFrom = { lat: anchor.lat, lon: anchor.lon };
  }
  ctx.sessions.add(session, now, shopper);
  return session;
}
