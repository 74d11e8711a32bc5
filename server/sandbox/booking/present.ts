// Prebooks and bookings as the contract shows them (2.8–2.10).
import type { Booking, Language, Prebook } from '../../../src/contract/index.ts';
import { isoInstant } from '../hotel/cancellation.ts';
import { roomTemplate } from '../hotel/catalog.ts';
import type { StoredBooking, StoredPrebook } from '../db/store.ts';

/** The room's name in the language; the stored English one for a type this build lacks. */
export function roomNameOf(prebook: StoredPrebook, language: Language): string {
  return roomTemplate(prebook.roomType)?.names[language] ?? prebook.roomNameEn;
}

function priceOf(prebook: StoredPrebook): Prebook['price'] {
  return {
    amount: prebook.amount,
    currency: 'USD',
    rate_type: 'live',
    is_refundable: prebook.isRefundable,
    free_cancellation_until: prebook.freeCancellationUntil,
  };
}

/** What a prebook and the booking made from it both say about the stay. */
function stayOf(prebook: StoredPrebook, language: Language) {
  return {
    hotel_id: String(prebook.hotelId),
    hotel_name: prebook.hotelName,
    room_name: roomNameOf(prebook, language),
    board_type: prebook.boardType,
    check_in: prebook.checkIn,
    check_out: prebook.checkOut,
    rooms: prebook.rooms,
  };
}

export function presentPrebook(prebook: StoredPrebook, language: Language): Prebook {
  return {
    prebook_id: prebook.prebookId,
    expires_at: isoInstant(prebook.expiresAt),
    ...stayOf(prebook, language),
    price: priceOf(prebook),
    previous_price_amount: prebook.previousAmount,
    price_changed: prebook.previousAmount !== null && prebook.previousAmount !== prebook.amount,
    cancellation_changed: prebook.cancellationChanged,
    is_refundable: prebook.isRefundable,
    free_cancellation_until: prebook.freeCancellationUntil,
    cancellation_timeline: prebook.cancellationTimeline,
    payment_type: prebook.paymentType,
    pay_at_hotel_usd_cents: prebook.payAtHotel,
  };
}

export function presentBooking(booking: StoredBooking, language: Language): Booking {
  const { prebook } = booking;
  return {
    booking_id: booking.bookingId,
    reference: booking.reference,
    status: booking.status,
    ...stayOf(prebook, language),
    holder: booking.holder,
    guests: booking.guests,
    price: priceOf(prebook),
    payment_type: prebook.paymentType,
    cancellation_timeline: prebook.cancellationTimeline,
    created_at: isoInstant(booking.createdAt),
    cancelled_at: booking.cancelledAt === null ? null : isoInstant(booking.cancelledAt),
    refund_amount: booking.refundAmount,
    special_requests: booking.specialRequests,
    client_reference: booking.clientReference,
    pay_at_hotel_usd_cents: prebook.payAtHotel,
    free_cancellation_until: prebook.freeCancellationUntil,
    is_refundable: prebook.isRefundable,
  };
}
