// fast-check arbitraries for the hotel API's inputs, written from the API's rules as
// docs/api.md states them rather than from the contract's zod schemas, so
// the property tests check the schemas instead of repeating them:
//
// - `valid*`: requests a correct server must accept (ids taken from the inventory);
// - `broken*`: the same requests with chosen fields made wrong in every way we could
//   think of (wrong types, out-of-range and non-integer numbers, bad dates, huge and
//   unicode strings, nested junk), each tagged with the field a 400 must name;
// - junk: whole bodies, query strings, path segments and header values.
import fc from 'fast-check';
import { ISO_COUNTRY_CODES, SORTS } from '../../src/contract/index.ts';
import { CHAINS, FACILITIES, PROPERTY_TYPE_VALUES } from '../sandbox/inventory/catalog.ts';
import { isMapped, type Inventory } from '../sandbox/inventory/inventory.ts';

const DAY_MS = 86_400_000;

/** "Today" for check_in: the date in UTC−12 (docs/api.md, "Stay rules"). */
export function checkInToday(nowMs: number): string {
  return new Date(nowMs - 12 * 3_600_000).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/* ------------------------------------------------------------------ building blocks */

export const codePoints = (text: string): number => Array.from(text).length;

const MAX_ID = Number.MAX_SAFE_INTEGER;
export const positiveId = fc.oneof(
  fc.integer({ min: 1, max: 1_000 }),
  fc.integer({ min: 1, max: 2_147_483_647 }),
  fc.constant(MAX_ID),
);

/** Every way a positive integer id can be wrong in JSON. */
export const badIdValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(0),
  fc.integer({ min: -2_147_483_648, max: -1 }),
  fc.double({ min: 0.0001, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)),
  fc.constantFrom(2 ** 53, 2 ** 63, 1e300, -0.5, 1.5),
  fc.integer({ min: 1, max: 1e6 }).map(String),
  fc.constantFrom(null, true, false, '', 'abc', [], {}, [1], { id: 1 }),
);

/** Strings of any kind: ASCII, unicode (astral planes too), control characters. */
export const anyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', '<script>alert(1)</script>', '../../etc/passwd', '%00', '∞'),
);

/** JSON values that are not what any field expects: nested junk included. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 0.1) },
  { weight: 1, arbitrary: anyString },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 10, max: 200 }).map((depth) => {
      let value: unknown = 1;
      for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
      return value;
    }),
  },
);

/** A huge string: big enough to hit every length limit, small enough to stay under 64 KiB. */
export const hugeString = fc
  .tuple(fc.constantFrom('a', 'é', '日', '😀', ' ', '0'), fc.integer({ min: 101, max: 6_000 }))
  .map(([unit, count]) => unit.repeat(count));

/** A real calendar date that is not valid (or not YYYY-MM-DD). */
export const badDateString = fc.oneof(
  fc.constantFrom(
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-12-32',
    '2027-02-29',
    '2026-1-5',
    '26-12-10',
    '2026/12/10',
    '2026-12-10T00:00:00Z',
    ' 2026-12-10',
    '2026-12-10 ',
    '+02026-12-10',
    '२०२६-१२-१०',
    '',
  ),
  anyString.filter((text) => !/^\d{4}-\d{2}-\d{2}$/.test(text)),
);

/* ------------------------------------------------------------------ the inventory's ids */

export interface KnownIds {
  cityIds: number[];
  placeIds: number[];
  hotelIds: number[];
}

export function knownIds(inventory: Inventory): KnownIds {
  const { cities, places } = inventory.geography;
  return {
    cityIds: cities
      .filter((city) => (inventory.cityHotels[city.index]?.length ?? 0) > 0)
      .map((c) => c.id),
    placeIds: places
      .filter((p) => (inventory.placeHotels[p.index]?.length ?? 0) > 0)
      .map((p) => p.id),
    hotelIds: inventory.hotels.filter(isMapped).map((hotel) => hotel.id),
  };
}

