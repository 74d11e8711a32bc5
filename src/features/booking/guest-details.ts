// The guest-details form as data: its values, its schema (built from the contract's
// own field schemas, so the form refuses exactly what the API would), the one place
// that turns the values into the book request's bytes, and the mapping of the API's
// field paths (`holder.email`, `guests[1].last_name`) onto the form's fields.
import * as z from 'zod/mini';
import {
  BookRequestSchema,
  EmailSchema,
  PersonNameSchema,
  PhoneSchema,
  SpecialRequestsSchema,
  TEXT_CHARACTERS_MESSAGE,
  type BookRequestInput,
} from '../../contract/index.ts';
import { CALLING_CODES } from './calling-codes.ts';

export interface GuestDetailsValues {
  holder: {
    first_name: string;
    last_name: string;
    email: string;
    /** The phone's country (ISO alpha-2): its calling code goes before the number. */
    phone_region: string;
    /** The number after the country code, as typed. */
    phone_number: string;
  };
  /** One lead guest per room, room 1 first. */
  guests: { first_name: string; last_name: string }[];
  special_requests: string;
}

export function emptyGuestDetails(roomCount: number, phoneRegion: string): GuestDetailsValues {
  return {
    holder: {
      first_name: '',
      last_name: '',
      email: '',
      phone_region: phoneRegion,
      phone_number: '',
    },
    guests: Array.from({ length: roomCount }, () => ({ first_name: '', last_name: '' })),
    special_requests: '',
  };
}

/** Keeps what was typed when the number of rooms changed since (one lead guest per room). */
export function fitGuestsToRooms(
  values: GuestDetailsValues,
  roomCount: number,
): GuestDetailsValues {
  const guests = Array.from(
    { length: roomCount },
    (_, index) => values.guests[index] ?? { first_name: '', last_name: '' },
  );
  return { ...values, guests };
}

export function fullPhone(
  holder: Pick<GuestDetailsValues['holder'], 'phone_region' | 'phone_number'>,
): string {
  return `+${CALLING_CODES.get(holder.phone_region) ?? ''} ${holder.phone_number.trim()}`;
}

export const GuestDetailsSchema = z
  .object({
    holder: z.object({
      first_name: PersonNameSchema,
      last_name: PersonNameSchema,
      email: EmailSchema,
      phone_region: z
        .string('is required')
        .check(z.refine((region: string) => CALLING_CODES.has(region), 'is required')),
      phone_number: z
        .string('is required')
        .check(
          z.trim(),
          z.minLength(1, 'is required'),
          z.regex(/^[0-9 ()-]+$/, 'may contain only digits, spaces, brackets and dashes'),
        ),
    }),
    guests: z.array(z.object({ first_name: PersonNameSchema, last_name: PersonNameSchema })),
    special_requests: SpecialRequestsSchema,
  })
  .check(
    // The whole number, country code included, must be what the contract accepts.
    z.superRefine((values, ctx) => {
      const phone = PhoneSchema.safeParse(fullPhone(values.holder));
      if (!phone.success && /^[0-9 ()-]+$/.test(values.holder.phone_number.trim())) {
        ctx.addIssue({
          code: 'custom',
          message: phone.error.issues[0]?.message ?? 'is not a valid phone number',
          path: ['holder', 'phone_number'],
          input: values.holder.phone_number,
        });
      }
    }),
  );
export type GuestDetails = z.output<typeof GuestDetailsSchema>;

/**
 * The book request's exact bytes for these (validated) details. Built in one fixed
 * key order and checked against the contract, so the same details always give the
 * same string — the body every send of an attempt repeats.
 */
export function serializeBookRequest(prebookId: string, details: GuestDetails): string {
  const request: BookRequestInput = {
    prebook_id: prebookId,
    holder: {
      first_name: details.holder.first_name,
      last_name: details.holder.last_name,
      email: details.holder.email,
      phone: fullPhone(details.holder),
    },
    guests: details.guests.map((guest, index) => ({
      room: index + 1,
      first_name: guest.first_name,
      last_name: guest.last_name,
    })),
  };
  if (details.special_requests !== '') request.special_requests = details.special_requests;
  // A contract break here is a bug in this module, not something to send.
  BookRequestSchema.parse(request);
  return JSON.stringify(request);
}

export type FormFieldPath =
  | `holder.${'first_name' | 'last_name' | 'email' | 'phone_number'}`
  | `guests.${number}.${'first_name' | 'last_name'}`
  | 'special_requests';

/** `holder.phone` → `holder.phone_number`, `guests[1].last_name` → `guests.1.last_name`; else null. */
export function formPathOfApiField(field: string): FormFieldPath | null {
  const holder = /^holder\.(first_name|last_name|email|phone)$/.exec(field);
  if (holder) {
    const name = holder[1] === 'phone' ? 'phone_number' : holder[1];
    return `holder.${name}` as FormFieldPath;
  }
  const guest = /^guests\[(\d+)\]\.(first_name|last_name)$/.exec(field);
  if (guest) return `guests.${Number(guest[1])}.${guest[2] as 'first_name' | 'last_name'}`;
  if (field === 'special_requests') return 'special_requests';
  return null;
}

/** The contract's English messages, as message ids of the UI catalogs. */
export type FieldMessageId =
  | 'checkout.error.required'
  | 'checkout.error.tooLong'
  | 'checkout.error.nameCharacters'
  | 'checkout.error.email'
  | 'checkout.error.phoneCharacters'
  | 'checkout.error.phoneDigits'
  | 'checkout.error.phoneFormat'
  | 'checkout.error.textCharacters'
  | 'checkout.error.other';

export function fieldMessage(message: string): {
  id: FieldMessageId;
  values: Record<string, string | number>;
} {
  const tooLong = /^must be at most (\d+) characters$/.exec(message);
  if (tooLong) return { id: 'checkout.error.tooLong', values: { max: Number(tooLong[1]) } };
  if (message === 'is required') return { id: 'checkout.error.required', values: {} };
  if (message === TEXT_CHARACTERS_MESSAGE) {
    return { id: 'checkout.error.textCharacters', values: {} };
  }
  if (message.startsWith('may contain only letters')) {
    return { id: 'checkout.error.nameCharacters', values: {} };
  }
  if (message === 'must be a valid e-mail address')
    return { id: 'checkout.error.email', values: {} };
  if (message.startsWith('may contain only digits')) {
    return { id: 'checkout.error.phoneCharacters', values: {} };
  }
  if (message.startsWith('must have 8 to 15 digits')) {
    return { id: 'checkout.error.phoneDigits', values: {} };
  }
  if (message.startsWith('must start with +'))
    return { id: 'checkout.error.phoneFormat', values: {} };
  return { id: 'checkout.error.other', values: { message } };
}
