// Look-up endpoints: destination autocomplete, nationalities, filters (docs/api.md, "Catalogue").
import * as z from 'zod/mini';
import { NumericIdStringSchema, PositiveIdSchema } from './common-schemas.ts';
import { DESTINATION_TYPES } from './search-terms.ts';

/* ------------------------------------------------------------------ autocomplete */

export const PLACE_TYPES = ['region', 'island', 'locality', 'neighbourhood'] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];

export const AUTOCOMPLETE_LIMITS = {
  minQuery: 2,
  maxQuery: 64,
  defaultLimit: 8,
  maxLimit: 20,
  maxHotels: 3,
} as const;

export const AutocompleteQuerySchema = z.object({
  query: z
    .string('is required')
    .check(
      z.trim(),
      z.minLength(AUTOCOMPLETE_LIMITS.minQuery, 'must be at least 2 characters'),
      z.maxLength(AUTOCOMPLETE_LIMITS.maxQuery, 'must be at most 64 characters'),
    ),
  limit: z._default(
    z.pipe(
      z
        .string('must be a number from 1 to 20')
        .check(z.regex(/^[0-9]{1,3}$/, 'must be a number from 1 to 20')),
      z.pipe(
        z.transform(Number),
        z
          .int()
          .check(
            z.minimum(1, 'must be between 1 and 20'),
            z.maximum(AUTOCOMPLETE_LIMITS.maxLimit, 'must be between 1 and 20'),
          ),
      ),
    ),
    AUTOCOMPLETE_LIMITS.defaultLimit,
  ),
});

export const DestinationSchema = z.object({
  type: z.enum(DESTINATION_TYPES),
  id: z.number(),
  name: z.string(),
  label: z.string(),
  place_type: z.optional(z.enum(PLACE_TYPES)),
  city_id: z.optional(z.nullable(z.number())),
  city: z.optional(z.nullable(z.string())),
  country_code: z.string(),
  country: z.string(),
  hotel_count: z.optional(z.number()),
  latitude: z.optional(z.nullable(z.number())),
  longitude: z.optional(z.nullable(z.number())),
});
export type Destination = z.infer<typeof DestinationSchema>;

export const AutocompleteResponseDataSchema = z.object({
  destinations: z.array(DestinationSchema),
});
export type AutocompleteResponseData = z.infer<typeof AutocompleteResponseDataSchema>;

/* ------------------------------------------------------------------ popular destinations */

/**
 * Popular destinations, an endpoint of the app server (not of the hotel API): what the
 * home page offers to a shopper who has not typed anything yet. The operator lists them
 * (POPULAR_DESTINATIONS); in sandbox mode the sandbox's biggest cities.
 */
export const PopularDestinationSchema = z.object({
  type: z.enum(DESTINATION_TYPES, 'must be one of city, hotel, place'),
  id: PositiveIdSchema,
  name: z
    .string('is required')
    .check(
      z.trim(),
      z.minLength(1, 'is required'),
      z.maxLength(100, 'must be at most 100 characters'),
    ),
  country: z.optional(
    z.nullable(z.string().check(z.maxLength(100, 'must be at most 100 characters'))),
  ),
  /** A path on this site or an https URL; null for none. */
  image_url: z.nullable(
    z
      .string()
      .check(
        z.maxLength(2000, 'must be at most 2000 characters'),
        z.regex(/^(\/(?!\/)|https:\/\/)/, 'must be a path on this site (/…) or an https URL'),
      ),
  ),
});
export type PopularDestination = z.infer<typeof PopularDestinationSchema>;

export const MAX_POPULAR_DESTINATIONS = 12;
export const PopularDestinationsResponseDataSchema = z.object({
  destinations: z.array(PopularDestinationSchema).check(z.maxLength(MAX_POPULAR_DESTINATIONS)),
});

/* ------------------------------------------------------------------ map settings */

/** A street map's raster tiles, as the operator configured them (MAP_TILE_URL). */
export const MapTilesSchema = z.object({
  /** https://tiles.example.com/{z}/{x}/{y}.png */
  url_template: z.string(),
  /** Shown on the map, as the tiles' licence requires. */
  attribution: z.string(),
  max_zoom: z.int(),
});
export type MapTiles = z.infer<typeof MapTilesSchema>;

export const MapSettingsResponseDataSchema = z.object({
  /** Null: the map draws the offline basemap shipped with the app. */
  tiles: z.nullable(MapTilesSchema),
});

export const MAX_MAP_LABELS = 40;

/** A number in a query string, within [min, max]: the field is named by the caller. */
function boundedNumber(min: number, max: number) {
  const message = `must be a number from ${min} to ${max}`;
  return z.pipe(
    z.string(message).check(z.regex(/^-?[0-9]{1,3}(\.[0-9]{1,8})?$/, message)),
    z.pipe(z.transform(Number), z.number().check(z.minimum(min, message), z.maximum(max, message))),
  );
}

/** The view: its south-west and north-east corners, and its zoom. */
export const MapLabelsQuerySchema = z
  .object({
    south: boundedNumber(-90, 90),
    west: boundedNumber(-540, 540),
    north: boundedNumber(-90, 90),
    east: boundedNumber(-540, 540),
    zoom: boundedNumber(0, 22),
  })
  .check(
    z.refine((q) => q.south <= q.north, { message: 'must not be above north', path: ['south'] }),
    z.refine((q) => q.west <= q.east, { message: 'must not be east of east', path: ['west'] }),
  );
export type MapLabelsQuery = z.output<typeof MapLabelsQuerySchema>;

export const MapLabelSchema = z.object({
  name: z.string(),
  /** A city, or an area of one (neighbourhood, locality): areas come at street zooms. */
  kind: z.enum(['city', 'area']),
  latitude: z.number(),
  longitude: z.number(),
});
export type MapLabel = z.infer<typeof MapLabelSchema>;

export const MapLabelsResponseDataSchema = z.object({
  labels: z.array(MapLabelSchema).check(z.maxLength(MAX_MAP_LABELS)),
});

/* ------------------------------------------------------------------ nationalities */

export const NationalityItemSchema = z.object({ iso_code: z.string(), name: z.string() });
export type Nationality = z.infer<typeof NationalityItemSchema>;

export const NationalitiesResponseDataSchema = z.object({
  nationalities: z.array(NationalityItemSchema),
});
export type NationalitiesResponseData = z.infer<typeof NationalitiesResponseDataSchema>;

/* ------------------------------------------------------------------ filters */

export const FiltersQuerySchema = z
  .object({
    destination_type: z.optional(z.enum(DESTINATION_TYPES, 'must be one of city, hotel, place')),
    destination_id: z.optional(NumericIdStringSchema),
  })
  .check(
    z.refine((q) => (q.destination_type === undefined) === (q.destination_id === undefined), {
      message: 'destination_type and destination_id go together',
      path: ['destination_id'],
    }),
  );

const counted = { count: z.optional(z.number()) };

export const FiltersResponseDataSchema = z.object({
  property_types: z.array(z.object({ value: z.string(), name: z.string(), ...counted })),
  chains: z.array(z.object({ chain_id: z.number(), name: z.string(), ...counted })),
  facilities: z.array(z.object({ facility_id: z.number(), name: z.string(), ...counted })),
});
export type FiltersResponseData = z.infer<typeof FiltersResponseDataSchema>;
