// Data shaped like the API's booking answers, for component tests. Test-only.
import { EXAMPLE_GUESTS, EXAMPLE_HOLDER } from '../contract/examples.ts';
import type { Booking, HeldBooking, HotelContent, Prebook } from '../contract/index.ts';
import type { RateChoice } from '../lib/rate-choice.ts';

export const choice: RateChoice = {
  hotelId: '8760001',
  hotelName: 'Sandbox Test Price Change Hotel',
  roomName: 'Double Room',
  boardName: 'Room only',
  rateId: '8760001-dbl-ro-flex-now',
  bookingToken: 'IuBKiMGWD4DfsQK9Ir9Bx4FNCmiaeoBB',
  quotedAmount: 15_684,
  currency: 'USD',
  quotedFreeCancellationUntil: '2026-12-10T23:59:00Z',
  timeZone: 'Europe/Lisbon',
  nationality: 'IN',
  returnTo: '/hotels/8760001?checkin=2026-12-12&checkout=2026-12-14&rooms=2&nat=IN',
};

/** The stay both the prebook and the booking are for. */
const STAY = {
  hotel_id: '8760001',
  hotel_name: 'Sandbox Test Price Change Hotel',
  room_name: 'Double Room',
  board_type: 'room_only',
  check_in: '2026-12-12',
  check_out: '2026-12-14',
  rooms: [{ adults: 2, child_ages: [] }],
} as const satisfies Partial<Booking>;

const PRICE = {
  amount: 17_096,
  currency: 'USD',
  rate_type: 'live',
  is_refundable: true,
  free_cancellation_until: '2026-12-09T23:59:00Z',
} as const satisfies Booking['price'];

export function prebookFixture(overrides: Partial<Prebook> = {}): Prebook {
  return {
    prebook_id: 'i6Ve2wzrkEXVSBEGuYP4pTEkV5d5ez-X',
    expires_at: '2026-11-22T05:06:23Z',
    ...STAY,
    price: { ...PRICE },
    previous_price_amount: 15_684,
    price_changed: true,
    cancellation_changed: true,
    is_refundable: true,
    free_cancellation_until: '2026-12-09T23:59:00Z',
    cancellation_timeline: [{ until: '2026-12-09T23:59:00Z', refund_amount: 17_096 }],
    payment_type: 'pay_now',
    pay_at_hotel_usd_cents: 784,
    ...overrides,
  };
}

/** A booking as /api answers its holder (with the token that reads it again). */
export function bookingFixture(overrides: Partial<HeldBooking> = {}): HeldBooking {
  return {
    access_token: 'Zv728EsZtkVxD6Ool3b-Vw',
    booking_id: 'CONSg_VHL0QKgBGxir0bEUxgYLA_Oh98',
    reference: '6L2SB45',
    status: 'CONFIRMED',
    ...STAY,
    holder: { ...EXAMPLE_HOLDER },
    guests: EXAMPLE_GUESTS.map((guest) => ({ ...guest })),
    price: { ...PRICE },
    payment_type: 'pay_now',
    cancellation_timeline: [{ until: '2026-12-09T23:59:00Z', refund_amount: 17_096 }],
    created_at: '2026-11-22T04:56:25Z',
    cancelled_at: null,
    refund_amount: null,
    special_requests: null,
    client_reference: null,
    pay_at_hotel_usd_cents: 784,
    free_cancellation_until: '2026-12-09T23:59:00Z',
    is_refundable: true,
    ...overrides,
  };
}

/** A hotel's content as the API gives it (a scenario hotel of Lisbon), with changes. */
export function hotelContentFixture(overrides: Partial<HotelContent> = {}): HotelContent {
  return {
    hotel_id: '8760001',
    hotel_name: 'Sandbox Test Price Change Hotel',
    description: 'A quiet hotel.',
    stars: 4,
    property_type: 'Hotel',
    chain: null,
    address: 'Rua Augusta 12',
    city: 'Lisbon',
    country: 'Portugal',
    latitude: 38.71,
    longitude: -9.14,
    images: [],
    facilities: [],
    check_in_from: '15:00',
    check_out_until: '11:00',
    policies: [],
    distance_from_center_km: 0.8,
    ...overrides,
  };
}
