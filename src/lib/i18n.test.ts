import { afterEach, describe, expect, it } from 'vitest';
import hotelMessages from 'virtual:messages/en/hotel';
import { addEnglishMessages, changeLanguage, i18n, initialLanguage, initI18n } from './i18n.ts';

function languageCookie(): string | null {
  return /(?:^|; )staylane_lang=([^;]*)/.exec(document.cookie)?.[1] ?? null;
}

afterEach(() => {
  document.cookie = 'staylane_lang=; Path=/; Max-Age=0';
  localStorage.clear();
});

describe('the UI language', () => {
  it('starts from the choice the cookie carries, as the server serving the page did', () => {
    document.cookie = 'staylane_lang=de; Path=/';
    expect(initialLanguage()).toBe('de');
  });

  it('moves a choice an earlier version kept in localStorage into the cookie, once', () => {
    localStorage.setItem('staylane.language', 'fr');
    expect(initialLanguage()).toBe('fr');
    expect(languageCookie()).toBe('fr');
    expect(localStorage.getItem('staylane.language')).toBeNull();
  });

  it('remembers a language only when the shopper picks one, and sets lang and dir', async () => {
    await initI18n('ar');
    expect(languageCookie()).toBeNull();
    expect(document.documentElement.dir).toBe('rtl');
    await changeLanguage('ja');
    expect(languageCookie()).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(document.documentElement.dir).toBe('ltr');
    await initI18n('en');
  });
});

describe('English in parts', () => {
  it('starts with the core; a page adds its part, there at once and after a language switch', async () => {
    await initI18n('en');
    expect(i18n._('app.name')).toBe('Staylane');
    expect(i18n._('rooms.list')).toBe('rooms.list');

    addEnglishMessages(hotelMessages);
    expect(i18n._('rooms.list')).toBe('Rooms');
    expect(Object.keys(hotelMessages).every((key) => /^(hotel|rooms)\./.test(key))).toBe(true);

    await changeLanguage('fr');
    expect(i18n._('rooms.list')).toBe('Chambres');
    await changeLanguage('en');
    expect(i18n._('rooms.list')).toBe('Rooms');
  });
});
