import { act, cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HotelItem } from '../../../contract/index.ts';
import type { SearchInput } from '../../../stay/search-url.ts';
import { NO_FILTERS } from '../../../stay/filters.ts';
import type { ShownHotel } from '../merge-results.ts';
import { onScreenHotelIds } from './on-screen-hotels.ts';
import { ResultsList } from './results-list.tsx';
import { renderWithApp } from '../../../testing/render.tsx';

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
  vi.restoreAllMocks();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

type ListProps = Parameters<typeof ResultsList>[0];

function listProps(count: number, patch: Partial<ListProps> = {}): ListProps {
  return {
    hotels: hotels(count),
    input,
    searchId: 'srch_0123456789abcdef',
    hasNextPage: false,
    isFetchingNextPage: false,
    nextPageFailed: false,
    fetchNextPage: () => undefined,
    onOnScreenChange: () => undefined,
    ...patch,
  };
}

/** The list on the page, once the virtualizer's module it loads after mounting is in. */
async function renderList(count: number, patch: Partial<ListProps> = {}) {
  const rendered = renderWithApp(<ResultsList {...listProps(count, patch)} />);
  await act(async () => {
    await import('@tanstack/virtual-core');
  });
  return rendered;
}

/** The window's top moved to `y` and the list told, as a browser scroll would. */
async function scrollWindowTo(y: number) {
  await act(async () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

/** The top of row `index` (0-based): rows and the gaps between them. */
const rowTop = (index: number) => index * (ROW_PX + 12);

describe('ResultsList', () => {
  it('keeps a thousand loaded hotels to a handful of rows in the DOM', async () => {
    await renderList(1000);
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]).toHaveAttribute('aria-setsize', '1000');
    // The list is as tall as all its hotels, so the page scrolls as if they were there.
    expect(parseFloat(screen.getByRole('list').style.minHeight)).toBeGreaterThan(1000 * ROW_PX);
  });

  it('draws the hotels of the scroll position, and reports those on screen', async () => {
    await renderList(1000);
    // jsdom does not scroll: set where the window is and tell the list, as a browser would.
    await scrollWindowTo(rowTop(500));
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
    await renderList(1000);
    const link = screen.getByRole('link', { name: 'Hotel 2' });
    act(() => link.focus());
    await scrollWindowTo(rowTop(700));
    expect(link).toBeInTheDocument();
    expect(link).toHaveFocus();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(30);
  });
  it('asks for the next page when the end comes near, and not before', async () => {
    const fetchNextPage = vi.fn();
    await renderList(40, { hasNextPage: true, fetchNextPage });
    // A window of 768 px shows about three rows: at row 30, hotel 34 is the last on screen.
    await scrollWindowTo(rowTop(30));
    expect(fetchNextPage).not.toHaveBeenCalled();
    // At row 32, hotel 36 is: five loaded hotels are left below it.
    await scrollWindowTo(rowTop(32));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('does not ask again while the next page is on its way, or after it failed', async () => {
    const fetchNextPage = vi.fn();
    await renderList(40, { hasNextPage: true, isFetchingNextPage: true, fetchNextPage });
    await scrollWindowTo(rowTop(38));
    cleanup();
    await renderList(40, { hasNextPage: true, nextPageFailed: true, fetchNextPage });
    await scrollWindowTo(rowTop(38));
    expect(fetchNextPage).not.toHaveBeenCalled();
  });

  it('goes on asking while the end is still on screen when a page arrives', async () => {
    let asked = 0;
    function Paged() {
      const [count, setCount] = useState(2);
      return (
        <ResultsList
          {...listProps(count, {
            hasNextPage: count < 8,
            fetchNextPage: () => {
              asked += 1;
              setCount((loaded) => loaded + 2);
            },
          })}
        />
      );
    }
    renderWithApp(<Paged />);
    // Two hotels a page, all on screen: pages come until there are no more.
    expect(await screen.findByRole('link', { name: 'Hotel 8' })).toBeInTheDocument();
    expect(asked).toBe(3);
  });
});
