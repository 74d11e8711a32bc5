import { describe, expect, it } from 'vitest';
import { foldLetters } from './text.ts';

describe('foldLetters', () => {
  it('ignores case and accents, and spells letters that do not decompose', () => {
    expect(foldLetters('MÜLLER-Lüdenscheidt')).toBe('muller-ludenscheidt');
    expect(foldLetters('São Paulo')).toBe('sao paulo');
    expect(foldLetters('Øresund Æbleø Straße Łódź Þór')).toBe('oresund aebleo strasse lodz thor');
    expect(foldLetters('ﬁ')).toBe('fi');
  });
  it('makes final sigma, sigma and capital sigma one letter', () => {
    expect(foldLetters('ΟΔΥΣΣΕΑΣ')).toBe(foldLetters('οδυσσεας'));
    expect(foldLetters('Οδυσσέας')).toBe(foldLetters('ΟΔΥΣΣΕΑΣ'));
  });
});
