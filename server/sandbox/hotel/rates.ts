// The rates of a hotel for a stay, anchored on the suppliers' live quote: the quote is
// the price of the cheapest rate of the cheapest room type that fits the occupancy,
// with the quote's cancellation terms, which is exactly what a live search shows for
// the same stay. Every other rate is that price times a factor of at least 1 (a dearer
// room type, a richer board, flexible terms, payment at the hotel), so nothing undercuts
// the search price and the cheapest rate always equals it.
import type { BoardType, PaymentType, RoomConfig } from '../../../src/contract/index.ts';
import { dayNumber, nightsBetween } from '../../../src/contract/index.ts';
import { cityOf, hasFacility, type Hotel, type Inventory } from '../inventory/inventory.ts';
import { hashString, unitHash } from '../inventory/random.ts';
import type { LiveQuote } from '../pricing/model.ts';
import { localMidnightUtc } from '../pricing/time.ts';
import { localInstant, NON_REFUNDABLE, type CancellationTerms } from './cancellation.ts';
import { fitsOccupancy, roomTypesOf, type RoomType } from './room-types.ts';

/** A rate as priced for one stay (what a booking token stands for). */
export interface RateOffer {
  rateId: string;
  roomType: RoomType;
  board: BoardType;
  payment: PaymentType;
  /** Total for every night and room, USD cents, taxes and fees included. */
  amount: number;
  /** The part of `amount` paid at the hotel: all of it, or a tourist tax, or 0. */
  payAtHotel: number;
  terms: CancellationTerms;
  roomsLeft: number;
}

interface Plan {
  code: string;
  board: BoardType;
  /** false: the quote's own terms (the cheapest rate's); true: free cancellation. */
  flexible: boolean;
  payment: PaymentType;
  factor: number;
}

const BOARD_CODES: Readonly<Record<BoardType, string>> = {
  room_only: 'ro',
  breakfast: 'bb',
  half_board: 'hb',
  full_board: 'fb',
  all_inclusive: 'ai',
};

/** Countries whose tourist tax the hotel collects on arrival (it is in the total all the same). */
export const TOURIST_TAX_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'CH',
  'CZ',
  'DE',
  'ES',
  'FR',
  'GR',
  'HR',
  'HU',
  'IT',
  'JP',
  'NL',
  'PT',
]);
const TOURIST_TAX_SHARE = 0.05;
const TOURIST_TAX_CAP_CENTS = 250; // per guest and night

const FACILITY_BREAKFAST = 29;
const FACILITY_RESTAURANT = 26;

interface BoardProfile {
  base: BoardType;
  upgrades: readonly { board: BoardType; factor: number }[];
}

function boardsOf(inventory: Inventory, hotel: Hotel): BoardProfile {
  const u = (salt: number) => unitHash(inventory.seedHash, hotel.id, 700, salt);
  const breakfast = hasFacility(hotel, FACILITY_BREAKFAST);
  const restaurant = hasFacility(hotel, FACILITY_RESTAURANT);
  switch (hotel.propertyType) {
    case 'bed_and_breakfast':
      return { base: 'breakfast', upgrades: [] };
    case 'apartment':
    case 'villa':
      return { base: 'room_only', upgrades: [] };
    case 'hostel':
      return {
        base: 'room_only',
        upgrades: breakfast ? [{ board: 'breakfast', factor: 1.08 }] : [],
      };
    case 'ryokan':
      return u(1) < 0.6
        ? { base: 'half_board', upgrades: [] }
        : { base: 'breakfast', upgrades: [{ board: 'half_board', factor: 1.22 }] };
    case 'resort':
      if (u(1) < 0.35) return { base: 'all_inclusive', upgrades: [] };
      return {
        base: 'breakfast',
        upgrades: [
          { board: 'half_board', factor: 1.14 + 0.06 * u(2) },
          { board: 'all_inclusive', factor: 1.4 + 0.15 * u(3) },
        ],
      };
    default: {
      const base: BoardType = breakfast && u(1) < 0.2 ? 'breakfast' : 'room_only';
      const upgrades: { board: BoardType; factor: number }[] = [];
      if (base === 'room_only' && (breakfast || restaurant)) {
        upgrades.push({ board: 'breakfast', factor: 1.09 + 0.06 * u(2) });
      }
      if ((hotel.stars ?? 0) >= 4 && restaurant && u(3) < 0.4) {
        upgrades.push({ board: 'half_board', factor: 1.26 + 0.08 * u(4) });
      }
      return { base, upgrades };
    }
  }
}

