// Test scenarios, as real supplier sandboxes offer them: four hotels in Lisbon with
// recognisable names ("Sandbox Test … Hotel", found by autocomplete and by the search's
// hotel_name filter) that always take one branch of the booking flow, so a client can
// exercise every branch without touching the clock or hoping for a random draw.
//
// They are real inventory hotels: the first four mapped hotels of Lisbon (GeoNames
// 2267057, part of the committed geography, so the city never depends on the seed),
// renamed and given the traits their branch needs. The inventory of every other hotel
// is untouched; the overlay is a copy, so the cached inventory stays as generated.
import type { Hotel, Inventory } from '../inventory/inventory.ts';

export type ScenarioKind = 'price_change' | 'rate_unavailable' | 'sold_out' | 'short_hold';

export interface Scenario {
  kind: ScenarioKind;
  name: string;
  /** What a client sees, for GET /sandbox/scenarios (and docs/api.md, "Scenario hotels"). */
  behaviour: string;
}

/** Lisbon: a known city with hundreds of hotels, in the committed GeoNames seed. */
export const SCENARIO_CITY_ID = 2267057;

/** Booking tokens and prebooks of the short-hold hotel live this long (sandbox clock). */
export const SHORT_HOLD_MS = 20_000;

/** How much the price-change hotel's price moves at prebook (up). */
export const SCENARIO_PRICE_CHANGE = 0.09;

export const SCENARIOS: readonly Scenario[] = [
  {
    kind: 'price_change',
    name: 'Sandbox Test Price Change Hotel',
    behaviour:
      'every prebook comes back 9 % dearer (price_changed: true, previous_price_amount); ' +
      'refundable rates also lose a day of free cancellation (cancellation_changed: true) ' +
      'when the earlier deadline is still ahead',
  },
  {
    kind: 'rate_unavailable',
    name: 'Sandbox Test Rate Unavailable Hotel',
    behaviour: 'every prebook answers 409 RATE_UNAVAILABLE',
  },
  {
    kind: 'sold_out',
    name: 'Sandbox Test Sold Out Hotel',
    behaviour: 'sold out for every stay: availability_band 1 in search, rooms: [] in room options',
  },
  {
    kind: 'short_hold',
    name: 'Sandbox Test Short Hold Hotel',
    behaviour:
      'booking tokens and prebooks expire after 20 s instead of 10 min ' +
      '(410 BOOKING_TOKEN_EXPIRED, 410 PREBOOK_EXPIRED)',
  },
];

/** Suppliers 1, 2, 4 and 6: fast and reliable, so a live price is there within 2 s. */
const SCENARIO_SUPPLIERS = (1 << 0) | (1 << 1) | (1 << 3) | (1 << 5);

interface Overlay {
  inventory: Inventory;
  byHotelId: ReadonlyMap<number, ScenarioKind>;
  hotels: readonly { scenario: Scenario; hotel: Hotel }[];
}

const overlays = new WeakMap<Inventory, Overlay>();
const overlayOf = new WeakMap<Inventory, Overlay>();

function scenarioHotel(base: Hotel, scenario: Scenario): Hotel {
  return {
    ...base,
    name: scenario.name,
    propertyType: 'hotel',
    stars: base.stars !== null && base.stars >= 3 ? base.stars : 3,
    chainId: null,
    supplierMask: SCENARIO_SUPPLIERS,
    supplierTier: 1,
    chronicallyUnavailable: false,
    // 0: never sold out for a date (nor lost while the traveller looks); a huge
    // propensity: sold out on every night.
    selloutPropensity: scenario.kind === 'sold_out' ? 1_000 : 0,
  };
}

/**
 * The inventory with the scenario hotels in place (one copy per generated inventory,
 * shared by every sandbox of the seed). A seed whose Lisbon has fewer than four mapped
 * hotels cannot exist (the city plans hundreds), but then the scenarios are left out.
 */
export function withScenarioHotels(base: Inventory): Inventory {
  const known = overlays.get(base);
  if (known) return known.inventory;
  const city = base.geography.cities.find((c) => c.id === SCENARIO_CITY_ID);
  const hotels = [...base.hotels];
  const byHotelId = new Map<number, ScenarioKind>();
  const picked: { scenario: Scenario; hotel: Hotel }[] = [];
  const mapped = city ? (base.cityHotels[city.index] ?? []) : [];
  SCENARIOS.forEach((scenario, i) => {
    const index = mapped[i];
    const original = index === undefined ? undefined : base.hotels[index];
    if (index === undefined || !original) return;
    const hotel = scenarioHotel(original, scenario);
    hotels[index] = hotel;
    byHotelId.set(hotel.id, scenario.kind);
    picked.push({ scenario, hotel });
  });
  const inventory: Inventory = { ...base, hotels };
  const overlay: Overlay = { inventory, byHotelId, hotels: picked };
  overlays.set(base, overlay);
  overlayOf.set(inventory, overlay);
  return inventory;
}

/** The scenario a hotel plays in this inventory, or null for an ordinary hotel. */
export function scenarioOf(inventory: Inventory, hotelId: number): ScenarioKind | null {
  return overlayOf.get(inventory)?.byHotelId.get(hotelId) ?? null;
}

/** The scenario hotels of this inventory, in the order of SCENARIOS. */
export function scenarioHotels(
  inventory: Inventory,
): readonly { scenario: Scenario; hotel: Hotel }[] {
  return overlayOf.get(inventory)?.hotels ?? [];
}
