// Every operation of our /api, as the OpenAPI document describes it: the inputs each route
// validates (the contract's schemas, the same ones the routes use), its rate-limit class,
// its answer's `data` and the errors it can answer with. server/openapi/document.test.ts
// holds this table to the routes the app really has, both ways.
import * as z from 'zod/mini';
import {
  ACCESS_TOKEN_HEADER,
  AccessTokenSchema,
  AutocompleteQuerySchema,
  BOOKING_ROUTES,
  BookRequestSchema,
  BookingLookupRequestSchema,
  FiltersQuerySchema,
  HealthDataSchema,
  HotelIdParamSchema,
  IdempotencyKeySchema,
  MapLabelsQuerySchema,
  PrebookRequestSchema,
  PricesQuerySchema,
  ReadyDataSchema,
  ReferenceSchema,
  SHOPPING_ROUTES,
  SearchIdSchema,
  createRoomsRequestSchema,
  createSearchRequestSchema,
  type ErrorCode,
} from '../../src/contract/index.ts';
import { EXAMPLE_GUESTS, EXAMPLE_HOLDER } from '../../src/contract/examples.ts';
import type { RateLimitClass } from '../http/rate-limit.ts';

export type OperationTag = 'Shopping' | 'Booking' | 'Service';

export interface HeaderInput {
  schema: z.ZodMiniType;
  required: boolean;
  description: string;
}

export interface ApiOperation {
  operationId: string;
  method: 'GET' | 'POST';
  /** A Hono pattern relative to /api, as the route registers it. */
  path: string;
  tag: OperationTag;
  summary: string;
  /** What JSON Schema cannot say (check-in from today on) and how to use it. */
  description: string;
  /** Null: not rate limited (health). */
  rateLimit: RateLimitClass | null;
  params?: Record<string, z.ZodMiniType>;
  query?: z.ZodMiniType;
  headers?: Record<string, HeaderInput>;
  body?: z.ZodMiniType;
  /** A valid request body (tests parse it with `body`). */
  bodyExample?: unknown;
  status: 200 | 201;
  data: z.ZodMiniType;
  errors: readonly ErrorCode[];
}

/** The request schemas that depend on "today" are built on the server's clock; any will do. */
const searchRequest = createSearchRequestSchema();
const roomsRequest = createRoomsRequestSchema();

const STAY_RULES =
  "`check_in` is today or later (the server's date) and at most 500 days ahead; `check_out` is 1 to 30 nights after it.";

const UPSTREAM_ERRORS = ['UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT'] as const;
const INPUT_ERRORS = ['VALIDATION_FAILED'] as const;
const BODY_ERRORS = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
] as const;

const IDEMPOTENCY_KEY: HeaderInput = {
  schema: IdempotencyKeySchema,
  required: true,
  description:
    'Makes the booking once: a retry with the same key and body answers the same booking (replayed), never a second one.',
};

const ACCESS_TOKEN: HeaderInput = {
  schema: AccessTokenSchema,
  required: true,
  description:
    "The `access_token` of the booking's answers. A wrong token answers exactly as an unknown reference does (404 BOOKING_NOT_FOUND).",
};

const TIME_ZONE: HeaderInput = {
  schema: z.string().check(z.maxLength(64)),
  required: false,
  description:
    "The shopper's IANA time zone (e.g. Europe/Paris): the confirmation e-mail gives the free-cancellation deadline in it too.",
};

/** A booking found with the holder's details: the look-up's limits, body and answers. */
const BY_DETAILS = {
  rateLimit: 'lookup',
  body: BookingLookupRequestSchema,
  bodyExample: { reference: 'STL4K9Q2', last_name: 'Rao', email: 'asha@example.com' },
  status: 200,
  errors: [...BODY_ERRORS, 'BOOKING_NOT_FOUND', ...UPSTREAM_ERRORS],
} as const satisfies Partial<ApiOperation>;

/** A booking opened with its holder's access token, under the read limit. */
const BY_TOKEN = {
  rateLimit: 'read',
  params: { reference: ReferenceSchema },
  headers: { [ACCESS_TOKEN_HEADER]: ACCESS_TOKEN },
  status: 200,
  errors: [...INPUT_ERRORS, 'BOOKING_NOT_FOUND', ...UPSTREAM_ERRORS],
} as const satisfies Partial<ApiOperation>;

