import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HotelItem } from '../../contract/index.ts';
import { NO_FILTERS, type SearchInput } from '../../lib/search-url.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { HotelCard } from './hotel-card.tsx';
import type { ShownHotel } from './merge-results.ts';

const input: SearchInput = {
  destination: { type: 'city', id: 1 },
  label: 'Paris',
  checkIn: '2030-01-10',
  checkOut: '2030-01-12',
  rooms: [{ adults: 2, child_ages: [] }],
  nationality: 'IN',
  sort: 'recommended',
  pricingMode: 'instant',
  filters: NO_FILTERS,
};

const hotel: HotelItem = {
  hotel_id: '7',
  hotel_name: 'Hotel Lumière',
  city: 'Paris',
  country: 'France',
  facilities: [],
  availability_band: 0,
  price: { amount: 45_200, currency: 'USD', rate_type: 'live', is_refundable: false },
};

function renderCard(shown: ShownHotel) {
  renderWithApp(<HotelCard hotel={shown} input={input} />);
  return screen.getByRole('article', { name: 'Hotel Lumière' });
}

afterEach(cleanup);

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
});
