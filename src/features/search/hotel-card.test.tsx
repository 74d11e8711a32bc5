import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render.tsx';
import { exampleSearch, hotelItem } from '../../testing/search-fixtures.ts';
import { HotelCard } from './hotel-card.tsx';
import type { ShownHotel } from './merge-results.ts';

const input = exampleSearch();
const hotel = hotelItem('7', 45_200, {
  hotel_name: 'Hotel Lumière',
  price: { amount: 45_200, currency: 'USD', rate_type: 'live', is_refundable: false },
});

function renderCard(shown: ShownHotel) {
  renderWithApp(<HotelCard hotel={shown} input={input} />);
  return screen.getByRole('article', { name: 'Hotel Lumière' });
}

describe('HotelCard', () => {
  it('says how a live price moved, on the amount’s own line', () => {
    const card = renderCard({ ...hotel, priceChange: 'down', previousAmount: 45_500 });
    const change = within(card).getByText('Down from $455');
    // Read after the amount it qualifies; seen as the old amount struck through.
    const amountLine = change.closest('p');
    expect(amountLine).toHaveTextContent(/^\$452.*Down from \$455$/);
    expect(within(amountLine as HTMLElement).getByText('$455').tagName).toBe('S');
  });

  it('says a rise as a rise', () => {
    const card = renderCard({ ...hotel, priceChange: 'up', previousAmount: 40_000 });
    expect(within(card).getByText('Up from $400')).toBeInTheDocument();
  });

  it('shows no change for a price the page first showed', () => {
    const card = renderCard({ ...hotel, priceChange: null, previousAmount: null });
    expect(within(card).queryByText(/from \$/)).toBeNull();
    expect(within(card).getByText('Non-refundable')).toBeInTheDocument();
  });

  it('shows the stay’s total as its most prominent price, the price per night after it and smaller', () => {
    const card = renderCard({ ...hotel, priceChange: null, previousAmount: null });
    const total = within(card).getByText('$452');
    const perNight = within(card).getByText(/per night/);
    expect(within(card).getByText(/^Total for 2 nights/)).toBeInTheDocument();
    expect(total.className).toMatch(/\btext-xl\b/);
    expect(perNight.className).toMatch(/\btext-sm\b/);
    expect(total.compareDocumentPosition(perNight) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
