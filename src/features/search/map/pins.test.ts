import { describe, expect, it } from 'vitest';
import { moneyIn } from '../../../lib/money.tsx';
import { hotelItem } from '../../../testing/search-fixtures.ts';
import type { ShownHotel } from '../merge-results.ts';
import { pinLook, pinText } from './pins.ts';

const RATES = { date: '2026-11-20', rates: { USD: 1.25, JPY: 160 } };

/** A hotel whose price for a 3-night stay is $452 in all ($150.67 a night). */
function shown(patch: Partial<ShownHotel> = {}): ShownHotel {
  return {
    ...hotelItem('7', 45_200, {
      price: { amount: 45_200, currency: 'USD', rate_type: 'live', is_refundable: false },
    }),
    priceChange: null,
    previousAmount: null,
    ...patch,
  };
}

describe('pinText', () => {
  it('shows the total for the stay, the price a card puts first, never the price per night', () => {
    expect(pinText(shown(), moneyIn('USD', null, 'en'))).toBe('$452');
  });

  it('marks an estimated total as approximate, as the cards do', () => {
    const estimated = shown({
      price: { amount: 45_200, currency: 'USD', rate_type: 'estimated', is_refundable: null },
    });
    expect(pinLook(estimated)).toBe('estimated');
    expect(pinText(estimated, moneyIn('USD', null, 'en'))).toBe('≈ $452');
  });

  it('converts the total into the shopper’s currency, once marked approximate', () => {
    // 45,200 USD cents at 1.25 USD per euro: €361.60, shown in whole euros.
    expect(pinText(shown(), moneyIn('EUR', RATES, 'en'))).toBe('≈\u00a0€362');
    expect(
      pinText(
        shown({
          price: { amount: 45_200, currency: 'USD', rate_type: 'estimated', is_refundable: null },
        }),
        moneyIn('JPY', RATES, 'en'),
      ),
    ).toBe('≈\u00a0¥57,856');
  });
});