export const API_OPERATIONS: readonly ApiOperation[] = [
  {
    operationId: 'getHealth',
    method: 'GET',
    path: '/health',
    tag: 'Service',
    summary: 'Liveness: mode, version, Redis and the hotel API as seen lately',
    description: 'Never the key. A failing hotel API does not make the instance unready.',
    rateLimit: null,
    status: 200,
    data: HealthDataSchema,
    errors: [],
  },
  {
    operationId: 'getReadiness',
    method: 'GET',
    path: '/health/ready',
    tag: 'Service',
    summary: 'Readiness: 503 NOT_READY while starting and while draining',
    description: 'For load balancers: stop sending to an instance that answers 503.',
    rateLimit: null,
    status: 200,
    data: ReadyDataSchema,
    errors: ['NOT_READY'],
  },
  {
    operationId: 'searchHotels',
    method: 'POST',
    path: SHOPPING_ROUTES.searchHotels.path,
    tag: 'Shopping',
    summary: 'Search hotels with prices for a stay',
    description: `${STAY_RULES} With \`fields\`, each hotel carries only those fields. Page with the answer's \`next_cursor\`; poll prices with \`search_id\` while \`refresh_status\` is PENDING.`,
    rateLimit: 'search',
    body: searchRequest,
    bodyExample: {
      destination: { type: 'city', id: 2988507 },
      check_in: '2027-03-10',
      check_out: '2027-03-12',
      rooms: [{ adults: 2 }],
      nationality: 'FR',
    },
    status: 200,
    data: SHOPPING_ROUTES.searchHotels.data,
    errors: [...BODY_ERRORS, 'INVALID_CURSOR', 'DESTINATION_NOT_FOUND', ...UPSTREAM_ERRORS],
  },
  {
    operationId: 'getSearchPrices',
    method: 'GET',
    path: SHOPPING_ROUTES.searchPrices.path,
    tag: 'Shopping',
    summary: 'Poll the live prices of a search',
    description:
      'Every 2 s or so while `refresh_status` is PENDING; stop at COMPLETE or EXPIRED. `since` returns only what changed.',
    rateLimit: 'read',
    params: { search_id: SearchIdSchema },
    query: PricesQuerySchema,
    status: 200,
    data: SHOPPING_ROUTES.searchPrices.data,
    errors: [...INPUT_ERRORS, 'SEARCH_NOT_FOUND', ...UPSTREAM_ERRORS],
  },
  {
    operationId: 'autocompleteDestinations',
    method: 'GET',
    path: SHOPPING_ROUTES.autocomplete.path,
    tag: 'Shopping',
    summary: 'Destinations (cities, hotels, places) matching what the shopper typed',
    description: 'Names come in the `language` of the request.',
    rateLimit: 'read',
    query: AutocompleteQuerySchema,
    status: 200,
    data: SHOPPING_ROUTES.autocomplete.data,
    errors: [...INPUT_ERRORS, ...UPSTREAM_ERRORS],
  },
  {
    operationId: 'listPopularDestinations',
    method: 'GET',
    path: SHOPPING_ROUTES.popularDestinations.path,
    tag: 'Shopping',
    summary: 'Destinations offered before anything is typed',
    description: "The operator's list, or the sandbox's biggest cities.",
    rateLimit: 'read',
    status: 200,
    data: SHOPPING_ROUTES.popularDestinations.data,
    errors: [],
  },
  {
    operationId: 'listNationalities',
    method: 'GET',
    path: SHOPPING_ROUTES.nationalities.path,
    tag: 'Shopping',
    summary: 'Nationalities a search may name (prices can depend on them)',
    description: 'Names come in the `language` of the request.',
    rateLimit: 'read',
    status: 200,
    data: SHOPPING_ROUTES.nationalities.data,
    errors: [...UPSTREAM_ERRORS],
  },
  {
    operationId: 'listFilters',
    method: 'GET',
    path: SHOPPING_ROUTES.filters.path,
    tag: 'Shopping',
    summary: 'The filters a destination offers, with counts',
    description: 'Property types, chains, facilities and star ratings in the destination.',
    rateLimit: 'read',
    query: FiltersQuerySchema,
    status: 200,
    data: SHOPPING_ROUTES.filters.data,
    errors: [...INPUT_ERRORS, 'DESTINATION_NOT_FOUND', ...UPSTREAM_ERRORS],
  },
  {
    operationId: 'getHotelContent',
    method: 'GET',
    path: SHOPPING_ROUTES.content.path,
    tag: 'Shopping',
    summary: "A hotel's content: description, pictures, facilities, policies",
    description: 'Texts come in the `language` of the request.',
    rateLimit: 'read',
    params: { hotel_id: HotelIdParamSchema },
    status: 200,
    data: SHOPPING_ROUTES.content.data,
    errors: [...INPUT_ERRORS, 'HOTEL_NOT_FOUND', ...UPSTREAM_ERRORS],
  },
  {
    operationId: 'listRoomOptions',
    method: 'POST',
    path: SHOPPING_ROUTES.rooms.path,
    tag: 'Shopping',
    summary: "A hotel's rooms and rates for a stay",
    description: `${STAY_RULES} Each rate's \`booking_token\` is what prebook takes.`,
    rateLimit: 'search',
    body: roomsRequest,
    bodyExample: {
      hotel_id: '1044',
      check_in: '2027-03-10',
      check_out: '2027-03-12',
      rooms: [{ adults: 2 }],
      nationality: 'FR',
    },
    status: 200,
    data: SHOPPING_ROUTES.rooms.data,
    errors: [...BODY_ERRORS, 'HOTEL_NOT_FOUND', ...UPSTREAM_ERRORS],
  },
  {
    operationId: 'getExchangeRates',
    method: 'GET',
    path: SHOPPING_ROUTES.exchangeRates.path,
    tag: 'Shopping',
    summary: 'The reference rates prices are shown in other currencies with',
    description:
      'Null when there are none to trust (missing, unreadable or older than 30 days): show USD only. Charges are always in the currency the API quotes.',
    rateLimit: 'read',
    status: 200,
    data: SHOPPING_ROUTES.exchangeRates.data,
    errors: [],
  },
  {
    operationId: 'getMapSettings',
    method: 'GET',
    path: SHOPPING_ROUTES.mapSettings.path,
    tag: 'Shopping',
    summary: 'The basemap the results map draws',
    description: "The operator's street-map tiles, or null for the offline basemap.",
    rateLimit: 'read',
    status: 200,
    data: SHOPPING_ROUTES.mapSettings.data,
    errors: [],
  },
  {
    operationId: 'listMapLabels',
    method: 'GET',
    path: SHOPPING_ROUTES.mapLabels.path,
    tag: 'Shopping',
    summary: 'Place names written on the offline basemap, within a box',
    description: 'Empty in upstream mode.',
    rateLimit: 'read',
    query: MapLabelsQuerySchema,
    status: 200,
    data: SHOPPING_ROUTES.mapLabels.data,
    errors: [...INPUT_ERRORS],
  },
  {
    operationId: 'prebook',
    method: 'POST',
    path: BOOKING_ROUTES.prebook.path,
    tag: 'Booking',
    summary: 'Hold a rate: its final price and terms, and a prebook id to book with',
    description: 'The price may differ from the search: show the new one before booking.',
    rateLimit: 'booking',
    body: PrebookRequestSchema,
    bodyExample: { booking_token: 'bt_1044_dbl_ro_2027-03-10' },
    status: 200,
    data: BOOKING_ROUTES.prebook.data,
    errors: [...BODY_ERRORS, 'RATE_UNAVAILABLE', 'BOOKING_TOKEN_EXPIRED', ...UPSTREAM_ERRORS],
  },
  {
    operationId: 'book',
    method: 'POST',
    path: BOOKING_ROUTES.book.path,
    tag: 'Booking',
    summary: 'Book a held rate',
    description:
      "Answers 201 with the booking and its holder's `access_token`. Retry a failed or unanswered book with the same Idempotency-Key and body: it is made once.",
    rateLimit: 'booking',
    headers: { 'Idempotency-Key': IDEMPOTENCY_KEY, 'Time-Zone': TIME_ZONE },
    body: BookRequestSchema,
    bodyExample: {
      prebook_id: 'pb_8f2c1e4b9a7d3e06',
      holder: EXAMPLE_HOLDER,
      guests: EXAMPLE_GUESTS,
    },
    status: 201,
    data: BOOKING_ROUTES.book.data,
    errors: [
      ...BODY_ERRORS,
      'IDEMPOTENCY_KEY_REQUIRED',
      'IDEMPOTENCY_IN_PROGRESS',
      'IDEMPOTENCY_KEY_MISMATCH',
      'PREBOOK_EXPIRED',
      'PREBOOK_ALREADY_BOOKED',
      'RATE_UNAVAILABLE',
      ...UPSTREAM_ERRORS,
    ],
  },
  {
    operationId: 'lookUpBooking',
    method: 'POST',
    path: BOOKING_ROUTES.bookingLookup.path,
    tag: 'Booking',
    summary: "Find a booking with its reference and the holder's last name and e-mail",
    description:
      'Limited to 5 tries in 5 minutes per client, then a 15-minute pause. Any mismatch answers 404 BOOKING_NOT_FOUND, in the same time as a match.',
    ...BY_DETAILS,
    data: BOOKING_ROUTES.bookingLookup.data,
  },
  {
    operationId: 'cancelBookingByDetails',
    method: 'POST',
    path: BOOKING_ROUTES.bookingCancel.path,
    tag: 'Booking',
    summary: "Cancel a booking found with the holder's details",
    description:
      "The look-up's limits and answers; cancelling a cancelled booking answers it as it is.",
    ...BY_DETAILS,
    data: BOOKING_ROUTES.bookingCancel.data,
  },
  {
    operationId: 'getHeldBooking',
    method: 'GET',
    path: BOOKING_ROUTES.heldBooking.path,
    tag: 'Booking',
    summary: "Read a booking with its holder's access token",
    description:
      "Under the read limit, not the look-up's. The token travels in a header, never in the URL.",
    ...BY_TOKEN,
    data: BOOKING_ROUTES.heldBooking.data,
  },
  {
    operationId: 'cancelHeldBooking',
    method: 'POST',
    path: BOOKING_ROUTES.heldBookingCancel.path,
    tag: 'Booking',
    summary: "Cancel a booking with its holder's access token",
    description: 'Under the read limit. No body.',
    ...BY_TOKEN,
    data: BOOKING_ROUTES.heldBookingCancel.data,
  },
];
