import { describe, expect, it } from 'vitest';
import { EXAMPLE_GUESTS, EXAMPLE_HOLDER } from './examples.ts';
import { TEST_NOW } from './testing/clock.ts';
import {
  AutocompleteQuerySchema,
  BookingLookupRequestSchema,
  BookRequestSchema,
  createRoomsRequestSchema,
  FiltersQuerySchema,
  guestRoomProblems,
  IdempotencyKeySchema,
  IdLikeSchema,
  issuesToDetails,
  resolveLanguage,
  isValidRequestId,
  type BookRequestInput,
} from './index.ts';

const book: BookRequestInput = {
  prebook_id: 'pb_0123456789abcdef0123',
  holder: EXAMPLE_HOLDER,
  guests: EXAMPLE_GUESTS,
};

function bookFields(patch: Partial<BookRequestInput>): string[] {
  const result = BookRequestSchema.safeParse({ ...book, ...patch });
  return result.success ? [] : issuesToDetails(result.error.issues).map((d) => d.field);
}

describe('text that is not text', () => {
  const lone = String.fromCharCode(0xd800);
  it('special requests refuse broken characters, controls and bidi overrides, and keep what Arabic needs', () => {
    for (const bad of ['a\u0000b', 'a\u0007b', 'a\u0085b', 'a\u202Eb', 'a\u202Ab', `a${lone}b`]) {
      expect(bookFields({ special_requests: bad }), JSON.stringify(bad)).toEqual([
        'special_requests',
      ]);
    }
    for (const good of [
      'A quiet room\nplease',
      'Late\tarrival',
      'غرفة \u200Fهادئة',
      '\u2067مرحبا\u2069 and a crib',
      'Zoë 😀',
    ]) {
      expect(bookFields({ special_requests: good }), JSON.stringify(good)).toEqual([]);
    }
  });
  it('names take no controls at all, but may carry the direction marks of Arabic text', () => {
    for (const bad of ['Asha\u0000', 'As\nha', 'A\u202Esha', `Asha${lone}`]) {
      expect(bookFields({ holder: { ...book.holder, first_name: bad } })).toEqual([
        'holder.first_name',
      ]);
    }
    expect(bookFields({ holder: { ...book.holder, first_name: 'ليلى\u200F' } })).toEqual([]);
  });

  it('a name starts with a letter, holds no filler, and closes every isolate it opens', () => {
    for (const bad of [
      '\u0301'.repeat(50), // fifty combining marks
      '\u0301Asha',
      '\u3164',
      'Asha\u3164',
      'As\u115Fha',
      'Asha\uFFA0',
      'Bob\u2067 Smith', // an isolate left open
      'Bob\u2069 Smith', // closed without being opened
      'Bob\u2066\u2067x\u2069',
      'Asha\u{E0041}', // a tag character
    ]) {
      const result = BookRequestSchema.safeParse({
        ...book,
        holder: { ...book.holder, last_name: bad },
      });
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(issuesToDetails(result.error?.issues ?? []).map((detail) => detail.field)).toEqual([
        'holder.last_name',
      ]);
    }
    for (const good of ['Bob \u2067سمیث\u2069', 'ليلى\u2066x\u2069\u200F', 'Zoë', 'Ngũgĩ']) {
      expect(bookFields({ holder: { ...book.holder, last_name: good } }), good).toEqual([]);
    }
    // What the checkout form shows for each: the characters message, or the isolates one.
    const messages = (name: string) =>
      BookRequestSchema.safeParse({
        ...book,
        holder: { ...book.holder, last_name: name },
      }).error?.issues.map((issue) => issue.message);
    expect(messages('\u3164')).toEqual([
      'may contain only letters, spaces, apostrophes, hyphens and periods, starting with a letter',
    ]);
    expect(messages('Bob\u2067 Smith')).toEqual([
      'must not contain control characters, bidi overrides or broken characters',
    ]);
  });

  it('special requests refuse the zero-width space and tag characters outside a flag, and keep ZWJ and ZWNJ', () => {
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    for (const bad of [
      'quiet\u200Broom',
      'hidden\u{E0041}\u{E0042}text',
      `${england}\u{E0041}`, // a stray tag after a whole flag
      '\u{E0067}\u{E0062}\u{E007F}', // tags without the flag
      '\u{1F3F4}\u{E0067}\u{E0062}', // a flag's tags never cancelled
    ]) {
      expect(bookFields({ special_requests: bad }), JSON.stringify(bad)).toEqual([
        'special_requests',
      ]);
    }
    for (const good of [
      `Fans of ${england} and \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}`,
      'Family room 👨\u200D👩\u200D👧', // ZWJ
      'می\u200Cخواهم اتاق آرام', // ZWNJ
    ]) {
      expect(bookFields({ special_requests: good }), JSON.stringify(good)).toEqual([]);
    }
  });
});