/* ------------------------------------------------------------------ valid requests */

const ISO_CODES = [...ISO_COUNTRY_CODES];

export const validNationality = fc.constantFrom(...ISO_CODES);

export interface StayInput {
  check_in: string;
  check_out: string;
  rooms: { adults: number; child_ages?: number[] }[];
  nationality?: string;
}

export const validRoom = fc.integer({ min: 1, max: 5 }).chain((adults) =>
  fc.record(
    {
      adults: fc.constant(adults),
      child_ages: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 5 - adults }),
    },
    { requiredKeys: ['adults'] },
  ),
);

/** A stay the contract accepts on `today`: from today to 500 days ahead, 1 to 30 nights. */
export function validStay(today: string): fc.Arbitrary<StayInput> {
  return fc
    .record(
      {
        lead: fc.oneof(fc.integer({ min: 0, max: 500 }), fc.constantFrom(0, 1, 499, 500)),
        nights: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.constantFrom(1, 30)),
        rooms: fc.array(validRoom, { minLength: 1, maxLength: 5 }),
        nationality: validNationality,
      },
      { requiredKeys: ['lead', 'nights', 'rooms'] },
    )
    .map(({ lead, nights, rooms, nationality }) => {
      const checkIn = addDays(today, lead);
      return {
        check_in: checkIn,
        check_out: addDays(checkIn, nights),
        rooms,
        ...(nationality === undefined ? {} : { nationality }),
      };
    });
}

/** Text a filter may hold: any characters, 1 to `max` of them once trimmed. */
function trimmedText(max: number) {
  return (
    fc
      .oneof(
        fc.string({ minLength: 1, maxLength: max }),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: max }),
      )
      // The contract counts characters as code points (zod does too).
      .filter((text) => codePoints(text.trim()) >= 1 && codePoints(text) <= max)
  );
}

const idList = fc.array(positiveId, { maxLength: 12 });
const ITEM_FIELDS = ['hotel_name', 'stars', 'price', 'facilities', 'chain', 'value_pct', 'address'];

/** Keys no endpoint knows, which must be ignored (prototype-looking ones included). */
const extraKeys = fc.dictionary(
  fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'x-api-key'),
    fc.string({ maxLength: 12 }),
  ),
  junkValue,
  { maxKeys: 3 },
);

export function validSearch(ids: KnownIds, today: string) {
  const destination = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({ type: fc.constant('city'), id: fc.constantFrom(...ids.cityIds) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ type: fc.constant('hotel'), id: fc.constantFrom(...ids.hotelIds) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ type: fc.constant('place'), id: fc.constantFrom(...ids.placeIds) }),
    },
  );
  // Boundary numbers too: the 32-bit edges and the largest safe integer.
  const cents = fc.oneof(
    fc.integer({ min: 0, max: 5_000_000 }),
    fc.constantFrom(0, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, MAX_ID),
  );
  const priceBounds = fc
    .tuple(cents, cents)
    .map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b, 1) }));
  return fc
    .record(
      {
        destination,
        stay: validStay(today),
        star_ratings: fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 5 }),
        bounds: fc.record(
          { min: fc.constant(true), max: fc.constant(true), values: priceBounds },
          { requiredKeys: ['values'] },
        ),
        property_types: fc.array(
          fc.oneof(fc.constantFrom(...PROPERTY_TYPE_VALUES), trimmedText(40)),
          { maxLength: 4 },
        ),
        chain_ids: fc.array(fc.oneof(fc.constantFrom(...CHAINS.map((c) => c.id)), positiveId), {
          maxLength: 4,
        }),
        facility_ids: fc.array(
          fc.oneof(fc.constantFrom(...FACILITIES.map((f) => f.id)), positiveId),
          { maxLength: 3 },
        ),
        hotel_name: fc.oneof(
          fc.constantFrom('', '  ', 'hotel', 'Grand', 'ß', 'Ü'),
          fc.string({ maxLength: 100 }),
        ),
        hotel_ids: idList,
        limit: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom(1, 100)),
        price_sort: fc.constantFrom('low_to_high', 'high_to_low'),
        sort: fc.constantFrom(...SORTS),
        pricing_mode: fc.constantFrom('instant', 'live'),
        fields: fc.array(fc.oneof(fc.constantFrom(...ITEM_FIELDS), fc.string({ maxLength: 10 })), {
          maxLength: 6,
        }),
        extra: extraKeys,
      },
      { requiredKeys: ['destination', 'stay'] },
    )
    .map(({ destination, stay, bounds, extra, ...optional }) => ({
      ...extra,
      destination,
      ...stay,
      ...(bounds?.min ? { price_min_usd_cents: bounds.values.min } : {}),
      ...(bounds?.max ? { price_max_usd_cents: bounds.values.max } : {}),
      ...optional,
    }));
}

