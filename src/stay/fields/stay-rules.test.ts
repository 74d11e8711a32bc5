import { describe, expect, it } from 'vitest';
import { stayFieldOfIssue, validateStay, type StayValues } from './stay-rules.ts';

describe('validateStay', () => {
  const valid: StayValues = {
    dates: { checkIn: '2026-12-01', checkOut: '2026-12-03' },
    rooms: [{ adults: 2, child_ages: [] }],
    nationality: 'IN',
  };
  const check = (patch: Partial<StayValues>) => validateStay({ ...valid, ...patch }, '2026-11-24');

  it("holds check-in to the shopper's today and to the furthest bookable day", () => {
    expect(check({ dates: { checkIn: '2026-11-23', checkOut: '2026-11-25' } })).toEqual([
      'checkIn',
    ]);
    expect(check({ dates: { checkIn: '2028-04-08', checkOut: '2028-04-09' } })).toEqual([
      'checkIn',
    ]);
  });

  it('judges each stay against the today it is given, whatever day was asked before', () => {
    const far: Partial<StayValues> = { dates: { checkIn: '2028-04-08', checkOut: '2028-04-09' } };
    const on = (today: string) => validateStay({ ...valid, ...far }, today);
    expect(on('2026-11-24')).toEqual(['checkIn']);
    expect(on('2026-11-26')).toEqual([]);
    expect(on('2026-11-24')).toEqual(['checkIn']);
  });

  it('refuses a stay longer than the API allows, and occupancy it would refuse', () => {
    expect(check({ dates: { checkIn: '2026-12-01', checkOut: '2026-12-31' } })).toEqual([]);
    expect(check({ dates: { checkIn: '2026-12-01', checkOut: '2027-01-01' } })).toEqual([
      'checkOut',
    ]);
    expect(check({ rooms: [{ adults: 0, child_ages: [] }] })).toEqual(['rooms']);
  });

  it('checks the nationality against the country list, not only its shape', () => {
    expect(check({ nationality: 'ZZ' })).toEqual(['nationality']);
    expect(check({ nationality: 'in' })).toEqual(['nationality']);
  });

  it('puts a server problem on the field it names', () => {
    const field = (name: string) => stayFieldOfIssue({ field: name, message: 'x' });
    expect(field('check_in')).toBe('checkIn');
    expect(field('check_out')).toBe('checkOut');
    expect(field('rooms[1].child_ages[0]')).toBe('rooms');
    expect(field('nationality')).toBe('nationality');
    expect(field('destination.id')).toBeNull();
  });
});
