// The one contract module: zod schemas and the types inferred from them for every
// request, response, envelope and error of the hotel API (docs/api.md) and the
// app server's /api surface. Imported by the browser, the server and the sandbox.
import * as z from 'zod/mini';

export * from './common.ts';
export * from './common-schemas.ts';
export * from './countries.ts';
export * from './search.ts';
export * from './search-terms.ts';
export * from './sort-order.ts';
export * from './catalog.ts';
export * from './hotel.ts';
export * from './booking.ts';
export * from './calendar.ts';
export * from './cancellation.ts';
export * from './endpoints.ts';
export * from './routes.ts';
export * from './shopping-routes.ts';
export * from './shopping-paths.ts';
export * from './booking-routes.ts';
export * from './currency.ts';
export * from './exchange-rates.ts';
export * from './retry.ts';
export * from './media-type.ts';
export * from './text.ts';
export * from './page-render.ts';

export const SERVER_MODES = ['sandbox', 'upstream'] as const;
export type ServerMode = (typeof SERVER_MODES)[number];

export const HealthDataSchema = z.object({
  status: z.literal('ok'),
  mode: z.enum(SERVER_MODES),
  version: z.string(),
  uptime_s: z.number(),
  /** Rate limits shared through Redis (up), counted per instance meanwhile (down), or no Redis (off). */
  redis: z.enum(['up', 'down', 'off']),
  /** From the latest calls to the hotel API; never a reason to turn unready. */
  upstream: z.enum(['ok', 'failing', 'unknown']),
});

/** /api/health/ready's data; anything but ready is a 503 NOT_READY. */
export const ReadyDataSchema = z.object({ status: z.literal('ready') });
