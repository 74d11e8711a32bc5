// UI text through Lingui with ICU messages (plurals, selects). Catalogs are
// flat JSON files in src/locales, compiled at build time by a Vite plugin;
// English is bundled (its core; the hotel and booking pages add their own messages as
// their code loads), other languages load on demand with English as fallback.
// The language is sent to the API as the `language` header, sets <html lang>
// and flips the layout to right-to-left for Arabic. The shopper's choice is a cookie, so
// the server serves the page in it (lang and dir right from the first byte); without a
// choice, both pick from the browser's languages the same way (pageLanguage).
import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { isRightToLeft, LANGUAGE_COOKIE, pageLanguage, type Language } from '../contract/index.ts';
import englishCore from 'virtual:messages/en/core';
import type enSource from '../locales/en.json';
import { setApiLanguage } from './api-client.ts';
import { rememberChoice } from './preference-cookie.ts';

export { i18n, isRightToLeft };

export type MessageId = keyof typeof enSource;
export type MessageValues = Record<string, string | number | undefined>;

export const UI_LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'fr', label: 'Français' },
  { code: 'es', label: 'Español' },
  { code: 'de', label: 'Deutsch' },
  { code: 'hi', label: 'हिन्दी' },
  { code: 'ar', label: 'العربية' },
  { code: 'ja', label: '日本語' },
] as const satisfies readonly { code: Language; label: string }[];

/** Where the choice was kept before it was a cookie: read once, then moved. */
const LEGACY_STORAGE_KEY = 'staylane.language';

type Catalog = Messages;
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalog }>> = {
  fr: () => import('virtual:messages/fr'),
  es: () => import('virtual:messages/es'),
  de: () => import('virtual:messages/de'),
  hi: () => import('virtual:messages/hi'),
  ar: () => import('virtual:messages/ar'),
  ja: () => import('virtual:messages/ja'),
};

export function isUiLanguage(value: string | null | undefined): value is Language {
  return UI_LANGUAGES.some((l) => l.code === value);
}

function rememberLanguage(language: Language): void {
  rememberChoice(LANGUAGE_COOKIE, language);
}

/** A choice kept in localStorage by an earlier version becomes the cookie, once. */
function migrateStoredChoice(): void {
  try {
    const stored = localStorage.getItem(LEGACY_STORAGE_KEY);
    if (stored === null) return;
    localStorage.removeItem(LEGACY_STORAGE_KEY);
    if (isUiLanguage(stored) && !document.cookie.includes(`${LANGUAGE_COOKIE}=`)) {
      rememberLanguage(stored);
    }
  } catch {
    // Storage blocked: nothing was kept there either.
  }
}

export function initialLanguage(): Language {
  migrateStoredChoice();
  return pageLanguage(document.cookie, navigator.languages.join(','));
}

/**
 * The English messages so far: the core, and each part a page's code has added
 * (src/locales/parts.ts). Lingui keeps the very object it was given as a language's
 * catalog and merges later loads into it, so a part added after English is active is
 * there at once, without the change event that would draw every translated part again.
 */
const english: Messages = { ...englishCore };

/** A page's own English messages, added as its code loads, before it draws. */
export function addEnglishMessages(part: Messages): void {
  Object.assign(english, part);
}

/** A language's messages; missing keys fall back to English instead of showing the id. */
export async function catalogOf(language: Language): Promise<Messages> {
  if (language === 'en') return english;
  const { default: messages } = await loaders[language]();
  return { ...english, ...messages };
}

async function load(language: Language): Promise<void> {
  i18n.load(language, await catalogOf(language));
}

async function activate(language: Language): Promise<void> {
  await load(language);
  i18n.activate(language);
  document.documentElement.lang = language;
  document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  setApiLanguage(language);
}

/** The shopper picks a language: it is kept (a cookie) for the pages the server sends next. */
export async function changeLanguage(language: Language): Promise<void> {
  await activate(language);
  rememberLanguage(language);
}

export async function initI18n(language: Language = initialLanguage()): Promise<void> {
  await activate(language);
}

/** `t('stay.nights', { count: 3 })`, re-rendering when the language changes. */
export function useT() {
  const { _, i18n: instance } = useLingui();
  const t = useCallback((id: MessageId, values?: MessageValues) => _(id, values), [_]);
  return { t, language: isUiLanguage(instance.locale) ? instance.locale : 'en' };
}
