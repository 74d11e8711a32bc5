import { describe, expect, it } from 'vitest';
import { isRightToLeft, pageLanguage, resolveLanguage } from './common.ts';

describe('pageLanguage', () => {
  it('takes the shopper’s choice from the cookie, among the others', () => {
    expect(pageLanguage('a=1; staylane_lang=ar; b=2', 'fr')).toBe('ar');
  });

  it('falls back to the browser’s languages when there is no usable choice', () => {
    expect(pageLanguage(null, 'fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(pageLanguage('staylane_lang=xx', 'ja')).toBe('ja');
    expect(pageLanguage('staylane_lang=', 'es-MX')).toBe('es');
    expect(pageLanguage('other_lang=de', 'pt-BR,hi;q=0.5')).toBe('hi');
  });

  it('is English when neither says anything it speaks', () => {
    expect(pageLanguage(undefined, undefined)).toBe('en');
    expect(pageLanguage('', 'pt-BR,ko')).toBe('en');
    expect(resolveLanguage('*')).toBe('en');
  });
});

describe('isRightToLeft', () => {
  it('is true for Arabic only among the languages the app speaks', () => {
    expect(isRightToLeft('ar')).toBe(true);
    for (const language of ['en', 'fr', 'de', 'es', 'hi', 'ja']) {
      expect(isRightToLeft(language)).toBe(false);
    }
  });
});
