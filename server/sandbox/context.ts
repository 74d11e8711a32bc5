// What every route module of the sandbox receives: options, clock, inventory, the search
// sessions, the shared supplier-quote cache, the booking store and the booking tokens.
import type { BookingStore } from './db/store.ts';
import type { BookingTokenStore } from './hotel/tokens.ts';
import type { ImageUrls } from './images/urls.ts';
import type { Inventory } from './inventory/inventory.ts';
import type { SandboxOptions } from './options.ts';
import type { QuoteCache } from './pricing/cache.ts';
import type { MedianCache } from './search/medians.ts';
import type { SessionStore } from './search/session.ts';

export interface SandboxContext {
  options: SandboxOptions;
  inventory: Inventory;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  sessions: SessionStore;
  quotes: QuoteCache;
  medians: MedianCache;
  images: ImageUrls;
  /** Prebooks, bookings and idempotency records (SQLite at options.dbPath). */
  store: BookingStore;
  /** Booking tokens of room options: in memory, short-lived, bounded. */
  tokens: BookingTokenStore;
}
