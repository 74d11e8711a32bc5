// Booking tokens: what a rate of a room-options answer stands for, held in memory for
// its short life (10 minutes; 20 s at the short-hold scenario hotel).
//
// Why memory and not SQLite: a room-options call hands out up to 24 tokens and is a
// read-only, retry-safe call; writing them would turn every hotel page view into a
// write transaction and grow the file with rows that are dead ten minutes later. A
// token lost to a restart answers 410 BOOKING_TOKEN_EXPIRED, which every client already
// handles by asking for room options again (the contract's "restart from room
// options"). Prebooks, which a booking needs, are persisted.
//
// Bounded: at most `capacity` tokens (insertion order, the oldest go first) and expired
// ones are swept as new ones arrive, so memory stays under a few tens of MB.
import { randomBytes } from 'node:crypto';
import type { BoardType, PaymentType, RoomConfig } from '../../../src/contract/index.ts';
import type { CancellationTerms } from './cancellation.ts';

export const BOOKING_TOKEN_LIFETIME_MS = 10 * 60_000;
export const DEFAULT_TOKEN_CAPACITY = 100_000;
/** Expired tokens removed per issued one: sweeping keeps pace with issuing. */
const SWEEP_PER_ISSUE = 4;

export interface BookingTokenEntry {
  org: string;
  issuedAt: number;
  expiresAt: number;
  hotelId: number;
  roomType: string;
  rateId: string;
  board: BoardType;
  payment: PaymentType;
  amount: number;
  payAtHotel: number;
  terms: CancellationTerms;
  checkIn: string;
  checkOut: string;
  rooms: readonly RoomConfig[];
  nationality: string;
}

/** 24 random bytes (192 bits), base64url: 32 characters, unguessable. */
export function newOpaqueId(): string {
  return randomBytes(24).toString('base64url');
}

export class BookingTokenStore {
  private readonly entries = new Map<string, BookingTokenEntry>();

  constructor(private readonly capacity = DEFAULT_TOKEN_CAPACITY) {}

  issue(entry: BookingTokenEntry, now: number): string {
    this.sweep(now);
    while (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    const token = newOpaqueId();
    this.entries.set(token, entry);
    return token;
  }

  /** The organization's live token, or null (unknown, expired, or another organization's). */
  find(token: string, org: string, now: number): BookingTokenEntry | null {
    const entry = this.entries.get(token);
    if (!entry || entry.org !== org) return null;
    if (now >= entry.expiresAt) {
      this.entries.delete(token);
      return null;
    }
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep(now: number): void {
    let checked = 0;
    for (const [token, entry] of this.entries) {
      if (checked++ >= SWEEP_PER_ISSUE) break;
      if (now >= entry.expiresAt) this.entries.delete(token);
    }
  }
}