export function validRoomsRequest(ids: KnownIds, today: string) {
  return fc
    .record({
      hotel_id: fc.oneof(
        fc.constantFrom(...ids.hotelIds),
        fc.constantFrom(...ids.hotelIds).map(String),
      ),
      stay: validStay(today),
      extra: extraKeys,
    })
    .map(({ hotel_id, stay, extra }) => ({ ...extra, hotel_id, ...stay }));
}

/** Opaque ids: 16 to 512 of [A-Za-z0-9._~-] (search_id, booking_token, prebook_id). */
export const opaqueId = fc.string({
  unit: fc.constantFrom(
    ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~-'.split(''),
  ),
  minLength: 16,
  maxLength: 512,
});

// Single code points of many scripts (Array.from splits by code point, on purpose).
const LETTERS = Array.from(
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ' +
    'àáâäãåæçèéêëìíîïñòóôöõøœßùúûüýÿłđðþı' +
    'ÀÉÎÖÜÑØŁ' +
    'абвгдежзийклмнопрстуфхцчшщъыьэюя' +
    'αβγδεζηθικλμνξοπρστυφχψωςΣİ' +
    'אבגדהוזחטיכלמנסעפצקרשת' +
    'ابتثجحخدذرزسشصضطظعغفقكلمنهوي' +
    'अआइईउऊएऐओऔकखगघचछजझटठडढणतथदधनपफबभमयरलवशसह' +
    'あいうえおかきくけこさしすせそたちつてとなにぬねの' +
    '山田太郎李王张陈',
);
const NAME_INNER = [...LETTERS, ' ', "'", '’', '-', '.', '\u0301', '\u093e'];

/** Names of any script: a letter first, then letters, marks, spaces, ' ’ - . (≤ 50). */
export const personName = fc
  .tuple(
    fc.constantFrom(...LETTERS),
    fc.array(fc.constantFrom(...NAME_INNER), { maxLength: 30 }),
    fc.constantFrom('', ' ', '  '),
  )
  .map(([first, rest, pad]) => `${pad}${first}${rest.join('')}${pad}`)
  .filter((name) => codePoints(name.trim()) <= 50);

/** Dot-separated parts: never a leading, trailing or double dot. */
const LOCAL = fc
  .array(fc.stringMatching(/^[a-z0-9_+-]{1,8}$/), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join('.'));
export const email = fc
  .tuple(
    LOCAL,
    fc.array(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,15}$/), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('com', 'org', 'in', 'de', 'travel', 'co'),
  )
  .map(([local, labels, tld]) => `${local}@${labels.join('.')}.${tld}`);

/** "+" and a country code, 8 to 15 digits in all (no leading 0), spaces, dashes, brackets. */
export const phone = fc
  .tuple(
    fc.integer({ min: 1, max: 9 }),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 14 }),
    fc.constantFrom('', ' ', '-'),
  )
  .map(([first, rest, gap]) => {
    const digits = [first, ...rest].join('');
    return `+${digits.slice(0, 2)}${gap}${digits.slice(2, 7)}${gap}${digits.slice(7)}`;
  });

export const holder = fc.record({
  first_name: personName,
  last_name: personName,
  email,
  phone,
});

