// Room options and hotel content (docs/api.md, "Hotel").
import * as z from 'zod/mini';
import { CentsSchema, IdLikeSchema, IsoDateSchema } from './common-schemas.ts';
import { systemNow, type Now } from './common.ts';
import {
  NationalitySchema,
  PriceSchema,
  RoomsSchema,
  checkInSchema,
  stayChecks,
} from './search.ts';

export const BOARD_TYPES = [
  'room_only',
  'breakfast',
  'half_board',
  'full_board',
  'all_inclusive',
] as const;
export type BoardType = (typeof BOARD_TYPES)[number];

export const PAYMENT_TYPES = ['pay_now', 'pay_at_hotel'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

const nullableString = z.optional(z.nullable(z.string()));
const nullableNumber = z.optional(z.nullable(z.number()));

/* ------------------------------------------------------------------ rooms request */

export function createRoomsRequestSchema(now: Now = systemNow) {
  return z
    .object({
      hotel_id: IdLikeSchema,
      check_in: checkInSchema(now),
      check_out: IsoDateSchema,
      rooms: RoomsSchema,
      nationality: z._default(NationalitySchema, 'IN'),
    })
    .check(...stayChecks);
}
// Types only, as for the search request: each side builds the schema for its own clock.
type RoomsRequestSchema = ReturnType<typeof createRoomsRequestSchema>;
export type RoomsRequestInput = z.input<RoomsRequestSchema>;

/* ------------------------------------------------------------------ rooms response */

/** Until `until`, cancelling refunds `refund_amount`; after the last entry, nothing. */
export const CancellationStepSchema = z.object({
  until: z.string(),
  refund_amount: CentsSchema,
});
export type CancellationStep = z.infer<typeof CancellationStepSchema>;

export const RateSchema = z.object({
  rate_id: z.string(),
  booking_token: z.string(),
  board_type: z.enum(BOARD_TYPES),
  board_name: z.string(),
  price: PriceSchema,
  taxes_and_fees_included: z.boolean(),
  pay_at_hotel_usd_cents: CentsSchema,
  payment_type: z.enum(PAYMENT_TYPES),
  cancellation_timeline: z.array(CancellationStepSchema),
  rooms_left: nullableNumber,
});
export type Rate = z.infer<typeof RateSchema>;

export const RoomOptionSchema = z.object({
  room_type_id: z.string(),
  name: z.string(),
  max_occupancy: z.number(),
  bed_type: nullableString,
  size_sqm: nullableNumber,
  images: z.array(z.string()),
  amenities: z.array(z.string()),
  rates: z.array(RateSchema),
});
export type RoomOption = z.infer<typeof RoomOptionSchema>;

export const RoomsResponseDataSchema = z.object({
  hotel_id: z.string(),
  expires_at: z.string(),
  /** Addition to the contract: the hotel's IANA time zone, for showing deadlines in hotel-local time. */
  timezone: z.optional(z.string()),
  rooms: z.array(RoomOptionSchema),
});
export type RoomsResponseData = z.infer<typeof RoomsResponseDataSchema>;

/* ------------------------------------------------------------------ content */

export const HotelIdParamSchema = IdLikeSchema;

export const HotelContentSchema = z.object({
  hotel_id: z.string(),
  hotel_name: z.string(),
  description: z.string(),
  stars: nullableNumber,
  property_type: nullableString,
  chain: nullableString,
  address: nullableString,
  city: z.string(),
  country: z.string(),
  latitude: nullableNumber,
  longitude: nullableNumber,
  images: z.array(z.object({ url: z.string(), caption: nullableString })),
  facilities: z.array(z.object({ facility_id: z.number(), name: z.string() })),
  check_in_from: nullableString,
  check_out_until: nullableString,
  policies: z.array(z.string()),
  /** Additions to the contract (optional): used by the hotel page. */
  city_id: z.optional(z.number()),
  country_code: z.optional(z.string()),
  timezone: z.optional(z.string()),
  distance_from_center_km: nullableNumber,
});
export type HotelContent = z.infer<typeof HotelContentSchema>;
