// Who holds a booking: the one who types its holder's details (compared after folding, in
// constant time), or the browser that holds its access token. The token lets the browser
// that made (or found) a booking read and cancel it again without the holder's last name
// and e-mail address, and without spending the look-up budget. It is an HMAC-SHA256 over the reference and the holder's folded last
// name with the server's secret, cut to 128 bits: a guess has 2^-128 odds, and every
// instance that shares the secret can check it without remembering anything.
//
// Secrets rotate like the API key: the list's first signs, every one of them is accepted,
// so tokens already handed out keep working until the old secret is dropped.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  ACCESS_TOKEN_PATTERN,
  foldLetters,
  type Booking,
  type HeldBooking,
} from '../src/contract/index.ts';

/** The shortest secret taken: 32 characters of `openssl rand -base64 32` carry 192 bits. */
export const MIN_SECRET_LENGTH = 32;
const TOKEN_BYTES = 16;
/** Says what the MAC is for, so the secret signs nothing else by accident. */
const PURPOSE = 'staylane booking access v1';

export interface BookingAccess {
  /** The token of the booking `reference` held by someone named `lastName`. */
  tokenOf(reference: string, lastName: string): string;
  /** Whether `token` is that booking's, under any of the secrets (each compared in full). */
  verify(token: string, reference: string, lastName: string): boolean;
}

/** "  Müller-Lüdenscheidt " and "muller-ludenscheidt" are the same name. */
export function normalizePersonName(name: string): string {
  return foldLetters(name).replace(/[’`´]/g, "'").replace(/\s+/g, ' ').trim();
}

/** " Asha.Rao@Example.COM " and "asha.rao@example.com" are the same address. */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase();
}

/** Compares in constant time: both sides are hashed to the same length first. */
function sameText(given: string, actual: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(actual));
}

/**
 * Whether the traveller named the booking's holder: last name and e-mail address both
 * (each compared whole, so neither answers sooner than the other).
 */
export function isHolder(
  given: { last_name: string; email: string },
  holder: { last_name: string; email: string },
): boolean {
  const name = sameText(
    normalizePersonName(given.last_name),
    normalizePersonName(holder.last_name),
  );
  const email = sameText(normalizeEmail(given.email), normalizeEmail(holder.email));
  return name && email;
}

export function createBookingAccess(secrets: readonly string[]): BookingAccess {
  if (secrets.length === 0) throw new Error('a booking access secret is required');
  const mac = (secret: string, reference: string, lastName: string) =>
    createHmac('sha256', secret)
      .update(`${PURPOSE}\0${reference.trim().toUpperCase()}\0${normalizePersonName(lastName)}`)
      .digest()
      .subarray(0, TOKEN_BYTES);
  return {
    tokenOf: (reference, lastName) =>
      mac(secrets[0] ?? '', reference, lastName).toString('base64url'),
    verify: (token, reference, lastName) => {
      if (!ACCESS_TOKEN_PATTERN.test(token)) return false;
      const given = Buffer.from(token, 'base64url');
      // 16 bytes in 22 characters leave the last one 4 bits that decode to nothing: only the
      // token's own spelling opens the booking, not another that decodes to the same bytes.
      if (given.length !== TOKEN_BYTES || given.toString('base64url') !== token) return false;
      // Every secret is tried, so how long this takes says nothing about which one matched.
      let matched = false;
      for (const secret of secrets) {
        if (timingSafeEqual(given, mac(secret, reference, lastName))) matched = true;
      }
      return matched;
    },
  };
}

/** A booking as its holder gets it from /api: with the token that opens it again. */
export function heldBooking(access: BookingAccess, booking: Booking): HeldBooking {
  return {
    ...booking,
    access_token: access.tokenOf(booking.reference, booking.holder.last_name),
  };
}

/**
 * The sandbox's secret when the operator gives none: made once and kept in a file next to
 * the sandbox's database (readable by this user only), so tokens survive a restart just as
 * the bookings they open do. A database kept in memory gets a secret kept in memory too.
 */
export function sandboxSecret(databasePath: string): string {
  if (databasePath === ':memory:') return randomBytes(32).toString('base64url');
  const file = `${dirname(databasePath)}/booking-access.secret`;
  mkdirSync(dirname(file), { recursive: true });
  try {
    // `wx`: of two instances starting at once over one folder, one writes and both read it.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`${file} holds no usable secret: delete it and start again`);
  }
  return secret;
}
