// Every read and write of prebooks, bookings and idempotency records, as statements
// prepared once when the sandbox starts. Rows are turned into plain records here; the
// JSON columns hold values this module wrote itself.
import type {
  BoardType,
  BookingStatus,
  CancellationStep,
  Guest,
  Holder,
  PaymentType,
  RoomConfig,
} from '../../../src/contract/index.ts';
import type { SqliteDatabase } from './database.ts';

export interface StoredPrebook {
  prebookId: string;
  org: string;
  createdAt: number;
  expiresAt: number;
  hotelId: number;
  hotelName: string;
  /** The room type's slug ("dbl"): its name is localized when shown. */
  roomType: string;
  /** The English room name, for a slug a later build no longer knows. */
  roomNameEn: string;
  rateId: string;
  boardType: BoardType;
  checkIn: string;
  checkOut: string;
  rooms: RoomConfig[];
  nationality: string;
  amount: number;
  previousAmount: number | null;
  isRefundable: boolean;
  freeCancellationUntil: string | null;
  cancellationTimeline: CancellationStep[];
  cancellationChanged: boolean;
  paymentType: PaymentType;
  payAtHotel: number;
}

export interface NewBooking {
  bookingId: string;
  org: string;
  reference: string;
  prebookId: string;
  status: BookingStatus;
  createdAt: number;
  holder: Holder;
  guests: Guest[];
  specialRequests: string | null;
  clientReference: string | null;
}

export interface StoredBooking extends NewBooking {
  cancelledAt: number | null;
  refundAmount: number | null;
  prebook: StoredPrebook;
}

export interface IdempotencyRecord {
  requestHash: string;
  status: number;
  /** The response body exactly as first sent. */
  body: string;
  bookingId: string | null;
}

interface PrebookRow {
  prebook_id: string;
  org: string;
  created_at: number;
  expires_at: number;
  hotel_id: number;
  hotel_name: string;
  room_type: string;
  room_name_en: string;
  rate_id: string;
  board_type: string;
  check_in: string;
  check_out: string;
  rooms: string;
  nationality: string;
  amount: number;
  previous_amount: number | null;
  is_refundable: number;
  free_cancellation_until: string | null;
  cancellation_timeline: string;
  cancellation_changed: number;
  payment_type: string;
  pay_at_hotel: number;
}

interface BookingRow extends PrebookRow {
  booking_id: string;
  booking_org: string;
  reference: string;
  status: string;
  booked_at: number;
  cancelled_at: number | null;
  refund_amount: number | null;
  holder: string;
  guests: string;
  special_requests: string | null;
  client_reference: string | null;
}

interface RecordRow {
  request_hash: string;
  status: number;
  body: string;
  booking_id: string | null;
}

function prebookOf(row: PrebookRow): StoredPrebook {
  return {
    prebookId: row.prebook_id,
    org: row.org,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    hotelId: row.hotel_id,
    hotelName: row.hotel_name,
    roomType: row.room_type,
    roomNameEn: row.room_name_en,
    rateId: row.rate_id,
    boardType: row.board_type as BoardType,
    checkIn: row.check_in,
    checkOut: row.check_out,
    rooms: JSON.parse(row.rooms) as RoomConfig[],
    nationality: row.nationality,
    amount: row.amount,
    previousAmount: row.previous_amount,
    isRefundable: row.is_refundable === 1,
    freeCancellationUntil: row.free_cancellation_until,
    cancellationTimeline: JSON.parse(row.cancellation_timeline) as CancellationStep[],
    cancellationChanged: row.cancellation_changed === 1,
    paymentType: row.payment_type as PaymentType,
    payAtHotel: row.pay_at_hotel,
  };
}

function bookingOf(row: BookingRow): StoredBooking {
  return {
    bookingId: row.booking_id,
    org: row.booking_org,
    reference: row.reference,
    prebookId: row.prebook_id,
    status: row.status as BookingStatus,
    createdAt: row.booked_at,
    cancelledAt: row.cancelled_at,
    refundAmount: row.refund_amount,
    holder: JSON.parse(row.holder) as Holder,
    guests: JSON.parse(row.guests) as Guest[],
    specialRequests: row.special_requests,
    clientReference: row.client_reference,
    prebook: prebookOf(row),
  };
}

const BOOKING_SELECT = `
  SELECT p.*, b.booking_id, b.org AS booking_org, b.reference, b.status,
         b.created_at AS booked_at, b.cancelled_at, b.refund_amount, b.holder, b.guests,
         b.special_requests, b.client_reference
  FROM bookings b JOIN prebooks p ON p.prebook_id = b.prebook_id`;

export class BookingStore {
  private readonly statements;