/** Up to four plans that differ in board, refundability or payment. */
function plansOf(
  inventory: Inventory,
  hotel: Hotel,
  quoteRefundable: boolean,
  flexAvailable: boolean,
): Plan[] {
  const u = (salt: number) => unitHash(inventory.seedHash, hotel.id, 710, salt);
  const { base, upgrades } = boardsOf(inventory, hotel);
  const flexFactor = quoteRefundable ? 1 : 1.08 + 0.07 * u(1);
  const payAtHotel = hotel.propertyType !== 'hostel' && u(2) < 0.35;
  const candidates: Omit<Plan, 'code'>[] = [
    { board: base, flexible: false, payment: 'pay_now', factor: 1 },
  ];
  if (flexAvailable) {
    candidates.push({ board: base, flexible: true, payment: 'pay_now', factor: flexFactor });
  }
  const [first, second] = upgrades;
  if (first) {
    candidates.push({
      board: first.board,
      flexible: false,
      payment: 'pay_now',
      factor: first.factor,
    });
  }
  if (payAtHotel && flexAvailable) {
    candidates.push({
      board: base,
      flexible: true,
      payment: 'pay_at_hotel',
      factor: flexFactor * 1.03,
    });
  }
  if (second) {
    candidates.push({
      board: second.board,
      flexible: false,
      payment: 'pay_now',
      factor: second.factor,
    });
  }
  const plans: Plan[] = [];
  const seen = new Set<string>();
  for (const plan of candidates) {
    // With a refundable quote the "flexible" terms are the quote's: same rate, shown once.
    const refundable = plan.flexible || quoteRefundable;
    const code = `${BOARD_CODES[plan.board]}-${refundable ? 'flex' : 'nr'}-${plan.payment === 'pay_now' ? 'now' : 'hotel'}`;
    if (seen.has(code)) continue;
    seen.add(code);
    plans.push({ ...plan, code });
    if (plans.length === 4) break;
  }
  return plans;
}

/** The free-cancellation deadline a flexible rate gets: 23:59 hotel time, 1 to 3 days before arrival. */
function flexibleDeadline(inventory: Inventory, hotel: Hotel, firstNight: number): number {
  const daysBefore = 1 + Math.floor(unitHash(inventory.seedHash, hotel.id, 720, firstNight) * 3);
  const timeZone = cityOf(inventory, hotel).timeZone;
  return localMidnightUtc(firstNight - daysBefore + 1, timeZone) - 60_000;
}

/** Half the hotels refund all but the first night between the deadline and the check-in hour. */
function partialDeadline(
  inventory: Inventory,
  hotel: Hotel,
  firstNight: number,
  nights: number,
): number | null {
  if (nights < 2 || unitHash(inventory.seedHash, hotel.id, 730) >= 0.5) return null;
  return localInstant(firstNight, hotel.checkInFrom, cityOf(inventory, hotel).timeZone);
}

export interface StayRequest {
  checkIn: string;
  checkOut: string;
  rooms: readonly RoomConfig[];
}

/**
 * The room types that fit the stay, each with its rates, for a live quote of band 0.
 * Cheapest room type first; within a type, cheapest rate first.
 */
export function offersFor(
  inventory: Inventory,
  hotel: Hotel,
  stay: StayRequest,
  quote: LiveQuote,
  now: number,
): { roomType: RoomType; rates: RateOffer[] }[] {
  const fitting = roomTypesOf(inventory, hotel).filter((type) => fitsOccupancy(type, stay.rooms));
  const cheapest = fitting[0];
  if (!cheapest || quote.band !== 0) return [];

  const firstNight = dayNumber(stay.checkIn);
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  const quoteTerms: CancellationTerms =
    quote.freeCancellationUntil === null
      ? NON_REFUNDABLE
      : {
          freeUntil: Date.parse(quote.freeCancellationUntil),
          partialUntil: partialDeadline(inventory, hotel, firstNight, nights),
        };
  const flexFree = quote.refundable
    ? quoteTerms.freeUntil
    : flexibleDeadline(inventory, hotel, firstNight);
  const flexAvailable = flexFree !== null && flexFree > now;
  const flexTerms: CancellationTerms = flexAvailable
    ? { freeUntil: flexFree, partialUntil: partialDeadline(inventory, hotel, firstNight, nights) }
    : NON_REFUNDABLE;
  const plans = plansOf(inventory, hotel, quote.refundable, flexAvailable);

  const guests = stay.rooms.reduce((sum, r) => sum + r.adults + r.child_ages.length, 0);
  const taxed = TOURIST_TAX_COUNTRIES.has(cityOf(inventory, hotel).countryCode);

  return fitting.map((roomType) => {
    const salt = hashString(roomType.template.slug);
    const roomsLeft =
      stay.rooms.length + Math.floor(unitHash(inventory.seedHash, hotel.id, salt, firstNight) * 8);
    const rates = plans.map((plan): RateOffer => {
      // Factors ≥ 1 and a whole-cent quote: round() never goes below the quote.
      const amount = Math.round(quote.amount * (roomType.factor / cheapest.factor) * plan.factor);
      const payAtHotel =
        plan.payment === 'pay_at_hotel'
          ? amount
          : taxed
            ? Math.min(
                Math.round(amount * TOURIST_TAX_SHARE),
                TOURIST_TAX_CAP_CENTS * guests * nights,
              )
            : 0;
      return {
        rateId: `${roomType.id}-${plan.code}`,
        roomType,
        board: plan.board,
        payment: plan.payment,
        amount,
        payAtHotel,
        terms: plan.flexible ? flexTerms : quoteTerms,
        roomsLeft,
      };
    });
    rates.sort((a, b) => a.amount - b.amount || a.rateId.localeCompare(b.rateId));
    return { roomType, rates };
  });
}
