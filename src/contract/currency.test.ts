import { describe, expect, it } from 'vitest';
import {
  convertUsdCents,
  defaultCurrency,
  currencyPreference,
  displayCurrencyOf,
  regionOf,
  toUsdCents,
} from './currency.ts';
import type { ExchangeRates } from './exchange-rates.ts';

const RATES: ExchangeRates = { date: '2026-11-20', rates: { USD: 1.05, JPY: 160, GBP: 0.85 } };

describe('converting prices', () => {
  it('converts USD cents through the euro, and back from a typed amount', () => {
    expect(convertUsdCents(105_00, 'EUR', RATES)).toBeCloseTo(100, 6);
    expect(convertUsdCents(105_00, 'JPY', RATES)).toBeCloseTo(16_000, 6);
    expect(convertUsdCents(105_00, 'GBP', RATES)).toBeCloseTo(85, 6);
    expect(toUsdCents(100, 'EUR', RATES)).toBe(105_00);
    expect(toUsdCents(16_000, 'JPY', RATES)).toBe(105_00);
  });

  it('leaves USD as it is, and converts nothing it has no rate for', () => {
    expect(convertUsdCents(12_345, 'USD', null)).toBe(123.45);
    expect(toUsdCents(123.45, 'USD', null)).toBe(12_345);
    expect(convertUsdCents(100, 'EUR', null)).toBeNull();
    expect(convertUsdCents(100, 'CHF', RATES)).toBeNull();
    expect(toUsdCents(100, 'CHF', RATES)).toBeNull();
    expect(convertUsdCents(100, 'EUR', { date: '2026-11-20', rates: { GBP: 0.85 } })).toBeNull();
  });
});

describe('the currency a shopper starts with', () => {
  it('reads the region of the page’s language from Accept-Language', () => {
    expect(regionOf('fr-FR,fr;q=0.9,en;q=0.5', 'fr')).toBe('FR');
    expect(regionOf('en-US,fr-CA;q=0.8', 'fr')).toBe('CA');
    expect(regionOf('ja', 'ja')).toBeNull();
    expect(regionOf(undefined, 'en')).toBeNull();
    expect(regionOf('de-ch', 'de')).toBe('CH');
  });

  it('takes the region’s currency, else the language’s; Arabic starts in USD', () => {
    expect(defaultCurrency('fr', 'FR')).toBe('EUR');
    expect(defaultCurrency('en', 'GB')).toBe('GBP');
    expect(defaultCurrency('de', 'CH')).toBe('CHF');
    expect(defaultCurrency('ja', null)).toBe('JPY');
    expect(defaultCurrency('hi', null)).toBe('INR');
    expect(defaultCurrency('en', null)).toBe('USD');
    expect(defaultCurrency('fr', 'CA')).toBe('CAD');
    expect(defaultCurrency('ar', 'AE')).toBe('USD');
    // A region without a currency of its own in the list: the language's.
    expect(defaultCurrency('es', 'AR')).toBe('EUR');
  });

  it('prefers the shopper’s choice (a cookie) over the default', () => {
    expect(displayCurrencyOf(currencyPreference('staylane_currency=JPY', 'fr-FR'), 'fr')).toBe(
      'JPY',
    );
    expect(
      displayCurrencyOf(currencyPreference('other=1; staylane_currency=XXX', 'fr-FR'), 'fr'),
    ).toBe('EUR');
    expect(displayCurrencyOf(currencyPreference(null, 'en-GB'), 'en')).toBe('GBP');
  });
});
