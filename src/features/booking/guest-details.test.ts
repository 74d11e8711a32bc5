import { describe, expect, it } from 'vitest';
import { BookRequestSchema, TEXT_CHARACTERS_MESSAGE } from '../../contract/index.ts';
import {
  GuestDetailsSchema,
  fieldMessage,
  formPathOfApiField,
  serializeBookRequest,
  type GuestDetailsValues,
} from './guest-details.ts';

const values: GuestDetailsValues = {
  holder: {
    first_name: ' Asha ',
    last_name: 'Rao',
    email: 'asha@example.com',
    phone_region: 'IN',
    phone_number: '98765 43210',
  },
  guests: [
    { first_name: 'Asha', last_name: 'Rao' },
    { first_name: 'Ravi', last_name: 'Rao' },
  ],
  special_requests: '',
};

describe('GuestDetailsSchema', () => {
  it('accepts valid details and trims names', () => {
    const parsed = GuestDetailsSchema.parse(values);
    expect(parsed.holder.first_name).toBe('Asha');
  });

  it('names the field of each problem, the phone number included', () => {
    const result = GuestDetailsSchema.safeParse({
      ...values,
      holder: { ...values.holder, email: 'asha@', phone_number: '12' },
      guests: [values.guests[0], { first_name: '', last_name: 'R4o' }],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'holder.email',
        'holder.phone_number',
        'guests.1.first_name',
        'guests.1.last_name',
      ]),
    );
  });
});

describe('serializeBookRequest', () => {
  it('gives the same bytes for the same details, in the contract shape', () => {
    const details = GuestDetailsSchema.parse(values);
    const body = serializeBookRequest('prebook-id-0000001', details);
    expect(serializeBookRequest('prebook-id-0000001', GuestDetailsSchema.parse(values))).toBe(body);
    expect(JSON.parse(body)).toEqual({
      prebook_id: 'prebook-id-0000001',
      holder: {
        first_name: 'Asha',
        last_name: 'Rao',
        email: 'asha@example.com',
        phone: '+91 98765 43210',
      },
      guests: [
        { room: 1, first_name: 'Asha', last_name: 'Rao' },
        { room: 2, first_name: 'Ravi', last_name: 'Rao' },
      ],
    });
    expect(BookRequestSchema.safeParse(JSON.parse(body)).success).toBe(true);
    // JSON round trip keeps the bytes: what the API client re-serializes is this string.
    expect(JSON.stringify(JSON.parse(body))).toBe(body);
  });

  it('sends special requests only when there are some', () => {
    const details = GuestDetailsSchema.parse({ ...values, special_requests: ' Late arrival ' });
    expect(JSON.parse(serializeBookRequest('prebook-id-0000001', details))).toMatchObject({
      special_requests: 'Late arrival',
    });
  });
});

describe('formPathOfApiField', () => {
  it('maps the API field paths onto the form', () => {
    expect(formPathOfApiField('holder.email')).toBe('holder.email');
    expect(formPathOfApiField('holder.phone')).toBe('holder.phone_number');
    expect(formPathOfApiField('guests[1].last_name')).toBe('guests.1.last_name');
    expect(formPathOfApiField('special_requests')).toBe('special_requests');
    expect(formPathOfApiField('guests')).toBeNull();
    expect(formPathOfApiField('prebook_id')).toBeNull();
  });
});

describe('the form checks text as the contract does', () => {
  it('refuses a bidi override in special requests with the contract’s message', () => {
    const parsed = GuestDetailsSchema.safeParse({ ...values, special_requests: 'a\u202Eb' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['special_requests', TEXT_CHARACTERS_MESSAGE],
    ]);
  });

  it('says what is wrong with a name that is not a name, with the catalog’s words', () => {
    const problems = (first_name: string, special_requests = '') => {
      const parsed = GuestDetailsSchema.safeParse({
        ...values,
        holder: { ...values.holder, first_name },
        special_requests,
      });
      return (parsed.error?.issues ?? []).map((issue) => [
        issue.path.join('.'),
        fieldMessage(issue.message).id,
      ]);
    };
    expect(problems('\u3164')).toEqual([['holder.first_name', 'checkout.error.nameCharacters']]);
    expect(problems('\u0301'.repeat(50))).toEqual([
      ['holder.first_name', 'checkout.error.nameCharacters'],
    ]);
    expect(problems('Bob\u2067 Smith')).toEqual([
      ['holder.first_name', 'checkout.error.textCharacters'],
    ]);
    expect(problems('Asha', 'quiet\u200Broom')).toEqual([
      ['special_requests', 'checkout.error.textCharacters'],
    ]);
  });
});

describe('fieldMessage', () => {
  it('turns the contract messages into catalog ids', () => {
    expect(fieldMessage('is required')).toEqual({ id: 'checkout.error.required', values: {} });
    expect(fieldMessage('must be at most 50 characters')).toEqual({
      id: 'checkout.error.tooLong',
      values: { max: 50 },
    });
    expect(fieldMessage('must be a valid e-mail address').id).toBe('checkout.error.email');
    expect(fieldMessage(TEXT_CHARACTERS_MESSAGE).id).toBe('checkout.error.textCharacters');
    expect(fieldMessage('something new').values).toEqual({ message: 'something new' });
  });
});
