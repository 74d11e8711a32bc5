// What every /api sub-app needs from the app.
import type {
  ExchangeRates,
  Language,
  MapLabel,
  MapLabelsQuery,
  MapTiles,
  Now,
  PopularDestination,
} from '../../src/contract/index.ts';
import type { BookingAccess } from '../booking-access.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { Metrics } from '../metrics.ts';
import type { UpstreamClient } from '../upstream/client.ts';

export interface RouteDeps {
  upstream: UpstreamClient;
  /** The clock "today" is taken from for check_in rules: the sandbox's in sandbox mode. */
  today: Now;
  rateLimiter: RateLimiter;
  /** Price polls and bookings are counted where they are answered. */
  metrics: Metrics;
  /** The home page's popular destinations, in a language (none: the home page shows none). */
  popularDestinations: (language: Language) => readonly PopularDestination[];
  /** The street map's tiles the results map draws; null: its offline basemap. */
  mapTiles: MapTiles | null;
  /** Names to write on the offline basemap in a view (the sandbox's places; none upstream). */
  mapLabels: (view: MapLabelsQuery) => readonly MapLabel[];
  /** Where booking e-mails are handed over (a no-op without SMTP_URL). */
  outbox: Outbox;
  /** Signs and checks the access tokens that let a booking's holder read and cancel it. */
  bookingAccess: BookingAccess;
  /** The exchange rates to convert prices with now, or null: USD only. */
  exchangeRates: () => ExchangeRates | null;
}
