// What the suppliers last said about a hotel for a stay, shared by every search session
// (and by part 2's room requests): a fresh entry lets an instant search show a live price
// at once and skip the refresh; a stale one is ignored.
import type { LiveQuote } from './model.ts';

/** A supplier rate younger than this counts as fresh. */
export const QUOTE_FRESH_MS = 10 * 60_000;

interface Entry {
  at: number;
  quote: LiveQuote;
}

export class QuoteCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = 200_000) {}

  /** A fresh quote for the hotel and stay at `now`, or null. */
  fresh(hotelId: number, stayKey: string, now: number): LiveQuote | null {
    const entry = this.entries.get(`${hotelId}|${stayKey}`);
    if (!entry || now - entry.at > QUOTE_FRESH_MS || entry.at > now) return null;
    return entry.quote;
  }

  put(hotelId: number, stayKey: string, quote: LiveQuote, at: number): void {
    const key = `${hotelId}|${stayKey}`;
    this.entries.delete(key);
    this.entries.set(key, { at, quote });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
