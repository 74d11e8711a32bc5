// UI text through Lingui with ICU messages (plurals, selects). Catalogs are
// flat JSON files in src/locales, compiled at build time by a Vite plugin;
// English is bundled, other languages load on demand with English as fallback.
// The language is sent to the API as the `language` header, sets <html lang>
// and flips the layout to right-to-left for Arabic.
import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { Language } from '../contract/index.ts';
import en from 'virtual:messages/en';
import type enSource from '../locales/en.json';
import { setApiLanguage } from './api-client.ts';

export { i18n };

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

const RTL: ReadonlySet<string> = new Set(['ar']);
const STORAGE_KEY = 'staylane.language';

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

export function isRightToLeft(language: string): boolean {
  return RTL.has(language);
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function initialLanguage(): Language {
  const stored = storedLanguage();
  if (isUiLanguage(stored)) return stored;
  const fromBrowser = navigator.language.split('-')[0];
  return isUiLanguage(fromBrowser) ? fromBrowser : 'en';
}

async function load(language: Language): Promise<void> {
  if (language === 'en') {
    i18n.load('en', en);
    return;
  }
  const { default: messages } = await loaders[language]();
  // Missing keys fall back to English instead of showing the message id.
  i18n.load(language, { ...en, ...messages });
}

export async function changeLanguage(language: Language): Promise<void> {
  await load(language);
  i18n.activate(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  document.documentElement.lang = language;
  document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  setApiLanguage(language);
}

export async function initI18n(language: Language = initialLanguage()): Promise<void> {
  await changeLanguage(language);
}

export function currentLanguage(): Language {
  return isUiLanguage(i18n.locale) ? i18n.locale : 'en';
}

/** `t('stay.nights', { count: 3 })`, re-rendering when the language changes. */
export function useT() {
  const { _, i18n: instance } = useLingui();
  const t = useCallback((id: MessageId, values?: MessageValues) => _(id, values), [_]);
  return { t, language: isUiLanguage(instance.locale) ? instance.locale : 'en' };
}
