// How expensive a night is where the hotel stands, before the hotel's own character:
// a country level (roughly hotel prices relative to the US = 1), raised in big and
// tourist cities. Used once, when a hotel's base nightly price is generated, and with
// + - * / and sqrt only: Math.pow may differ in the last bit between engines, and the
// inventory must be byte-identical on every machine (geometry.ts says the same of cosine).
import type { ChainTier, PropertyType } from '../inventory/catalog.ts';
import { at } from '../inventory/checked.ts';
import type { City, Place } from '../inventory/geo.ts';

const COUNTRY_COST: Readonly<Record<string, number>> = {
  CH: 1.6,
  NO: 1.4,
  IS: 1.45,
  DK: 1.25,
  MC: 1.9,
  LU: 1.2,
  US: 1.0,
  GB: 1.0,
  IE: 1.0,
  FR: 0.95,
  NL: 0.95,
  BE: 0.85,
  DE: 0.8,
  AT: 0.85,
  SE: 0.9,
  FI: 0.85,
  IT: 0.85,
  ES: 0.75,
  PT: 0.7,
  GR: 0.7,
  MT: 0.75,
  CY: 0.7,
  HR: 0.65,
  SI: 0.65,
  CZ: 0.6,
  SK: 0.55,
  HU: 0.55,
  PL: 0.55,
  EE: 0.6,
  LV: 0.55,
  LT: 0.55,
  RO: 0.45,
  BG: 0.45,
  RS: 0.45,
  TR: 0.5,
  RU: 0.5,
  UA: 0.4,
  CA: 0.9,
  AU: 0.95,
  NZ: 0.9,
  JP: 0.8,
  KR: 0.7,
  SG: 1.1,
  HK: 1.0,
  MO: 0.9,
  TW: 0.65,
  CN: 0.5,
  AE: 0.95,
  QA: 0.9,
  SA: 0.8,
  KW: 0.8,
  BH: 0.75,
  OM: 0.7,
  IL: 1.05,
  JO: 0.65,
  EG: 0.4,
  MA: 0.5,
  TN: 0.4,
  ZA: 0.5,
  KE: 0.5,
  TZ: 0.55,
  MU: 0.75,
  SC: 1.1,
  MV: 1.5,
  IN: 0.35,
  LK: 0.4,
  NP: 0.3,
  PK: 0.3,
  BD: 0.3,
  TH: 0.45,
  VN: 0.35,
  KH: 0.35,
  LA: 0.3,
  MY: 0.4,
  ID: 0.4,
  PH: 0.45,
  MX: 0.6,
  BR: 0.5,
  AR: 0.5,
  CL: 0.55,
  PE: 0.45,
  CO: 0.45,
  CR: 0.65,
  PA: 0.6,
  DO: 0.65,
  CU: 0.6,
  BS: 1.3,
  JM: 0.8,
  UY: 0.6,
  EC: 0.45,
  NG: 0.45,
  GH: 0.5,
  ET: 0.4,
  KZ: 0.45,
  UZ: 0.35,
  GE: 0.45,
  AM: 0.45,
  AZ: 0.5,
  IR: 0.35,
  IQ: 0.45,
  LB: 0.6,
  PS: 0.5,
  SY: 0.35,
  SD: 0.4,
  DZ: 0.45,
  LY: 0.45,
  VE: 0.45,
  BO: 0.35,
};

/**
 * Markets whose published average rate the rule below misses by far, by GeoNames id: New
 * York's averages run 1.1 to 1.4 times London's, and the rule would price them alike.
 */
const MARKET_COST: ReadonlyMap<number, number> = new Map([[5128581, 1.3]]);

/** Cost level of the city: the country's level, more in big cities, much more in tourist ones. */
function cityCostLevel(city: City): number {
  const country = COUNTRY_COST[city.countryCode] ?? 0.45;
  const size = city.population > 5_000_000 ? 1.12 : city.population > 1_000_000 ? 1.05 : 1;
  const tourism = [1, 1.08, 1.18, 1.25][city.tourism] ?? 1;
  const resort = city.kind === 'city' ? 1 : 1.1;
  return country * size * tourism * resort * (MARKET_COST.get(city.id) ?? 1);
}

