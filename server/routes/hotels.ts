// /api/hotels/*: search, price polling, filters, room options, content, prebook and
// book — the contract's endpoints under the same paths, validated before forwarding.
import { Hono } from 'hono';
import {
  BookRequestSchema,
  ENDPOINTS,
  type BookRequest,
  FiltersQuerySchema,
  HotelIdParamSchema,
  IdempotencyKeySchema,
  PrebookRequestSchema,
  PricesQuerySchema,
  SearchIdSchema,
  SparseSearchResponseDataSchema,
  createRoomsRequestSchema,
  createSearchRequestSchema,
} from '../../src/contract/index.ts';
import { heldBooking } from '../booking-access.ts';
import { shopperTimeZoneOf } from '../mail/outbox.ts';
import type { AppEnv } from '../http/env.ts';
import { errorResponse } from '../http/errors.ts';
import { forwarded, sendUpstreamResult } from '../http/upstream-response.ts';
import { parseWith, readJsonBody, validated, validationFailed } from '../http/validation.ts';
import type { RouteDeps } from './deps.ts';

export function hotelRoutes({
  upstream,
  today,
  rateLimiter,
  metrics,
  bookingAccess,
  outbox,
}: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const searchSchema = createSearchRequestSchema(today);
  const roomsSchema = createRoomsRequestSchema(today);

  app.post(
    ENDPOINTS.searchHotels.path,
    validated(
      { body: searchSchema },
      rateLimiter.guard('search', async (c, { body }) => {
        const result = await upstream.call('searchHotels', {
          ...forwarded(c),
          body,
          live: body.pricing_mode === 'live',
          dataSchema: body.fields ? SparseSearchResponseDataSchema : undefined,
        });
        return sendUpstreamResult(c, result);
      }),
    ),
  );

  app.get(
    ENDPOINTS.searchPrices.path,
    validated(
      { params: { search_id: SearchIdSchema }, query: PricesQuerySchema },
      rateLimiter.guard('read', async (c, { params, query }) => {
        const { refresh_ids, since } = query;
        const result = await upstream.call('searchPrices', {
          ...forwarded(c),
          params,
          query: { refresh_ids: refresh_ids.length > 0 ? refresh_ids.join(',') : undefined, since },
        });
        metrics.pricePoll(result.ok ? result.data.refresh_status : result.code);
        return sendUpstreamResult(c, result);
      }),
    ),
  );

  app.get(
    ENDPOINTS.filters.path,
    validated(
      { query: FiltersQuerySchema },
      rateLimiter.guard('read', async (c, { query }) =>
        sendUpstreamResult(c, await upstream.call('filters', { ...forwarded(c), query })),
      ),
    ),
  );

  app.post(
    ENDPOINTS.rooms.path,
    validated(
      { body: roomsSchema },
      rateLimiter.guard('search', async (c, { body }) =>
        sendUpstreamResult(c, await upstream.call('rooms', { ...forwarded(c), body })),
      ),
    ),
  );

  app.get(
    ENDPOINTS.content.path,
    validated(
      { params: { hotel_id: HotelIdParamSchema } },
      rateLimiter.guard('read', async (c, { params }) =>
        sendUpstreamResult(c, await upstream.call('content', { ...forwarded(c), params })),
      ),
    ),
  );

  app.post(
    ENDPOINTS.prebook.path,
    validated(
      { body: PrebookRequestSchema },
      rateLimiter.guard('booking', async (c, { body }) =>
        sendUpstreamResult(c, await upstream.call('prebook', { ...forwarded(c), body })),
      ),
    ),
  );

  const book = rateLimiter.guard('booking', async (c, request: BookRequest, key: string) => {
    const result = await upstream.call('book', {
      ...forwarded(c),
      body: request,
      idempotencyKey: key,
    });
    metrics.booking(result.ok ? (result.replayed ? 'replayed' : 'booked') : result.code);
    // Handed over, not awaited; a replay hands the same job, which is sent once.
    if (result.ok) {
      outbox.enqueue({
        kind: 'confirmed',
        reference: result.data.reference,
        language: c.get('language'),
        shopperTimeZone: shopperTimeZoneOf(c.req.header('time-zone')),
      });
    }
    // A replay gets the same token: it is a function of the booking, not of the answer.
    return sendUpstreamResult(
      c,
      result.ok ? { ...result, data: heldBooking(bookingAccess, result.data) } : result,
    );
  });
  app.post(ENDPOINTS.book.path, async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    const sentKey = c.req.header('idempotency-key');
    const key = IdempotencyKeySchema.safeParse(sentKey);
    if (!key.success) {
      // Like every 400, it names the field at fault: here the header (as the sandbox does).
      return errorResponse(c, 'IDEMPOTENCY_KEY_REQUIRED', {
        message:
          'Send an Idempotency-Key header: 8 to 128 letters, digits, "_" or "-", the same for every retry of this booking',
        details: [
          {
            field: 'Idempotency-Key',
            message: sentKey ? 'must be 8 to 128 letters, digits, "_" or "-"' : 'is required',
          },
        ],
      });
    }
    const request = parseWith(BookRequestSchema, body.value);
    if (!request.ok) return validationFailed(c, request.details);
    return book(c, request.value, key.data);
  });

  return app;
}
