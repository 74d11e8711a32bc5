// A hotel's room types: which ones it has, their beds, sizes and amenities. A pure
// function of the seed and the hotel, so every call (and every sandbox on the seed)
// describes the same rooms. Every hotel has a type for five guests, so any occupancy
// the search accepts (at most five per room) has a room, and a price in the search is
// never contradicted by "no room fits" here.
import type { Language } from '../../../src/contract/index.ts';
import { FACILITY_BY_ID } from '../inventory/catalog.ts';
import { hasFacility, type Hotel, type Inventory } from '../inventory/inventory.ts';
import { hashString, unitHash } from '../inventory/random.ts';
import {
  BEDS,
  ROOM_EXTRAS,
  ROOM_TEMPLATES,
  type BedKey,
  type RoomExtraKey,
  type RoomTemplate,
} from './catalog.ts';

export interface RoomType {
  template: RoomTemplate;
  /** room_type_id: "<hotel id>-<slug>". */
  id: string;
  bed: BedKey;
  sizeSqm: number;
  /** Price relative to a standard double room for the same stay. */
  factor: number;
  /** Hotel facilities the room has (ids), in-room ones first. */
  facilityIds: readonly number[];
  extras: readonly RoomExtraKey[];
}

/** In-room facilities every room of a hotel has when the hotel has them. */
const IN_ROOM_FACILITIES = [10, 4, 5, 1, 13, 22, 12, 9, 14, 21, 20, 23, 24] as const;
const MAX_AMENITIES = 12;

type Slug = keyof typeof ROOM_TEMPLATES;

interface Lineup {
  /** Always offered: the standard room. */
  first: Slug;
  /** Some of these, in this order. */
  optional: readonly Slug[];
  /** Always offered: the room for five (absent when `first` already sleeps five). */
  last: Slug | null;
}

function lineupOf(hotel: Hotel): Lineup {
  const stars = hotel.stars ?? 2;
  switch (hotel.propertyType) {
    case 'villa':
      return { first: 'villa', optional: [], last: null };
    case 'apartment':
      return { first: 'apt2', optional: ['stu', 'apt1'], last: null };
    case 'aparthotel':
      return { first: 'stu', optional: ['apt1'], last: 'apt2' };
    case 'hostel':
      return { first: 'prv2', optional: ['prv4'], last: 'prv5' };
    case 'ryokan':
      return { first: 'wa', optional: ['waBath'], last: 'waFam' };
    case 'riad':
      return { first: 'dbl', optional: ['twin', 'ste'], last: 'fams' };
    case 'guest_house':
    case 'bed_and_breakfast':
      return { first: 'dbl', optional: ['sgl', 'twin', 'fam'], last: 'fams' };
    case 'motel':
      return { first: 'dbl', optional: ['twin', 'fam'], last: 'fams' };
    case 'resort':
    case 'hotel':
    case 'boutique_hotel':
      if (stars >= 4)
        return { first: 'dbl', optional: ['twin', 'dlx', 'jrs', 'ste'], last: 'fams' };
      if (stars === 3)
        return { first: 'dbl', optional: ['twin', 'sup', 'tpl', 'fam'], last: 'fams' };
      return { first: 'dbl', optional: ['sgl', 'twin', 'tpl', 'fam'], last: 'fams' };
  }
}

const cache = new WeakMap<Hotel, readonly RoomType[]>();

/** The hotel's room types, cheapest first (1 to 6). */
export function roomTypesOf(inventory: Inventory, hotel: Hotel): readonly RoomType[] {
  const known = cache.get(hotel);
  if (known) return known;
  const seed = inventory.seedHash;
  const lineup = lineupOf(hotel);
  // Bigger and better hotels offer more types; each optional one with its own odds.
  const odds = 0.35 + 0.1 * (hotel.stars ?? 2);
  const slugs: Slug[] = [lineup.first];
  lineup.optional.forEach((slug, i) => {
    if (unitHash(seed, hotel.id, 501, i) < odds) slugs.push(slug);
  });
  if (lineup.last) slugs.push(lineup.last);

  const scale = hotel.stars === null ? 0.95 : 0.85 + 0.07 * (hotel.stars - 1);
  const types = slugs.map((key): RoomType => {
    const template: RoomTemplate = ROOM_TEMPLATES[key];
    const salt = hashString(template.slug);
    const [min, max] = template.size;
    const size = Math.round((min + (max - min) * unitHash(seed, hotel.id, salt, 1)) * scale);
    const bed =
      template.beds[Math.floor(unitHash(seed, hotel.id, salt, 2) * template.beds.length)] ??
      template.beds[0] ??
      'double';
    // Only ratios matter: the cheapest type that fits a stay gets the supplier's price.
    const factor = template.factor * (0.97 + 0.06 * unitHash(seed, hotel.id, salt, 3));
    const facilityIds = [...IN_ROOM_FACILITIES, ...template.facilities].filter((id) =>
      hasFacility(hotel, id),
    );
    return {
      template,
      id: `${hotel.id}-${template.slug}`,
      bed,
      sizeSqm: Math.max(9, size),
      factor,
      facilityIds: [...new Set(facilityIds)],
      extras: template.extras,
    };
  });
  types.sort((a, b) => a.factor - b.factor || a.id.localeCompare(b.id));
  cache.set(hotel, types);
  return types;
}

/** A room type fits a stay when every requested room's guests fit in one such room. */
export function fitsOccupancy(
  type: RoomType,
  rooms: readonly { adults: number; child_ages: readonly number[] }[],
): boolean {
  return rooms.every((room) => room.adults + room.child_ages.length <= type.template.maxOccupancy);
}

export function roomName(type: RoomType, language: Language): string {
  return type.template.names[language];
}

export function bedName(type: RoomType, language: Language): string {
  return BEDS[type.bed][language];
}

/** The room's amenities in the language: its extras first, then the hotel's in-room facilities. */
export function amenityNames(type: RoomType, language: Language): string[] {
  const extras = type.extras.map((key) => ROOM_EXTRAS[key][language]);
  const facilities = type.facilityIds.flatMap((id) => {
    const facility = FACILITY_BY_ID.get(id);
    return facility ? [facility.names[language]] : [];
  });
  return [...extras, ...facilities].slice(0, MAX_AMENITIES);
}