  constructor(readonly db: SqliteDatabase) {
    this.statements = {
      insertPrebook: db.prepare<[PrebookRow]>(`
        INSERT INTO prebooks VALUES (
          @prebook_id, @org, @created_at, @expires_at, @hotel_id, @hotel_name, @room_type,
          @room_name_en, @rate_id, @board_type, @check_in, @check_out, @rooms, @nationality,
          @amount, @previous_amount, @is_refundable, @free_cancellation_until,
          @cancellation_timeline, @cancellation_changed, @payment_type, @pay_at_hotel)`),
      prebook: db.prepare<[string, string], PrebookRow>(
        'SELECT * FROM prebooks WHERE prebook_id = ? AND org = ?',
      ),
      bookingOfPrebook: db
        .prepare<[string], string>('SELECT booking_id FROM bookings WHERE prebook_id = ?')
        .pluck(),
      pruneExpiredPrebooks: db.prepare<[number]>(`
        DELETE FROM prebooks WHERE expires_at < ?
          AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.prebook_id = prebooks.prebook_id)`),
      pruneFailedRecords: db.prepare<[number]>(`
        DELETE FROM idempotency_records WHERE (org, key_hash) IN (
          SELECT org, key_hash FROM idempotency_records
          WHERE booking_id IS NULL AND created_at < ? LIMIT 1000)`),
      record: db.prepare<[string, string], RecordRow>(
        'SELECT request_hash, status, body, booking_id FROM idempotency_records WHERE org = ? AND key_hash = ?',
      ),
      insertRecord: db.prepare<[string, string, string, number, string, string | null, number]>(
        `INSERT INTO idempotency_records VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (org, key_hash) DO NOTHING`,
      ),
      referenceTaken: db
        .prepare<[string, string], number>('SELECT 1 FROM bookings WHERE org = ? AND reference = ?')
        .pluck(),
      insertBooking: db.prepare<
        [
          string,
          string,
          string,
          string,
          string,
          number,
          string,
          string,
          string | null,
          string | null,
        ]
      >(`
        INSERT INTO bookings (booking_id, org, reference, prebook_id, status, created_at,
                              holder, guests, special_requests, client_reference)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      booking: db.prepare<[string, string], BookingRow>(
        `${BOOKING_SELECT} WHERE b.booking_id = ? AND b.org = ?`,
      ),
      bookingByReference: db.prepare<[string, string], BookingRow>(
        `${BOOKING_SELECT} WHERE b.org = ? AND b.reference = ?`,
      ),
      cancel: db.prepare<[number, number, string, string]>(`
        UPDATE bookings SET status = 'CANCELLED', cancelled_at = ?, refund_amount = ?
        WHERE booking_id = ? AND org = ? AND status <> 'CANCELLED'`),
    };
  }

  /** Runs `work` as one IMMEDIATE transaction: all of its writes commit together or none do. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  insertPrebook(prebook: StoredPrebook): void {
    this.statements.insertPrebook.run({
      prebook_id: prebook.prebookId,
      org: prebook.org,
      created_at: prebook.createdAt,
      expires_at: prebook.expiresAt,
      hotel_id: prebook.hotelId,
      hotel_name: prebook.hotelName,
      room_type: prebook.roomType,
      room_name_en: prebook.roomNameEn,
      rate_id: prebook.rateId,
      board_type: prebook.boardType,
      check_in: prebook.checkIn,
      check_out: prebook.checkOut,
      rooms: JSON.stringify(prebook.rooms),
      nationality: prebook.nationality,
      amount: prebook.amount,
      previous_amount: prebook.previousAmount,
      is_refundable: prebook.isRefundable ? 1 : 0,
      free_cancellation_until: prebook.freeCancellationUntil,
      cancellation_timeline: JSON.stringify(prebook.cancellationTimeline),
      cancellation_changed: prebook.cancellationChanged ? 1 : 0,
      payment_type: prebook.paymentType,
      pay_at_hotel: prebook.payAtHotel,
    });
  }

  /** The organization's prebook, or null (another organization's is as good as unknown). */
  prebook(prebookId: string, org: string): StoredPrebook | null {
    const row = this.statements.prebook.get(prebookId, org);
    return row ? prebookOf(row) : null;
  }

  /** The booking made from a prebook, or null. */
  bookingIdOfPrebook(prebookId: string): string | null {
    return this.statements.bookingOfPrebook.get(prebookId) ?? null;
  }

  /** Forgets prebooks that expired before `before` and were never booked. */
  pruneExpiredPrebooks(before: number): number {
    return this.statements.pruneExpiredPrebooks.run(before).changes;
  }

  /**
   * Forgets records of failed attempts made before `before` (a thousand at a time, so one
   * call stays short). Records of bookings stay as long as their booking.
   */
  pruneFailedRecords(before: number): number {
    return this.statements.pruneFailedRecords.run(before).changes;
  }

  record(org: string, keyHash: string): IdempotencyRecord | null {
    const row = this.statements.record.get(org, keyHash);
    return row
      ? {
          requestHash: row.request_hash,
          status: row.status,
          body: row.body,
          bookingId: row.booking_id,
        }
      : null;
  }

  /** Stores a record unless the key has one already; false when it had. */
  insertRecord(
    org: string,
    keyHash: string,
    record: IdempotencyRecord,
    createdAt: number,
  ): boolean {
    const result = this.statements.insertRecord.run(
      org,
      keyHash,
      record.requestHash,
      record.status,
      record.body,
      record.bookingId,
      createdAt,
    );
    return result.changes === 1;
  }

  isReferenceTaken(org: string, reference: string): boolean {
    return this.statements.referenceTaken.get(org, reference) !== undefined;
  }

  insertBooking(booking: NewBooking): void {
    this.statements.insertBooking.run(
      booking.bookingId,
      booking.org,
      booking.reference,
      booking.prebookId,
      booking.status,
      booking.createdAt,
      JSON.stringify(booking.holder),
      JSON.stringify(booking.guests),
      booking.specialRequests,
      booking.clientReference,
    );
  }

  booking(bookingId: string, org: string): StoredBooking | null {
    const row = this.statements.booking.get(bookingId, org);
    return row ? bookingOf(row) : null;
  }

  bookingByReference(org: string, reference: string): StoredBooking | null {
    const row = this.statements.bookingByReference.get(org, reference);
    return row ? bookingOf(row) : null;
  }

  /** Marks the booking cancelled unless it already is; false when nothing changed. */
  cancel(bookingId: string, org: string, at: number, refundAmount: number): boolean {
    return this.statements.cancel.run(at, refundAmount, bookingId, org).changes === 1;
  }
}
