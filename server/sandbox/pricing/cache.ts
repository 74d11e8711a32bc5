// What the suppliers last said about a hotel for a stay, shared by every search session
// (and by room-options requests): a fresh entry lets an instant search show a live price
// at once and skip the refresh; a stale one is ignored. Grouped by stay, because a search
// asks for one stay and many hotels.
import type { LiveQuote } from './model.ts';

/** A supplier rate younger than this counts as fresh. */
export const QUOTE_FRESH_MS = 10 * 60_000;

interface Entry {
  at: number;
  quote: LiveQuote;
}

function isFresh(entry: Entry, now: number): boolean {
  return entry.at <= now && now - entry.at <= QUOTE_FRESH_MS;
}

export class QuoteCache {
  /** Stays in least-recently-written order, each with its hotels' last quotes. */
  private readonly byStay = new Map<string, Map<number, Entry>>();
  private count = 0;

  constructor(private readonly capacity = 200_000) {}

  /** The fresh quotes of every hotel for a stay at `now` (by hotel id), or null when none. */
  forStay(stayKey: string, now: number): Map<number, LiveQuote> | null {
    const hotels = this.byStay.get(stayKey);
    if (!hotels) return null;
    const fresh = new Map<number, LiveQuote>();
    for (const [hotelId, entry] of hotels) {
      if (isFresh(entry, now)) fresh.set(hotelId, entry.quote);
    }
    return fresh.size > 0 ? fresh : null;
  }

  /** A fresh quote for the hotel and stay at `now`, or null. */
  fresh(hotelId: number, stayKey: string, now: number): LiveQuote | null {
    const entry = this.byStay.get(stayKey)?.get(hotelId);
    return entry && isFresh(entry, now) ? entry.quote : null;
  }

  put(hotelId: number, stayKey: string, quote: LiveQuote, at: number): void {
    let hotels = this.byStay.get(stayKey);
    if (hotels) this.byStay.delete(stayKey);
    else hotels = new Map();
    this.byStay.set(stayKey, hotels);
    if (!hotels.has(hotelId)) this.count++;
    hotels.set(hotelId, { at, quote });
    // Over capacity: drop whole stays, least recently written first.
    for (const [key, oldest] of this.byStay) {
      if (this.count <= this.capacity || key === stayKey) break;
      this.byStay.delete(key);
      this.count -= oldest.size;
    }
  }

  get size(): number {
    return this.count;
  }
}
