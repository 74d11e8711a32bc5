// Prices in the shopper's own currency: the euro reference rates the app converts with, the
// currency a shopper sees by default, and the conversion itself. The hotel API quotes and
// charges in USD; another currency is for display only, always marked approximate, and the
// amount charged is always stated as quoted (docs/api.md, "Exchange rates";
// docs/decisions/048-dates-and-currencies.md). The rates' schema is exchange-rates.ts's.
import { cookieValue, type Language } from './common.ts';
import type { ExchangeRates } from './exchange-rates.ts';

/**
 * The currencies a shopper may see prices in: the euro and those the European Central Bank
 * publishes reference rates for. The ECB publishes none for the Gulf currencies, so an
 * Arabic page starts in USD.
 */
export const DISPLAY_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'INR',
  'CHF',
  'AUD',
  'CAD',
  'CNY',
  'HKD',
  'SGD',
  'NZD',
  'KRW',
  'THB',
  'MYR',
  'IDR',
  'PHP',
  'ILS',
  'TRY',
  'ZAR',
  'BRL',
  'MXN',
  'SEK',
  'NOK',
  'DKK',
  'ISK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

/** The currency the hotel API quotes and charges in. */
export const CHARGE_CURRENCY = 'USD';

export function isDisplayCurrency(value: string | null | undefined): value is DisplayCurrency {
  return (DISPLAY_CURRENCIES as readonly (string | null | undefined)[]).includes(value);
}

/** The cookie that carries the shopper's chosen currency, so pages are drawn in it. */
export const CURRENCY_COOKIE = 'staylane_currency';

/** Rates this old (in days) are still used, with a warning in the server's log. */
export const RATES_WARN_AFTER_DAYS = 7;
/** Rates older than this are not used at all: prices show in USD only. */
export const RATES_UNUSABLE_AFTER_DAYS = 30;

/** Units of `currency` per euro; null when the rates do not have it. */
function perEuro(rates: ExchangeRates, currency: string): number | null {
  if (currency === 'EUR') return 1;
  return rates.rates[currency] ?? null;
}

/**
 * An amount in USD cents in `currency`, in that currency's units (not rounded); null when
 * the rates cannot convert it (then show USD).
 */
export function convertUsdCents(
  cents: number,
  currency: string,
  rates: ExchangeRates | null,
): number | null {
  if (currency === CHARGE_CURRENCY) return cents / 100;
  if (!rates) return null;
  const usd = perEuro(rates, CHARGE_CURRENCY);
  const target = perEuro(rates, currency);
  return usd && target ? (cents / 100 / usd) * target : null;
}

/**
 * An amount a shopper typed in `currency` (a price filter in euros, say) in USD cents, as
 * the API takes it; null when the rates cannot convert it.
 */
export function toUsdCents(
  amount: number,
  currency: string,
  rates: ExchangeRates | null,
): number | null {
  if (currency === CHARGE_CURRENCY) return Math.round(amount * 100);
  if (!rates) return null;
  const usd = perEuro(rates, CHARGE_CURRENCY);
  const source = perEuro(rates, currency);
  return usd && source ? Math.round((amount / source) * usd * 100) : null;
}

/**
 * The currency a shopper starts with, from the page's language and the region the browser
 * asks for (Accept-Language "fr-FR", "en-GB"): the only table of our own. Where the region
 * says nothing, the language does (ja → JPY, hi → INR); Arabic starts in USD (the ECB has
 * no rates for the Gulf currencies).
 */
const BY_REGION: Readonly<Record<string, DisplayCurrency>> = {
  US: 'USD',
  GB: 'GBP',
  IE: 'EUR',
  FR: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  BE: 'EUR',
  NL: 'EUR',
  LU: 'EUR',
  ES: 'EUR',
  PT: 'EUR',
  IT: 'EUR',
  FI: 'EUR',
  GR: 'EUR',
  SK: 'EUR',
  SI: 'EUR',
  EE: 'EUR',
  LV: 'EUR',
  LT: 'EUR',
  MT: 'EUR',
  CY: 'EUR',
  HR: 'EUR',
  CH: 'CHF',
  LI: 'CHF',
  JP: 'JPY',
  IN: 'INR',
  AU: 'AUD',
  CA: 'CAD',
  CN: 'CNY',
  HK: 'HKD',
  SG: 'SGD',
  NZ: 'NZD',
  KR: 'KRW',
  TH: 'THB',
  MY: 'MYR',
  ID: 'IDR',
  PH: 'PHP',
  IL: 'ILS',
  TR: 'TRY',
  ZA: 'ZAR',
  BR: 'BRL',
  MX: 'MXN',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  IS: 'ISK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
  BG: 'BGN',
};

const BY_LANGUAGE: Readonly<Record<Language, DisplayCurrency>> = {
  en: 'USD',
  fr: 'EUR',
  de: 'EUR',
  es: 'EUR',
  ar: 'USD',
  hi: 'INR',
  ja: 'JPY',
};

/**
 * The region of the first Accept-Language entry in `language` that names one ("fr-FR" →
 * "FR"), or null. The page's language takes only the primary subtag; the currency wants the
 * region too.
 */
export function regionOf(acceptLanguage: string | null | undefined, language: Language) {
  for (const part of (acceptLanguage ?? '').slice(0, 200).split(',')) {
    const [primary, region] = (part.split(';')[0] ?? '').trim().split('-');
    if (primary?.toLowerCase() === language && region && /^[A-Za-z]{2}$/.test(region)) {
      return region.toUpperCase();
    }
  }
  return null;
}

export function defaultCurrency(language: Language, region: string | null): DisplayCurrency {
  // Arabic pages stay in USD wherever they are read: no Gulf rates to convert with.
  if (language === 'ar') return 'USD';
  return (region && BY_REGION[region]) || BY_LANGUAGE[language];
}

/**
 * What decides a shopper's currency: their choice (the cookie), else the region their
 * browser asks for. Kept apart from the language, which the shopper may switch on the page:
 * without a choice, the currency follows it.
 */
export interface CurrencyPreference {
  chosen: DisplayCurrency | null;
  acceptLanguage: string;
}

/** The preference a request (or the browser's own cookie and languages) carries. */
export function currencyPreference(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): CurrencyPreference {
  const chosen = cookieValue(cookieHeader, CURRENCY_COOKIE);
  return {
    chosen: isDisplayCurrency(chosen) ? chosen : null,
    acceptLanguage: (acceptLanguage ?? '').slice(0, 200),
  };
}

/** The currency a page in `language` is drawn in. */
export function displayCurrencyOf(
  preference: CurrencyPreference,
  language: Language,
): DisplayCurrency {
  return (
    preference.chosen ?? defaultCurrency(language, regionOf(preference.acceptLanguage, language))
  );
}