/** A book body for `rooms` rooms: a lead guest per room, maybe a few more guests. */
export function validBookBody(prebookId: fc.Arbitrary<string>, rooms = 1) {
  return fc
    .record(
      {
        prebook_id: prebookId,
        holder,
        leads: fc.array(fc.record({ first_name: personName, last_name: personName }), {
          minLength: rooms,
          maxLength: rooms,
        }),
        special_requests: fc.oneof(
          fc.string({ maxLength: 500 }),
          fc.constantFrom('', 'Late arrival'),
        ),
        client_reference: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
      },
      { requiredKeys: ['prebook_id', 'holder', 'leads'] },
    )
    .map(({ leads, ...body }) => ({
      ...body,
      guests: leads.map((lead, index) => ({ room: index + 1, ...lead })),
    }));
}

/** Idempotency keys: 8 to 128 of [A-Za-z0-9_-] (room left for freshKey's suffix). */
export const idempotencyKey = fc.stringMatching(/^[A-Za-z0-9_-]{8,118}$/);

/**
 * Makes a drawn key unique to this execution (fast-check replays drawn values while
 * shrinking, and a key reused with another body is rightly a 422).
 */
let keySerial = 0;
export function freshKey(key: string): string {
  keySerial++;
  return `${key}-${String(keySerial).padStart(8, '0')}`;
}

const REFERENCE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('');
export const reference = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(...REFERENCE_CHARS), minLength: 6, maxLength: 8 }),
    fc.boolean(),
    fc.constantFrom('', ' '),
  )
  .map(([ref, lower, pad]) => `${pad}${lower ? ref.toLowerCase() : ref}${pad}`);

export const lookupBody = fc.record({
  reference,
  last_name: fc.oneof(personName, trimmedText(50)),
  email: fc
    .tuple(email, fc.boolean())
    .map(([address, upper]) => (upper ? ` ${address.toUpperCase()} ` : address)),
});

/** An autocomplete query: 2 to 64 characters once trimmed. */
export const autocompleteQuery = fc.oneof(
  fc.constantFrom(
    'pa',
    'paris',
    'sao paulo',
    'zürich',
    'NYC',
    'new york',
    'sandbox test',
    '東京',
    'ab',
  ),
  trimmedText(64).filter((text) => codePoints(text.trim()) >= 2),
);

export const autocompleteLimit = fc.oneof(
  fc.integer({ min: 1, max: 20 }).map(String),
  fc.constantFrom('01', '020', '1', '20'),
);

/* ------------------------------------------------------------------ broken requests */

/** A change to a request object and the field a 400 must name for it. */
export interface Breakage {
  field: string;
  apply(body: Record<string, unknown>): void;
  /**
   * zod stops at some failures — a list over its size cap (its entries are not read,
   * by design) and a number that is not a safe integer where an integer is wanted — and
   * then skips the object's cross-field rules: those are named only without such a value.
   */
  aborts?: boolean;
  /** Wrong only against another field (check_out vs check_in, price_max vs price_min). */
  relational?: boolean;
}

const remove = (field: string): Breakage => ({
  field,
  apply: (body) => {
    Reflect.deleteProperty(body, field);
  },
});

/** Whether zod may stop at this value (see Breakage.aborts): any non-safe-integer number inside. */
function holdsNonInteger(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isSafeInteger(value);
  if (Array.isArray(value)) return value.some(holdsNonInteger);
  if (value !== null && typeof value === 'object')
    return Object.values(value).some(holdsNonInteger);
  return false;
}

/** Sets `field` to each value; `cap` is the field's list size limit, if it is a list. */
/** The field left out, or set to one of `values`. */
function missingOrSetTo(
  field: string,
  values: fc.Arbitrary<unknown>,
  cap?: number,
): fc.Arbitrary<Breakage> {
  return fc.oneof(fc.constant(remove(field)), setTo(field, values, cap));
}

