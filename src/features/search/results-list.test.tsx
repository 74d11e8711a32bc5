import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HotelItem } from '../../contract/index.ts';
import type { SearchInput } from '../../lib/search-url.ts';
import { NO_FILTERS } from '../../lib/search-url.ts';
import type { ShownHotel } from './merge-results.ts';
import { onScreenHotelIds } from './on-screen-hotels.ts';
import { ResultsList } from './results-list.tsx';
import { renderWithApp } from '../../testing/render.tsx';

const ROW_PX = 240;

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

function hotels(count: number): ShownHotel[] {
  return Array.from({ length: count }, (_, index): ShownHotel => {
    const hotel: HotelItem = {
      hotel_id: String(index + 1),
      hotel_name: `Hotel ${index + 1}`,
      city: 'Paris',
      country: 'France',
      facilities: [],
      availability_band: 0,
      price: { amount: 10_000, currency: 'USD', rate_type: 'live', is_refundable: true },
    };
    return { ...hotel, priceChange: null, previousAmount: null };
  });
}

// jsdom has no layout: give every row a height, as a browser would measure it.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.getAttribute('role') === 'listitem' ? ROW_PX : 0;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

function renderList(count: number) {
  return renderWithApp(
    <ResultsList
      hotels={hotels(count)}
      input={input}
      searchId="srch_0123456789abcdef"
      hasNextPage={false}
      isFetchingNextPage={false}
      nextPageFailed={false}
      fetchNextPage={() => undefined}
      onOnScreenChange={() => undefined}
    />,
  );
}

describe('ResultsList', () => {
  it('keeps a thousand loaded hotels to a handful of rows in the DOM', () => {
    renderList(1000);
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]).toHaveAttribute('aria-setsize', '1000');
    // The list is as tall as all its hotels, so the page scrolls as if they were there.
    expect(parseFloat(screen.getByRole('list').style.minHeight)).toBeGreaterThan(1000 * ROW_PX);
  });

  it('draws the hotels of the scroll position, and reports those on screen', async () => {
    renderList(1000);
    // jsdom does not scroll: set where the window is and tell the list, as a browser would.
    await act(async () => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 500 * (ROW_PX + 12) });
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const positions = screen
      .getAllByRole('listitem')
      .map((row) => Number(row.getAttribute('aria-posinset')));
    expect(Math.min(...positions)).toBeGreaterThan(480);
    expect(Math.max(...positions)).toBeLessThan(530);
    expect(screen.getAllByRole('listitem').length).toBeLessThan(30);
    const onScreen = onScreenHotelIds('srch_0123456789abcdef').map(Number);
    expect(onScreen.length).toBeGreaterThan(0);
    // Rows not drawn yet count at their estimated height, so "about row 500".
    expect(onScreen.every((id) => id >= 490 && id <= 530)).toBe(true);
  });

  it('keeps the hotel with keyboard focus drawn when the list scrolls away from it', async () => {
    renderList(1000);
    const link = screen.getByRole('link', { name: 'Hotel 2' });
    act(() => link.focus());
    await act(async () => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 700 * (ROW_PX + 12) });
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(link).toBeInTheDocument();
    expect(link).toHaveFocus();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(30);
  });
});
