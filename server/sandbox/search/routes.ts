// POST /hotels/search and GET /hotels/search/{search_id}/prices (docs/api.md, "Search"
// and "Price updates").
import type { Hono } from 'hono';
import {
  SANDBOX_SHOPPER_HEADER,
  sandboxShopperOf,
  createSearchRequestSchema,
  PricesQuerySchema,
  priceSortLabel,
  SearchIdSchema,
  splitCursor,
  type PricesResponseData,
  type SearchInfo,
  type SearchResponseData,
  type SparseSearchResponseData,
  successEnvelope,
} from '../../../src/contract/index.ts';
import type { SandboxContext } from '../context.ts';
import { findApiHotel, hotelAt } from '../inventory/inventory.ts';
import type { SandboxEnv } from '../http/env.ts';
import { errorResponse } from '../http/errors.ts';
import { successMessage } from '../http/messages.ts';
import { validated } from '../http/validation.ts';
import { MAX_REFRESH_MS } from './session.ts';
import { hotelItem, priceUpdate, similarItem, sparseItem } from './present.ts';
import { openSession, resolveDestination, searchInputs } from './search.ts';
import { decodeCursor, SORT_SPECS } from './sort.ts';

/** A live-mode search waits at most this long for its suppliers (contract: about 15 s). */
const MAX_LIVE_WAIT_MS = 15_000;

export function registerSearchRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  const { inventory } = ctx;
  const searchSchema = createSearchRequestSchema(() => new Date(ctx.now()));

  app.post(
    '/hotels/search',
    validated({ body: searchSchema }, async (c, { body: request }) => {
      const now = ctx.now();
      const language = c.get('language');

      const destination = resolveDestination(inventory, request.destination);
      if (!destination) {
        return errorResponse(c, 'DESTINATION_NOT_FOUND', {
          details: [
            { field: 'destination.id', message: `is not a known ${request.destination.type}` },
          ],
        });
      }
      const inputs = searchInputs(c.get('apiKey'), request, destination);
      const spec = SORT_SPECS[inputs.sort];
      let after = null;
      if (request.cursor !== undefined) {
        const parts = splitCursor(request.cursor);
        after = parts && decodeCursor(spec, parts.sortKey, parts.hotelId);
        if (!after) {
          return errorResponse(c, 'INVALID_CURSOR', {
            details: [{ field: 'cursor', message: `is not a cursor of the sort ${inputs.sort}` }],
          });
        }
      }

      const session = openSession(
        ctx,
        inputs,
        now,
        sandboxShopperOf(c.req.header(SANDBOX_SHOPPER_HEADER)),
      );
      session.advance(inventory, ctx.quotes, now);
      const start = session.startAfter(after, inventory);
      const end = Math.min(session.size, start + request.limit);
      const page: number[] = [];
      for (let position = start; position < end; position++) page.push(session.hotelAt(position));
      const visible = [...page, ...(session.similar ?? [])];
      // Loaded pages join the session's refresh set: one search_id polls them all.
      for (const hotelIndex of visible) session.join(inventory, hotelIndex, now);

      if (inputs.pricingMode === 'live') {
        const readyBy = session.readyBy(visible, now);
        const wait = Math.min(readyBy - now, MAX_LIVE_WAIT_MS, MAX_REFRESH_MS);
        if (wait > 0) await ctx.sleep(wait);
        // The suppliers have answered by readyBy, even if the clock has not quite got there.
        session.advance(inventory, ctx.quotes, Math.max(ctx.now(), readyBy));
      }

      const stay = inputs.stay;
      const searchInfo: SearchInfo = {
        ...(destination.type === 'place'
          ? {
              place_id: destination.place.id,
              place: destination.place.name,
              place_type: destination.place.type,
            }
          : {}),
        city_id: destination.city.id,
        city: destination.city.name,
        country_code: destination.city.countryCode,
        check_in: stay.checkIn,
        check_out: stay.checkOut,
        nights: session.pricer.nights,
        total_rooms: stay.rooms.length,
        total_guests: stay.rooms.reduce(
          (sum, room) => sum + room.adults + room.child_ages.length,
          0,
        ),
        price_sort: priceSortLabel(inputs.sort),
        sort: inputs.sort,
        center: centerOf(inventory.cityCentres[destination.city.index]),
      };
      const { fields } = request;
      const items = page.map((hotelIndex) =>
        hotelItem(ctx, session, hotelAt(inventory, hotelIndex), language),
      );
      const data: SearchResponseData | SparseSearchResponseData = {
        search_info: searchInfo,
        total_results: session.size,
        requested_results: request.limit,
        returned_results: items.length,
        next_cursor: end < session.size ? session.cursorAt(end - 1, inventory) : null,
        hotels: fields ? items.map((item) => sparseItem(item, fields)) : items,
        search_id: session.id,
        refresh_status: visible.every((hotelIndex) => session.isRefreshed(hotelIndex))
          ? 'NA'
          : 'PENDING',
        ...(session.similar
          ? {
              similar_hotels: session.similar.map((hotelIndex) =>
                similarItem(
                  ctx,
                  session,
                  hotelAt(inventory, hotelIndex),
                  session.similarFrom,
                  language,
                ),
              ),
            }
          : {}),
      };
      return c.json(successEnvelope(successMessage(language, 'search', session.size), data));
    }),
  );

  app.get(
    '/hotels/search/:search_id/prices',
    validated(
      { params: { search_id: SearchIdSchema }, query: PricesQuerySchema },
      (c, { params, query }) => {
        const now = ctx.now();
        const found = ctx.sessions.find(params.search_id, c.get('apiKey'), now);
        if (found === null) return errorResponse(c, 'SEARCH_NOT_FOUND');
        const language = c.get('language');
        if (found.expired) {
          const { session } = found;
          // The lifetime is over: the client searches again (its last numbers, when still known).
          const expired: PricesResponseData = {
            search_id: params.search_id,
            refresh_status: 'EXPIRED',
            version: session?.version ?? 0,
            refreshed: session?.refreshedCount ?? 0,
            total: session?.refreshTotal ?? 0,
            updates: [],
          };
          return c.json(successEnvelope(successMessage(language, 'prices'), expired));
        }
        const { session } = found;
        const priority: number[] = [];
        for (const raw of query.refresh_ids) {
          const hotel = findApiHotel(inventory, Number(raw));
          if (hotel) priority.push(hotel.index);
        }
        session.prioritize(inventory, priority, now);
        session.advance(inventory, ctx.quotes, now);
        const data: PricesResponseData = {
          search_id: session.id,
          refresh_status: session.pending === 0 ? 'COMPLETE' : 'PENDING',
          version: session.version,
          refreshed: session.refreshedCount,
          total: session.refreshTotal,
          updates: session
            .updatesSince(query.since)
            .map(({ hotelIndex }) => priceUpdate(session, hotelAt(inventory, hotelIndex))),
        };
        return c.json(successEnvelope(successMessage(language, 'prices'), data));
      },
    ),
  );
}

function centerOf(centre: { lat: number; lon: number } | null | undefined) {
  return centre ? { latitude: centre.lat, longitude: centre.lon } : null;
}