function setTo(field: string, values: fc.Arbitrary<unknown>, cap?: number): fc.Arbitrary<Breakage> {
  return values.map((value) => ({
    field,
    apply: (body) => {
      body[field] = value;
    },
    aborts:
      (cap !== undefined && Array.isArray(value) && value.length > cap) || holdsNonInteger(value),
  }));
}

/** Junk where an object belongs: anything but a plain object. */
const notAnObject = junkValue.filter(
  (v) => typeof v !== 'object' || v === null || Array.isArray(v),
);

const notAList = fc.oneof(
  junkValue.filter((v) => !Array.isArray(v)),
  fc.constant('1,2'),
);

function badIdList(field: string): fc.Arbitrary<Breakage> {
  return setTo(
    field,
    fc.oneof(
      notAList,
      fc.tuple(idList, badIdValue).map(([ok, bad]) => [...ok, bad]),
      fc.constant(Array.from({ length: 251 }, (_, i) => i + 1)),
    ),
    250,
  );
}

const badRoomsValue: fc.Arbitrary<unknown> = fc.oneof(
  notAList,
  fc.constant([]),
  fc.array(validRoom, { minLength: 6, maxLength: 8 }),
  fc
    .tuple(
      fc.array(validRoom, { maxLength: 4 }),
      fc.oneof(
        fc.record({ adults: fc.oneof(badIdValue, fc.integer({ min: 6, max: 1000 })) }),
        fc.record({
          adults: fc.integer({ min: 1, max: 5 }),
          child_ages: fc.oneof(
            notAList,
            fc.array(
              fc.oneof(
                fc.integer({ min: 18, max: 200 }),
                fc.integer({ min: -100, max: -1 }),
                fc.constantFrom(1.5, '3', null),
              ),
              { minLength: 1, maxLength: 3 },
            ),
          ),
        }),
        // Too many people for one room: 6 or more adults plus children.
        fc.integer({ min: 1, max: 5 }).chain((adults) =>
          fc.record({
            adults: fc.constant(adults),
            child_ages: fc.array(fc.integer({ min: 0, max: 17 }), {
              minLength: 6 - adults,
              maxLength: 8,
            }),
          }),
        ),
        notAnObject,
        fc.constant({}),
      ),
    )
    .map(([ok, bad]) => [...ok, bad]),
);

function badCheckIn(today: string): fc.Arbitrary<Breakage> {
  return fc.oneof(
    fc.constant(remove('check_in')),
    setTo('check_in', fc.oneof(badDateString, badIdValue)),
    // Yesterday (in UTC−12) and before, or more than 500 days ahead: real dates, wrong days.
    setTo(
      'check_in',
      fc.integer({ min: 1, max: 5000 }).map((days) => addDays(today, -days)),
    ),
    setTo(
      'check_in',
      fc.integer({ min: 501, max: 5000 }).map((days) => addDays(today, days)),
    ),
  );
}

/** check_out broken on its own (format) or against a valid check_in (order, 30 nights). */
function badCheckOut(relational: boolean): fc.Arbitrary<Breakage> {
  const own = missingOrSetTo('check_out', fc.oneof(badDateString, badIdValue));
  if (!relational) return own;
  const against = fc
    .oneof(fc.integer({ min: -400, max: 0 }), fc.integer({ min: 31, max: 400 }))
    .map((offset): Breakage => ({
      field: 'check_out',
      relational: true,
      apply: (body) => {
        body.check_out = addDays(String(body.check_in), offset);
      },
    }));
  return fc.oneof(own, against);
}

const badNationality = setTo(
  'nationality',
  fc.oneof(
    fc.stringMatching(/^[A-Z]{2}$/).filter((code) => !ISO_COUNTRY_CODES.has(code)),
    fc.constantFrom('in', 'IND', 'I', '', ' IN', 'IN ', null, 91, ['IN']),
    anyString.filter((text) => !ISO_COUNTRY_CODES.has(text)),
  ),
);

