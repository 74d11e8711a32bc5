// Prebook, book, bookings and the app server's traveller look-up (docs/api.md, "Booking").
import * as z from 'zod/mini';
import { CentsSchema, OpaqueIdSchema, intBetween } from './common-schemas.ts';
import { BOARD_TYPES, CancellationStepSchema, PAYMENT_TYPES } from './hotel.ts';
import { PriceSchema, RoomConfigSchema } from './search.ts';

const nullableString = z.optional(z.nullable(z.string()));

/* ------------------------------------------------------------------ prebook */

export const PrebookRequestSchema = z.object({ booking_token: OpaqueIdSchema });

/** What a prebook and the booking made from it both say about the stay. */
const STAY_FIELDS = {
  hotel_id: z.string(),
  hotel_name: z.string(),
  room_name: z.string(),
  board_type: z.enum(BOARD_TYPES),
  check_in: z.string(),
  check_out: z.string(),
  rooms: z.array(RoomConfigSchema),
};

export const PrebookSchema = z.object({
  prebook_id: z.string(),
  expires_at: z.string(),
  ...STAY_FIELDS,
  price: PriceSchema,
  previous_price_amount: z.nullable(z.number()),
  price_changed: z.boolean(),
  cancellation_changed: z.boolean(),
  is_refundable: z.boolean(),
  free_cancellation_until: z.nullable(z.string()),
  cancellation_timeline: z.array(CancellationStepSchema),
  payment_type: z.enum(PAYMENT_TYPES),
  /** Addition: the part of price.amount paid at the hotel (0 for pay_now without local fees). */
  pay_at_hotel_usd_cents: z.optional(CentsSchema),
});
export type Prebook = z.infer<typeof PrebookSchema>;

/* ------------------------------------------------------------------ book */

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const IdempotencyKeySchema = z
  .string('is required')
  .check(z.regex(IDEMPOTENCY_KEY_PATTERN, 'must be 8 to 128 letters, digits, "_" or "-"'));

/**
 * A letter of any script first, then letters, combining marks, spaces, apostrophes,
 * hyphens and periods, and the direction marks and isolates (U+200E, U+200F,
 * U+2066–U+2069) that Arabic and Hebrew text carries. No controls at all, no bidi
 * embeddings or overrides.
 */
const PERSON_NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'’\u200E\u200F\u2066-\u2069-]*$/u;
const PERSON_NAME_MESSAGE =
  'may contain only letters, spaces, apostrophes, hyphens and periods, starting with a letter';

/** The Hangul fillers: letters by their Unicode category, blank on the screen. */
const NAME_FILLERS = /[\u115F\u1160\u3164\uFFA0]/u;

/** Whether every isolate the text opens (U+2066–U+2068) is closed (U+2069), in order. */
export function closesIsolates(text: string): boolean {
  let open = 0;
  for (const character of text) {
    if (character >= '\u2066' && character <= '\u2068') open++;
    else if (character === '\u2069' && --open < 0) return false;
  }
  return open === 0;
}

/**
 * Free text (special requests): well-formed Unicode (no lone surrogates), no NUL or
 * other C0/C1 control characters except newline and tab, no bidi embeddings or overrides
 * (U+202A–U+202E), which would reorder what the hotel reads, no zero-width space (U+200B)
 * and no tag characters (U+E0000–U+E007F), which hide text from whoever reads it, except
 * inside a flag's emoji sequence (England's, Scotland's and Wales's flags are made of
 * them). The direction marks and isolates stay allowed, and so do the zero-width joiner
 * and non-joiner, which scripts need.
 */
const FORBIDDEN_IN_TEXT = /(?![\n\t])\p{Cc}|[\u202A-\u202E\u200B]|[\u{E0000}-\u{E007F}]/u;
/** A flag's emoji tag sequence: the black flag, tag letters, the cancel tag. */
const FLAG_TAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
export const TEXT_CHARACTERS_MESSAGE =
  'must not contain control characters, bidi overrides or broken characters';

/** A UTF-16 surrogate without its pair: not a character (String#isWellFormed, which older browsers lack). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isCleanText(text: string): boolean {
  return !LONE_SURROGATE.test(text) && !FORBIDDEN_IN_TEXT.test(text.replace(FLAG_TAG_SEQUENCE, ''));
}

export const SpecialRequestsSchema = z
  .string('must be text')
  .check(
    z.trim(),
    z.maxLength(500, 'must be at most 500 characters'),
    z.refine(isCleanText, TEXT_CHARACTERS_MESSAGE),
  );

/** A name as a client sends it (names already booked are read as they are: BookedNameSchema). */
export const PersonNameSchema = z.string('is required').check(
  z.trim(),
  z.minLength(1, 'is required'),
  z.maxLength(50, 'must be at most 50 characters'),
  z.regex(PERSON_NAME_PATTERN, PERSON_NAME_MESSAGE),
  z.refine((name: string) => !NAME_FILLERS.test(name), PERSON_NAME_MESSAGE),
  z.refine(closesIsolates, TEXT_CHARACTERS_MESSAGE),
);

/**
 * A name in a booking already made: shown as it is. The rules above are for what a client
 * sends; a booking made before them, or elsewhere, must still be read, never answered 502.
 */
const BookedNameSchema = z.string();

export const EmailSchema = z
  .string('is required')
  .check(
    z.trim(),
    z.minLength(1, 'is required'),
    z.maxLength(254, 'must be at most 254 characters'),
    z.regex(z.regexes.email, 'must be a valid e-mail address'),
  );

