// Prices in the shopper's currency: converted at the reference rates, whole and marked
// approximate; the charged amount always as quoted; no rates, no conversion.
import { describe, expect, it } from 'vitest';
import { moneyIn } from './money.tsx';

// Units per euro, as the ECB fixes them.
const RATES = { date: '2026-11-20', rates: { USD: 1.25, JPY: 160, GBP: 0.85 } };

describe('money in the shopper’s currency', () => {
  it('shows USD prices in euros, whole and approximate, and the charge exactly', () => {
    const money = moneyIn('EUR', RATES, 'en');
    expect(money.converted).toBe(true);
    // $2,140.00 at 1.25 USD per euro is €1,712.
    expect(money.price(214_000, 'USD')).toBe('≈\u00a0€1,712');
    expect(money.charged(214_099, 'USD')).toBe('$2,140.99');
  });

  it('uses each language’s own way of writing the amount', () => {
    expect(moneyIn('EUR', RATES, 'fr').price(214_000, 'USD')).toBe('≈\u00a01\u00a0712\u00a0€');
    expect(moneyIn('JPY', RATES, 'ja').price(214_000, 'USD')).toBe('≈\u00a0￥273,920');
    expect(moneyIn('JPY', RATES, 'en').price(214_000, 'USD')).toBe('≈\u00a0¥273,920');
  });

  it('converts an amount typed in the shopper’s currency to USD cents, and back', () => {
    const money = moneyIn('EUR', RATES, 'en');
    expect(money.toUsdCents(100)).toBe(12_500);
    expect(money.fromUsdCents(12_500)).toBe(100);
  });

  it('shows USD, never a guess, without rates or without the currency in them', () => {
    for (const money of [moneyIn('EUR', null, 'en'), moneyIn('CHF', RATES, 'en')]) {
      expect(money.converted).toBe(false);
      expect(money.currency).toBe('USD');
      expect(money.price(214_000, 'USD')).toBe('$2,140');
      expect(money.toUsdCents(100)).toBe(10_000);
    }
  });

  it('leaves USD prices as they are for a shopper in USD', () => {
    const money = moneyIn('USD', RATES, 'en');
    expect(money.converted).toBe(false);
    expect(money.price(214_049, 'USD')).toBe('$2,140');
  });
});