function badEnum(field: string, allowed: readonly string[]): fc.Arbitrary<Breakage> {
  return setTo(
    field,
    fc.oneof(
      anyString.filter((text) => !allowed.includes(text)),
      fc.constantFrom(
        null,
        1,
        true,
        [allowed[0]],
        allowed[0]?.toUpperCase(),
        ` ${allowed[0] ?? ''}`,
      ),
    ),
  );
}

/** One breakage per chosen field of a search request (relational ones only with a valid partner). */
export function searchBreakages(today: string): fc.Arbitrary<Breakage[]> {
  const candidates: Record<string, (broken: Set<string>) => fc.Arbitrary<Breakage>> = {
    destination: () =>
      fc.oneof(
        fc.constant(remove('destination')),
        setTo('destination', notAnObject),
        setTo(
          'destination',
          fc.record({
            type: anyString.filter((t) => !['city', 'hotel', 'place'].includes(t)),
            id: positiveId,
          }),
        ),
        setTo(
          'destination',
          fc.record({ type: fc.constantFrom('city', 'hotel', 'place'), id: badIdValue }),
        ),
        setTo('destination', fc.constant({ type: 'city' })),
      ),
    check_in: () => badCheckIn(today),
    check_out: (broken) => badCheckOut(!broken.has('check_in')),
    rooms: () => missingOrSetTo('rooms', badRoomsValue, 5),
    nationality: () => badNationality,
    star_ratings: () =>
      setTo(
        'star_ratings',
        fc.oneof(notAList, fc.constantFrom([0], [6], [2.5], ['3'], [null], [1, 2, 3, 4, 5, 1])),
        5,
      ),
    price_min_usd_cents: () =>
      setTo(
        'price_min_usd_cents',
        fc.oneof(
          fc.integer({ min: -1e9, max: -1 }),
          fc.constantFrom(0.5, '100', null, [], 2 ** 60 + 0.5),
        ),
      ),
    price_max_usd_cents: (broken) =>
      fc.oneof(
        setTo(
          'price_max_usd_cents',
          fc.oneof(fc.integer({ min: -1e9, max: 0 }), fc.constantFrom(1.5, '100', null, {})),
        ),
        ...(broken.has('price_min_usd_cents')
          ? []
          : [
              fc.integer({ min: 1, max: 1_000_000 }).map((gap): Breakage => ({
                field: 'price_max_usd_cents',
                relational: true,
                apply: (body) => {
                  body.price_min_usd_cents = 2_000_000;
                  body.price_max_usd_cents = 2_000_000 - gap;
                },
              })),
            ]),
      ),
    property_types: () =>
      setTo(
        'property_types',
        fc.oneof(
          notAList,
          fc.constantFrom([''], ['   '], [1], [null], ['x'.repeat(41)]),
          fc.constant(Array.from({ length: 51 }, () => 'hotel')),
        ),
        50,
      ),
    chain_ids: () => badIdList('chain_ids'),
    facility_ids: () => badIdList('facility_ids'),
    hotel_ids: () => badIdList('hotel_ids'),
    hotel_name: () =>
      setTo('hotel_name', fc.oneof(hugeString, fc.constantFrom(1, null, [], {}, true))),
    limit: () =>
      setTo(
        'limit',
        fc.oneof(
          fc.integer({ min: 101, max: 1e9 }),
          fc.integer({ min: -1e6, max: 0 }),
          fc.constantFrom(1.5, '20', null, []),
        ),
      ),
    cursor: () =>
      setTo(
        'cursor',
        fc.oneof(
          anyString.filter((text) => !/^[A-Za-z0-9.~-]{1,48}_[1-9][0-9]{0,15}$/.test(text)),
          fc.constantFrom(
            'pl.0.45100_0',
            '_1',
            'a_b',
            'x'.repeat(49) + '_1',
            'pl.0.1_12345678901234567',
            7,
            null,
          ),
        ),
      ),
    price_sort: () => badEnum('price_sort', ['low_to_high', 'high_to_low']),
    sort: () => badEnum('sort', SORTS),
    pricing_mode: () => badEnum('pricing_mode', ['instant', 'live']),
    fields: () =>
      setTo(
        'fields',
        fc.oneof(
          notAList,
          fc.constantFrom([1], [null], [{}]),
          fc.constant(Array.from({ length: 51 }, () => 'price')),
        ),
        50,
      ),
  };
  return breakSome(candidates);
}