/*
 * A hotel's base nightly price: a standard double room (two adults) on an ordinary night,
 * in USD. Calibrated against published averages (docs/decisions/048-dates-and-currencies.md,
 * "Sandbox prices"): the star class sets the price where the cost level is 1, the city's
 * level scales it, and the hotel's type, chain, character and area move it a little.
 */

/** USD by star rating (index 0 unused: unrated places are priced as UNRATED_CLASS says). */
const CLASS_USD = [0, 65, 85, 120, 185, 400] as const;

/**
 * How steeply each class follows the city's cost level, in eighths of a power (level^1,
 * level^1.125, level^1.25): 5-star rooms differ between markets far more than the others
 * (a 5-star night costs about 4 times as much in the dearest popular cities as in the
 * cheapest).
 */
const CLASS_ELASTICITY_EIGHTHS = [8, 8, 8, 8, 9, 10] as const;

/**
 * Below these (USD) no one sells a room of the class, wherever it stands: linen, cleaning,
 * energy and the booking channel's commission cost about the same everywhere. A soft floor,
 * so hotels just above it keep their order.
 */
const CLASS_FLOOR_USD = [0, 26, 30, 40, 60, 110] as const;

/** The class an unrated place is priced as: most hostels sell rooms like 1-star hotels. */
const UNRATED_CLASS: Readonly<Record<PropertyType, 1 | 2 | 3 | 4>> = {
  hotel: 2,
  boutique_hotel: 3,
  aparthotel: 3,
  apartment: 3,
  hostel: 1,
  guest_house: 2,
  bed_and_breakfast: 2,
  resort: 4,
  villa: 4,
  motel: 1,
  ryokan: 4,
  riad: 3,
};

/**
 * Within a star class the type moves the price by tens of percent, not by multiples: a
 * hostel's private double costs somewhat less than a hotel room of the same class, a villa
 * more. Wider factors would put hostels 60–70 % under their class's median (value_pct).
 */
const PROPERTY_TYPE_PRICE: Readonly<Record<PropertyType, number>> = {
  hotel: 1,
  boutique_hotel: 1.1,
  aparthotel: 0.95,
  apartment: 0.95,
  hostel: 0.85,
  guest_house: 0.88,
  bed_and_breakfast: 0.92,
  resort: 1.18,
  villa: 1.35,
  motel: 0.85,
  ryokan: 1.3,
  riad: 1,
};

const CHAIN_PRICE: Readonly<Record<ChainTier, number>> = {
  economy: 0.93,
  midscale: 1,
  upscale: 1.05,
  luxury: 1.12,
};

/** Nightly USD of each star class in the city (index = stars; 0 unused), before the floor. */
export function cityClassPrices(city: City): readonly number[] {
  const eighth = Math.sqrt(Math.sqrt(Math.sqrt(cityCostLevel(city))));
  return CLASS_USD.map((usd, stars) => {
    let price = usd;
    for (let i = 0; i < at(CLASS_ELASTICITY_EIGHTHS, stars); i++) price *= eighth;
    return price;
  });
}

interface HotelPriceTraits {
  stars: number | null;
  propertyType: PropertyType;
  chainTier: ChainTier | null;
  /** A standard normal draw: the hotel's own character (rooms, view, reviews). */
  character: number;
  /** The kind of place the hotel stands in within its city, if any. */
  area: Place['type'] | null;
}

/** The hotel's base nightly price in USD cents, from its city's class prices. */
export function baseNightlyCents(classPrices: readonly number[], hotel: HotelPriceTraits): number {
  const stars = hotel.stars ?? UNRATED_CLASS[hotel.propertyType];
  const character = Math.min(1.3, Math.max(0.8, 1 + 0.1 * hotel.character));
  const area = hotel.area === null ? 1 : hotel.area === 'locality' ? 0.93 : 1.06;
  const usd =
    at(classPrices, stars) *
    PROPERTY_TYPE_PRICE[hotel.propertyType] *
    (hotel.chainTier ? CHAIN_PRICE[hotel.chainTier] : 1) *
    character *
    area;
  // A smooth maximum of the price and the floor (the fourth root of the sum of fourth powers):
  // at the floor it adds 19 %, at twice the floor 1.5 %.
  const floor = at(CLASS_FLOOR_USD, stars);
  const usd2 = usd * usd;
  const floor2 = floor * floor;
  return Math.round(Math.sqrt(Math.sqrt(usd2 * usd2 + floor2 * floor2)) * 100);
}