/** International format: "+" and the country code, then the number; spaces, dashes and brackets allowed. */
export const PhoneSchema = z.string('is required').check(
  z.trim(),
  z.minLength(1, 'is required'),
  z.maxLength(32, 'must be at most 32 characters'),
  z.regex(/^\+[0-9 ()-]+$/, 'must start with + and the country code, e.g. +91 98765 43210'),
  z.refine((phone: string) => {
    const digits = phone.replace(/\D/g, '');
    return digits.length >= 8 && digits.length <= 15 && digits[0] !== '0';
  }, 'must have 8 to 15 digits including the country code'),
);

export const HolderSchema = z.object({
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
});
export type Holder = z.infer<typeof HolderSchema>;

export const GuestSchema = z.object({
  room: intBetween(1, 5, 'must be a room number from 1 to 5'),
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
});
export type Guest = z.infer<typeof GuestSchema>;

export const BookRequestSchema = z.object({
  prebook_id: OpaqueIdSchema,
  holder: HolderSchema,
  guests: z
    .array(GuestSchema, 'must be a list of guests')
    .check(
      z.minLength(1, 'must name a lead guest for every room'),
      z.maxLength(25, 'must have at most 25 guests'),
    ),
  special_requests: z.optional(SpecialRequestsSchema),
  client_reference: z.optional(
    z
      .string('must be text')
      .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "_" or "-"')),
  ),
});
export type BookRequest = z.output<typeof BookRequestSchema>;
export type BookRequestInput = z.input<typeof BookRequestSchema>;

/** Rooms 1..roomCount each need a lead guest; no guest may name a room that does not exist. */
export function guestRoomProblems(guests: readonly Pick<Guest, 'room'>[], roomCount: number) {
  const problems: { field: string; message: string }[] = [];
  guests.forEach((guest, index) => {
    if (guest.room > roomCount) {
      problems.push({
        field: `guests[${index}].room`,
        message: `must be a room number from 1 to ${roomCount}`,
      });
    }
  });
  for (let room = 1; room <= roomCount; room++) {
    if (!guests.some((guest) => guest.room === room)) {
      problems.push({ field: 'guests', message: `must name a lead guest for room ${room}` });
    }
  }
  return problems;
}

/* ------------------------------------------------------------------ booking */

export const BOOKING_STATUSES = ['CONFIRMED', 'PENDING', 'FAILED', 'CANCELLED'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const REFERENCE_PATTERN = /^[A-Z0-9]{6,8}$/;

export const BookingSchema = z.object({
  booking_id: z.string(),
  reference: z.string().check(z.regex(REFERENCE_PATTERN)),
  status: z.enum(BOOKING_STATUSES),
  ...STAY_FIELDS,
  holder: z.object({
    ...HolderSchema.shape,
    first_name: BookedNameSchema,
    last_name: BookedNameSchema,
  }),
  guests: z.array(
    z.object({ ...GuestSchema.shape, first_name: BookedNameSchema, last_name: BookedNameSchema }),
  ),
  price: PriceSchema,
  payment_type: z.enum(PAYMENT_TYPES),
  cancellation_timeline: z.array(CancellationStepSchema),
  created_at: z.string(),
  cancelled_at: z.nullable(z.string()),
  refund_amount: z.nullable(z.number()),
  /** Additions (optional): echoed so a confirmation page can show them. */
  special_requests: nullableString,
  client_reference: nullableString,
  pay_at_hotel_usd_cents: z.optional(CentsSchema),
  free_cancellation_until: nullableString,
  is_refundable: z.optional(z.boolean()),
});
export type Booking = z.infer<typeof BookingSchema>;

export const BookingIdSchema = OpaqueIdSchema;

export const ReferenceSchema = z
  .string('is required')
  .check(
    z.trim(),
    z.toUpperCase(),
    z.regex(REFERENCE_PATTERN, 'must be the 6 to 8 letters and digits of your booking reference'),
  );

export const BookingsQuerySchema = z.object({ reference: ReferenceSchema });

/* ------------------------------------------------------------------ traveller look-up (/api only) */

/**
 * A booking is found with its reference, the holder's last name and the holder's e-mail
 * address: a last name alone is too easy to guess (docs/api.md, "Booking look-up and
 * cancel"). Both are compared on the server after folding; here they are only bounded.
 */
export const BookingLookupRequestSchema = z.object({
  reference: ReferenceSchema,
  last_name: z
    .string('is required')
    .check(
      z.trim(),
      z.minLength(1, 'is required'),
      z.maxLength(50, 'must be at most 50 characters'),
    ),
  email: EmailSchema,
});
export type BookingLookupRequest = z.output<typeof BookingLookupRequestSchema>;

/* ------------------------------------------------------------------ a holder's access token (/api only) */

/**
 * The proof a browser keeps of a booking it made or found: the app server's MAC over the
 * reference and the holder's last name. It reads and cancels that booking without the
 * last name and e-mail address, under the read limit instead of the look-up's. It travels
 * in this header (never in a path or a query string, which access logs keep), and in a
 * link's fragment, which no server sees.
 */
export const ACCESS_TOKEN_HEADER = 'Booking-Access-Token';

/** 128 bits, base64url: short enough for a link. */
export const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const AccessTokenSchema = z
  .string('is required')
  .check(z.regex(ACCESS_TOKEN_PATTERN, 'must be the 22 characters of a booking access token'));

/** A booking as /api answers it to its holder: with the token that reads it again. */
export const HeldBookingSchema = z.extend(BookingSchema, { access_token: AccessTokenSchema });
export type HeldBooking = z.infer<typeof HeldBookingSchema>;