/** Picks 1 to 4 fields and breaks each, in an order that lets relational breakers see the rest. */
function breakSome(
  candidates: Record<string, (broken: Set<string>) => fc.Arbitrary<Breakage>>,
): fc.Arbitrary<Breakage[]> {
  const names = Object.keys(candidates);
  return fc
    .subarray(names, { minLength: 1, maxLength: Math.min(4, names.length) })
    .chain((chosen) => {
      const broken = new Set(chosen);
      const parts = chosen.flatMap((name) => {
        const breaker = candidates[name];
        return breaker ? [breaker(broken)] : [];
      });
      return fc.tuple(...parts);
    });
}

export function roomsBreakages(today: string): fc.Arbitrary<Breakage[]> {
  return breakSome({
    hotel_id: () =>
      missingOrSetTo(
        'hotel_id',
        fc.oneof(
          badIdValue.filter((v) => typeof v !== 'string' || !/^[1-9][0-9]*$/.test(v)),
          fc.constantFrom('012', '1e3', ' 12', '12 ', '0x10', '9007199254740993', '-5'),
        ),
      ),
    check_in: () => badCheckIn(today),
    check_out: (broken) => badCheckOut(!broken.has('check_in')),
    rooms: () => missingOrSetTo('rooms', badRoomsValue, 5),
    nationality: () => badNationality,
  });
}

export const badOpaqueId: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 15 }),
  fc.string({ minLength: 513, maxLength: 600 }),
  fc
    .tuple(opaqueId, fc.constantFrom(' ', '/', '%', '?', '#', '"', 'é', '\u0000', '+', '=', '\n'))
    .map(([id, bad]) => `${id.slice(0, 20)}${bad}${id.slice(20)}`),
  fc.constantFrom(null, 2 ** 64, [], {}, true),
);

const badPersonName: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    '   ',
    '1Asha',
    'Asha1',
    '<b>Asha</b>',
    "'Asha",
    '-Asha',
    'Asha@',
    'Ａsha!',
    null,
    7,
    ['Asha'],
  ),
  fc.constant('A'.repeat(51)),
  hugeString.filter((text) => text.trim().length > 50),
);

export function bookBreakages(): fc.Arbitrary<Breakage[]> {
  const nested = (path: string, values: fc.Arbitrary<unknown>): fc.Arbitrary<Breakage> =>
    values.map((value) => ({
      field: path,
      apply: (body) => {
        const [head, tail] = path.split('.') as [string, string];
        body[head] = { ...(body[head] as Record<string, unknown>), [tail]: value };
      },
    }));
  return breakSome({
    prebook_id: () => missingOrSetTo('prebook_id', badOpaqueId),
    holder: () =>
      fc.oneof(
        fc.constant(remove('holder')),
        setTo('holder', notAnObject),
        nested('holder.first_name', badPersonName),
        nested('holder.last_name', badPersonName),
        nested(
          'holder.email',
          fc.constantFrom(
            '',
            'asha',
            'asha@',
            '@example.com',
            'asha@example',
            'a b@example.com',
            'asha..rao@example.com',
            '.asha@example.com',
            'asha@-example.com',
            null,
            1,
            `${'a'.repeat(250)}@example.com`,
          ),
        ),
        nested(
          'holder.phone',
          fc.constantFrom(
            '',
            '98765 43210',
            '+0 123 456 789',
            '+91',
            '+1 2 3',
            '+91 98765 43210 1234567',
            '+91abc4567890',
            null,
            919876543210,
            '+' + '1'.repeat(40),
          ),
        ),
      ),
    guests: () =>
      setTo(
        'guests',
        fc.oneof(
          notAList,
          fc.constant([]),
          fc.constant(
            Array.from({ length: 26 }, () => ({ room: 1, first_name: 'Asha', last_name: 'Rao' })),
          ),
          fc.constantFrom(
            [{ room: 0, first_name: 'Asha', last_name: 'Rao' }],
            [{ room: 6, first_name: 'Asha', last_name: 'Rao' }],
            [{ room: 1.5, first_name: 'Asha', last_name: 'Rao' }],
            [{ room: '1', first_name: 'Asha', last_name: 'Rao' }],
            [{ room: 1, first_name: '', last_name: 'Rao' }],
            [{ room: 1, first_name: 'Asha' }],
            [null],
            ['Asha Rao'],
          ),
        ),
      ),
    special_requests: () =>
      setTo(
        'special_requests',
        fc.oneof(fc.constant('x'.repeat(501)), fc.constantFrom(1, null, [], {})),
      ),
    client_reference: () =>
      setTo(
        'client_reference',
        fc.oneof(
          fc.constantFrom('', 'has space', 'ü', 'x'.repeat(65), 12, null),
          anyString.filter((t) => !/^[A-Za-z0-9_-]{1,64}$/.test(t)),
        ),
      ),
  });
}

