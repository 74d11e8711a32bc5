// POST /hotels/rooms (docs/api.md, "Room options"): the room types that fit the stay,
// each with its rates and a fresh booking token per rate. Read-only apart from the tokens
// and the shared supplier-quote cache, so retrying it is safe.
import type { Hono } from 'hono';
import {
  createRoomsRequestSchema,
  fullRefundUntil,
  nightsBetween,
  type Language,
  type Rate,
  type RoomConfig,
  type RoomOption,
  type RoomsResponseData,
  successEnvelope,
} from '../../../src/contract/index.ts';
import { organizationOf } from '../organization.ts';
import { errorResponse } from '../http/errors.ts';
import { successMessage } from '../http/messages.ts';
import { validated } from '../http/validation.ts';
import type { SandboxContext } from '../context.ts';
import type { SandboxEnv } from '../http/env.ts';
import { cityOf, findApiHotel, type Hotel } from '../inventory/inventory.ts';
import { occupancyKey, StayPricer, type LiveQuote, type Stay } from '../pricing/model.ts';
import { SHORT_HOLD_MS, scenarioOf } from '../scenarios/scenarios.ts';
import { todayUtc } from '../search/search.ts';
import { boardName } from './catalog.ts';
import { isoInstant, isRefundable, timelineOf } from './cancellation.ts';
import { offersFor, type RateOffer } from './rates.ts';
import { amenityNames, bedName, roomName } from './room-types.ts';
import { BOOKING_TOKEN_LIFETIME_MS } from './tokens.ts';

/** Child ages in any order describe the same room (as in the search). */
export function normalizeRooms(rooms: readonly RoomConfig[]): RoomConfig[] {
  return rooms.map((room) => ({
    adults: room.adults,
    child_ages: [...room.child_ages].sort((a, b) => a - b),
  }));
}

/** The quote-cache key of a stay: the same text the search uses, so both share quotes. */
export function stayKeyOf(stay: Stay): string {
  return `${stay.checkIn}|${stay.checkOut}|${occupancyKey(stay.rooms)}|${stay.nationality}`;
}

/**
 * What the suppliers say now: a fresh cached quote (a search or an earlier room request
 * asked them moments ago) or a new one, which is then cached for the search to show.
 */
export function supplierQuote(
  ctx: SandboxContext,
  hotel: Hotel,
  stay: Stay,
  now: number,
): LiveQuote {
  const stayKey = stayKeyOf(stay);
  const cached = ctx.quotes.fresh(hotel.id, stayKey, now);
  if (cached) return cached;
  const quote = new StayPricer(ctx.inventory, stay, todayUtc(now)).liveQuote(hotel, now);
  ctx.quotes.put(hotel.id, stayKey, quote, now);
  return quote;
}

/** How long a booking token (and a prebook) of this hotel lives. */
export function holdLifetimeMs(ctx: SandboxContext, hotelId: number): number {
  return scenarioOf(ctx.inventory, hotelId) === 'short_hold'
    ? SHORT_HOLD_MS
    : BOOKING_TOKEN_LIFETIME_MS;
}

export function presentRate(
  rate: RateOffer,
  token: string,
  nights: number,
  language: Language,
): Rate {
  const timeline = timelineOf(rate.amount, rate.terms, nights);
  const refundable = isRefundable(rate.terms);
  return {
    rate_id: rate.rateId,
    booking_token: token,
    board_type: rate.board,
    board_name: boardName(rate.board, language),
    price: {
      amount: rate.amount,
      currency: 'USD',
      rate_type: 'live',
      is_refundable: refundable,
      free_cancellation_until: fullRefundUntil(timeline, rate.amount),
    },
    taxes_and_fees_included: true,
    pay_at_hotel_usd_cents: rate.payAtHotel,
    payment_type: rate.payment,
    cancellation_timeline: timeline,
    rooms_left: rate.roomsLeft,
  };
}

export function registerRoomRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  const roomsSchema = createRoomsRequestSchema(() => new Date(ctx.now()));
  app.post(
    '/hotels/rooms',
    validated({ body: roomsSchema }, (c, { body: request }) => {
      const now = ctx.now();
      const hotel = findApiHotel(ctx.inventory, request.hotel_id);
      if (!hotel) {
        return errorResponse(c, 'HOTEL_NOT_FOUND', {
          details: [{ field: 'hotel_id', message: 'is not a known hotel' }],
        });
      }
      const language = c.get('language');
      const org = organizationOf(c.get('apiKey'));
      const stay: Stay = {
        checkIn: request.check_in,
        checkOut: request.check_out,
        rooms: normalizeRooms(request.rooms),
        nationality: request.nationality,
      };
      const nights = nightsBetween(stay.checkIn, stay.checkOut);
      const quote = supplierQuote(ctx, hotel, stay, now);
      const offers = offersFor(ctx.inventory, hotel, stay, quote, now);
      const expiresAt = now + holdLifetimeMs(ctx, hotel.id);

      const rooms = offers.map(({ roomType, rates }): RoomOption => ({
        room_type_id: roomType.id,
        name: roomName(roomType, language),
        max_occupancy: roomType.template.maxOccupancy,
        bed_type: bedName(roomType, language),
        size_sqm: roomType.sizeSqm,
        images: [
          ctx.images.room(hotel, roomType.template.slug),
          ctx.images.room(hotel, `${roomType.template.slug}-2`),
        ],
        amenities: amenityNames(roomType, language),
        rates: rates.map((rate) => {
          const token = ctx.tokens.issue(
            {
              org,
              issuedAt: now,
              expiresAt,
              hotelId: hotel.id,
              roomType: roomType.template.slug,
              rateId: rate.rateId,
              board: rate.board,
              payment: rate.payment,
              amount: rate.amount,
              payAtHotel: rate.payAtHotel,
              terms: rate.terms,
              checkIn: stay.checkIn,
              checkOut: stay.checkOut,
              rooms: stay.rooms,
              nationality: stay.nationality,
            },
            now,
          );
          return presentRate(rate, token, nights, language);
        }),
      }));

      const data: RoomsResponseData = {
        hotel_id: String(hotel.id),
        expires_at: isoInstant(expiresAt),
        timezone: cityOf(ctx.inventory, hotel).timeZone,
        rooms,
      };
      return c.json(
        successEnvelope(successMessage(language, rooms.length > 0 ? 'rooms' : 'soldOut'), data),
      );
    }),
  );
}