describe('book request', () => {
  it('accepts a complete request and names of any script', () => {
    expect(bookFields({})).toEqual([]);
    expect(
      bookFields({ holder: { ...book.holder, first_name: 'Zoë', last_name: "O'Brien-Ñúñez" } }),
    ).toEqual([]);
    expect(bookFields({ guests: [{ room: 1, first_name: 'अनन्या', last_name: 'शर्मा' }] })).toEqual(
      [],
    );
  });
  it('names every bad holder field', () => {
    expect(
      bookFields({
        holder: { first_name: '', last_name: '123', email: 'not-mail', phone: '98765' },
      }),
    ).toEqual(['holder.first_name', 'holder.last_name', 'holder.email', 'holder.phone']);
  });
  it('requires a phone in international format with 8 to 15 digits', () => {
    expect(bookFields({ holder: { ...book.holder, phone: '+44 20 7946 0958' } })).toEqual([]);
    expect(bookFields({ holder: { ...book.holder, phone: '+1 23' } })).toEqual(['holder.phone']);
    expect(bookFields({ holder: { ...book.holder, phone: '+0 1234 5678' } })).toEqual([
      'holder.phone',
    ]);
  });
  it('requires at least one guest and valid room numbers', () => {
    expect(bookFields({ guests: [] })).toEqual(['guests']);
    expect(bookFields({ guests: [{ room: 0, first_name: 'A', last_name: 'B' }] })).toEqual([
      'guests[0].room',
    ]);
  });
  it('checks that every room has a lead guest', () => {
    expect(guestRoomProblems([{ room: 1 }, { room: 3 }], 2)).toEqual([
      { field: 'guests[1].room', message: 'must be a room number from 1 to 2' },
      { field: 'guests', message: 'must name a lead guest for room 2' },
    ]);
    expect(guestRoomProblems([{ room: 1 }, { room: 2 }], 2)).toEqual([]);
  });
  it('limits special requests and client references', () => {
    expect(bookFields({ special_requests: 'x'.repeat(501) })).toEqual(['special_requests']);
    expect(bookFields({ client_reference: 'has space' })).toEqual(['client_reference']);
  });
});

describe('idempotency key', () => {
  it('accepts 8 to 128 safe characters', () => {
    expect(IdempotencyKeySchema.safeParse('abcd-123_X').success).toBe(true);
    expect(IdempotencyKeySchema.safeParse('a'.repeat(128)).success).toBe(true);
    expect(IdempotencyKeySchema.safeParse('short').success).toBe(false);
    expect(IdempotencyKeySchema.safeParse('a'.repeat(129)).success).toBe(false);
    expect(IdempotencyKeySchema.safeParse('bad key!').success).toBe(false);
  });
});

