import { describe, expect, it } from 'vitest';
import { formatAddress } from './format.ts';

describe('formatAddress', () => {
  it('joins street, city and country in that order', () => {
    expect(formatAddress('82 Boulevard Foch', 'Paris', 'France')).toBe(
      '82 Boulevard Foch, Paris, France',
    );
  });

  it('leaves out what the hotel does not have, with no stray commas', () => {
    expect(formatAddress('', 'Lisbon', null)).toBe('Lisbon');
    expect(formatAddress('Rua Augusta 1', undefined)).toBe('Rua Augusta 1');
    expect(formatAddress(undefined, null)).toBe('');
  });
});
