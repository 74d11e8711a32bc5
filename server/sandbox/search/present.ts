// Hotel items, similar-hotel items and price updates as the contract shows them
// (docs/api.md, "Search response" and "Polling price updates"), from a hotel and its
// state in a session.
import type {
  HotelItem,
  HotelItemField,
  Language,
  Price,
  PriceUpdate,
  SimilarHotelItem,
  SparseHotelItem,
} from '../../../src/contract/index.ts';
import type { SandboxContext } from '../context.ts';
import { CHAIN_BY_ID } from '../inventory/catalog.ts';
import { distanceKm, round } from '../inventory/geometry.ts';
import { facilityHighlights, type Hotel } from '../inventory/inventory.ts';
import { percentAbove } from '../pricing/model.ts';
import { valuePercent } from './medians.ts';
import type { HotelState, SearchSession } from './session.ts';
import { at, got } from '../inventory/checked.ts';

/** vs_typical_pct is shown from this deviation on (either way). */
const MIN_TYPICAL_DEVIATION = 10;

export function priceOf(state: HotelState): Price {
  if (state.quote && state.band === 0) {
    return {
      amount: state.amount,
      currency: 'USD',
      rate_type: 'live',
      is_refundable: state.quote.refundable,
      free_cancellation_until: state.quote.freeCancellationUntil,
    };
  }
  // Estimates (and prices of unavailable hotels) are not bookable: refundability unknown.
  return {
    amount: state.amount,
    currency: 'USD',
    rate_type: 'estimated',
    is_refundable: null,
    free_cancellation_until: null,
  };
}

/** value_pct, typical_price_usd_cents and vs_typical_pct under their presence rules. */
export function priceComparisons(
  session: SearchSession,
  hotel: Hotel,
  state: HotelState,
): Pick<HotelItem, 'value_pct' | 'typical_price_usd_cents' | 'vs_typical_pct'> {
  // A sold-out or unavailable hotel is not a bargain, nor dearer than usual.
  if (state.band !== 0) return {};
  const result: Pick<HotelItem, 'value_pct' | 'typical_price_usd_cents' | 'vs_typical_pct'> = {};
  const value = valuePercent(session.medians, hotel, state.amount);
  if (value !== undefined) result.value_pct = value;
  const typical = session.pricer.typical(hotel);
  if (typical !== null) {
    const deviation = percentAbove(state.amount, typical);
    if (Math.abs(deviation) >= MIN_TYPICAL_DEVIATION) {
      result.typical_price_usd_cents = typical;
      result.vs_typical_pct = deviation;
    }
  }
  return result;
}

export function hotelItem(
  ctx: SandboxContext,
  session: SearchSession,
  hotel: Hotel,
  language: Language,
): HotelItem {
  const { geography } = ctx.inventory;
  const city = at(geography.cities, hotel.cityIndex);
  const state = session.stateOf(hotel.index);
  return {
    hotel_id: String(hotel.id),
    hotel_name: hotel.name,
    stars: hotel.stars,
    address: hotel.address,
    city: city.name,
    country: got(geography.countries, city.countryCode).names[language],
    latitude: hotel.lat,
    longitude: hotel.lon,
    main_image_url: ctx.images.hotel(hotel, 0),
    chain: hotel.chainId === null ? null : (CHAIN_BY_ID.get(hotel.chainId)?.name ?? null),
    facilities: facilityHighlights(hotel).map((f) => f.names[language]),
    distance_from_center_km: hotel.distanceFromCenterKm,
    ...priceComparisons(session, hotel, state),
    availability_band: state.band,
    price: priceOf(state),
  };
}

/** Only the requested fields (hotel_id always), for requests that send `fields`. */
export function sparseItem(item: HotelItem, fields: readonly HotelItemField[]): SparseHotelItem {
  const sparse: SparseHotelItem = { hotel_id: item.hotel_id };
  for (const field of fields) {
    if (item[field] !== undefined) Object.assign(sparse, { [field]: item[field] });
  }
  return sparse;
}

export function similarItem(
  ctx: SandboxContext,
  session: SearchSession,
  hotel: Hotel,
  from: { lat: number | null; lon: number | null },
  language: Language,
): SimilarHotelItem {
  const distance =
    from.lat === null || from.lon === null || hotel.lat === null || hotel.lon === null
      ? null
      : round(distanceKm(from.lat, from.lon, hotel.lat, hotel.lon), 2);
  return { ...hotelItem(ctx, session, hotel, language), distance_km: distance };
}

export function priceUpdate(session: SearchSession, hotel: Hotel): PriceUpdate {
  const state = session.stateOf(hotel.index);
  return {
    hotel_id: String(hotel.id),
    availability_band: state.band,
    price: priceOf(state),
    ...priceComparisons(session, hotel, state),
  };
}