describe('rooms request', () => {
  const rooms = createRoomsRequestSchema(() => new Date(TEST_NOW));
  it('accepts a numeric-string hotel id and applies the stay rules', () => {
    const ok = rooms.parse({
      hotel_id: '1044',
      check_in: '2026-12-01',
      check_out: '2026-12-03',
      rooms: [{ adults: 2 }],
    });
    expect(ok.hotel_id).toBe(1044);
    expect(ok.nationality).toBe('IN');
    const bad = rooms.safeParse({
      hotel_id: 'x',
      check_in: '2026-12-03',
      check_out: '2026-12-01',
      rooms: [],
    });
    expect(issuesToDetails(bad.error!.issues).map((d) => d.field)).toEqual([
      'hotel_id',
      'rooms',
      'check_out',
    ]);
  });
});

describe('ids', () => {
  it('accepts a positive id as a number or numeric string, and names the problem otherwise', () => {
    expect(IdLikeSchema.parse('12')).toBe(12);
    expect(IdLikeSchema.parse(12)).toBe(12);
    for (const bad of ['abc', '9999999999999999', -1, 1.5, '01', null]) {
      const result = IdLikeSchema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must be a positive id');
    }
  });
});

describe('look-ups', () => {
  it('normalizes a booking reference and refuses a malformed one', () => {
    expect(
      BookingLookupRequestSchema.parse({
        reference: ' ab12cd ',
        last_name: ' Rao ',
        email: ' asha@example.com ',
      }),
    ).toEqual({ reference: 'AB12CD', last_name: 'Rao', email: 'asha@example.com' });
    expect(
      BookingLookupRequestSchema.safeParse({
        reference: 'AB',
        last_name: 'Rao',
        email: 'asha@example.com',
      }).success,
    ).toBe(false);
  });

  it('asks for the holder’s e-mail address beside the reference and the last name', () => {
    const parsed = BookingLookupRequestSchema.safeParse({ reference: 'AB12CD', last_name: 'Rao' });
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['email']);
    const wrong = BookingLookupRequestSchema.safeParse({
      reference: 'AB12CD',
      last_name: 'Rao',
      email: 'rao',
    });
    expect(wrong.error?.issues.map((issue) => issue.message)).toEqual([
      'must be a valid e-mail address',
    ]);
  });
  it('trims the autocomplete query and bounds it and the limit', () => {
    expect(AutocompleteQuerySchema.parse({ query: '  pa ' })).toEqual({ query: 'pa', limit: 8 });
    expect(AutocompleteQuerySchema.safeParse({ query: ' p ' }).success).toBe(false);
    expect(AutocompleteQuerySchema.safeParse({ query: 'x'.repeat(65) }).success).toBe(false);
    expect(AutocompleteQuerySchema.safeParse({ query: 'paris', limit: '21' }).success).toBe(false);
    expect(AutocompleteQuerySchema.parse({ query: 'paris', limit: '20' }).limit).toBe(20);
  });
  it('needs destination_type and destination_id together for filters', () => {
    expect(FiltersQuerySchema.parse({ destination_type: 'city', destination_id: '12' })).toEqual({
      destination_type: 'city',
      destination_id: 12,
    });
    expect(FiltersQuerySchema.safeParse({ destination_type: 'city' }).success).toBe(false);
  });
});

describe('headers', () => {
  it('resolves the language header to a supported language, else English', () => {
    expect(resolveLanguage('fr')).toBe('fr');
    expect(resolveLanguage('fr-CA')).toBe('fr');
    expect(resolveLanguage('xx, ar;q=0.8')).toBe('ar');
    expect(resolveLanguage('klingon')).toBe('en');
    expect(resolveLanguage(undefined)).toBe('en');
  });
  it('accepts request ids of the contract pattern only', () => {
    expect(isValidRequestId('abc-123._X')).toBe(true);
    expect(isValidRequestId('a b')).toBe(false);
    expect(isValidRequestId('x'.repeat(129))).toBe(false);
    expect(isValidRequestId('line\nbreak')).toBe(false);
  });
});
