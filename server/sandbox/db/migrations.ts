// The sandbox database's schema, one migration per user_version step. A migration is
// never edited once released: a change is a new entry, so a file written by an older
// sandbox is brought forward at open and a restart keeps every booking.
//
// Times are epoch milliseconds of the sandbox clock (SANDBOX_NOW may put it anywhere);
// `org` is the SHA-256 of the organization's API key and `key_hash` the SHA-256 of an
// Idempotency-Key, so the file holds neither.

export const MIGRATIONS: readonly string[] = [
  /* 1: prebooks, bookings, idempotency records */ `
  CREATE TABLE prebooks (
    prebook_id              TEXT PRIMARY KEY,
    org                     TEXT NOT NULL,
    created_at              INTEGER NOT NULL,
    expires_at              INTEGER NOT NULL,
    hotel_id                INTEGER NOT NULL,
    hotel_name              TEXT NOT NULL,
    room_type               TEXT NOT NULL,
    room_name_en            TEXT NOT NULL,
    rate_id                 TEXT NOT NULL,
    board_type              TEXT NOT NULL,
    check_in                TEXT NOT NULL,
    check_out               TEXT NOT NULL,
    rooms                   TEXT NOT NULL,
    nationality             TEXT NOT NULL,
    amount                  INTEGER NOT NULL,
    previous_amount         INTEGER,
    is_refundable           INTEGER NOT NULL,
    free_cancellation_until TEXT,
    cancellation_timeline   TEXT NOT NULL,
    cancellation_changed    INTEGER NOT NULL,
    payment_type            TEXT NOT NULL,
    pay_at_hotel            INTEGER NOT NULL
  );
  CREATE INDEX prebooks_by_expiry ON prebooks (expires_at);

  CREATE TABLE bookings (
    booking_id       TEXT PRIMARY KEY,
    org              TEXT NOT NULL,
    reference        TEXT NOT NULL,
    -- UNIQUE: one booking per prebook, whatever the application code does.
    prebook_id       TEXT NOT NULL UNIQUE REFERENCES prebooks (prebook_id),
    status           TEXT NOT NULL CHECK (status IN ('CONFIRMED', 'PENDING', 'FAILED', 'CANCELLED')),
    created_at       INTEGER NOT NULL,
    cancelled_at     INTEGER,
    refund_amount    INTEGER,
    holder           TEXT NOT NULL,
    guests           TEXT NOT NULL,
    special_requests TEXT,
    client_reference TEXT,
    UNIQUE (org, reference)
  );

  CREATE TABLE idempotency_records (
    org          TEXT NOT NULL,
    key_hash     TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status       INTEGER NOT NULL,
    body         TEXT NOT NULL,
    booking_id   TEXT REFERENCES bookings (booking_id),
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (org, key_hash)
  ) WITHOUT ROWID;
  `,
];