export function lookupBreakages(): fc.Arbitrary<Breakage[]> {
  return breakSome({
    reference: () =>
      missingOrSetTo(
        'reference',
        fc.oneof(
          fc.constantFrom('', 'ABC12', 'ABCDEFGH1', 'ABC-123', 'ÄBC123', '   ', null, 123456, [
            'ABC123',
          ]),
          anyString.filter((t) => !/^[A-Z0-9]{6,8}$/i.test(t.trim())),
        ),
      ),
    last_name: () =>
      missingOrSetTo(
        'last_name',
        fc.constantFrom('', '    ', 'x'.repeat(51), null, 5, {}, ['Rao']),
      ),
    email: () =>
      missingOrSetTo(
        'email',
        fc.constantFrom('', '  ', 'asha', 'asha@', '@example.com', null, 5, []),
      ),
  });
}

/** Bodies that are not the request at all: other JSON, not JSON, not UTF-8, too big. */
export const junkBody = fc.oneof(
  fc
    .jsonValue({ maxDepth: 4 })
    .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v))
    .map((v) => ({ text: JSON.stringify(v), kind: 'json-not-object' as const })),
  fc
    .string({ maxLength: 200 })
    .filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    })
    .map((text) => ({ text, kind: 'not-json' as const })),
  fc
    .uint8Array({ minLength: 1, maxLength: 64 })
    .filter((bytes) => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        return false;
      } catch {
        return true;
      }
    })
    .map((bytes) => ({ text: bytes, kind: 'not-utf8' as const })),
  fc
    .integer({ min: 65 * 1024, max: 90 * 1024 })
    .map((size) => ({ text: `{"hotel_name":"${'x'.repeat(size)}"}`, kind: 'too-large' as const })),
  fc.integer({ min: 1_000, max: 20_000 }).map((depth) => ({
    text: '['.repeat(depth) + ']'.repeat(depth),
    kind: 'json-not-object' as const,
  })),
);

/** Header values a browser (or anyone) can send: printable ASCII and Latin-1, no CR/LF/NUL. */
export const headerValue = fc.oneof(
  fc.string({ maxLength: 200 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((code) => code !== 0x7f)
      .map((code) => String.fromCharCode(code)),
    maxLength: 60,
  }),
  fc.stringMatching(/^[A-Za-z0-9._-]{1,128}$/),
  fc.constantFrom(
    'a'.repeat(129),
    'trace id',
    'x\tinjected',
    'abc; x-api-key=stolen',
    'fr-CA,fr;q=0.9',
    '*',
    'ar',
    'JA',
    'de-CH',
    'en-US,en;q=0.8',
    '../../../etc',
  ),
);
