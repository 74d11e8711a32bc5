import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../contract/index.ts';
import { formatStayRange, localToday } from '../../../lib/format.ts';
import { useSavedHotels } from '../../../stay/saved-hotels.ts';
import { serializeSearchUrl, type SearchInput } from '../../../stay/search-url.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { hotelItem, searchAnswer, exampleSearch } from '../../../testing/search-fixtures.ts';
import { SavedHotelsPage } from './saved-page.tsx';

const today = localToday();

const stay = exampleSearch;

function save(hotelId: string, input: SearchInput, savedAt: number) {
  useSavedHotels.setState((state) => ({
    hotels: [
      ...state.hotels,
      {
        hotelId,
        name: `Hotel ${hotelId}`,
        place: `${hotelId} Rue de Rivoli, Paris`,
        stars: 4,
        imageUrl: null,
        query: serializeSearchUrl(input),
        savedAt,
      },
    ],
  }));
}

/**
 * An IntersectionObserver under which every group is (or is not) on screen; counts the
 * observations it has delivered.
 */
function screenShows(visible: boolean) {
  const seen = { observations: 0 };
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        queueMicrotask(() => {
          this.callback(
            [{ target, isIntersecting: visible } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          );
          seen.observations += 1;
        });
      }
      disconnect() {}
    },
  );
  return seen;
}

/** The search API for saved stays: each hotel asked for, at its own price. */
function pricingApi() {
  return stubApi({
    '/hotels/search': (_url, init) => {
      const body = JSON.parse(init?.body as string) as {
        hotel_ids: number[];
        check_in: string;
        check_out: string;
      };
      return searchAnswer(
        body.hotel_ids.map((id) =>
          hotelItem(String(id), id * 100, {
            price: { amount: id * 100, currency: 'USD', rate_type: 'live', is_refundable: false },
          }),
        ),
        { checkIn: body.check_in, checkOut: body.check_out },
        { total_results: body.hotel_ids.length },
      );
    },
  });
}

beforeEach(() => {
  localStorage.clear();
  useSavedHotels.setState({ hotels: [] });
});

describe('SavedHotelsPage', () => {
  it('prices each stay with one search for its saved hotels, grouped by stay', async () => {
    screenShows(true);
    const later = stay({ checkIn: addDays(today, 40), checkOut: addDays(today, 43) });
    save('101', stay(), 3);
    save('202', later, 2);
    save('303', stay(), 1);
    const api = pricingApi();
    vi.stubGlobal('fetch', api.fetchStub);
    renderWithApp(<SavedHotelsPage />, { path: '/saved' });

    const groups = await screen.findAllByRole('region', { name: /^Paris, France / });
    expect(groups).toHaveLength(2);
    const first = within(groups[0]!);
    expect(await first.findByText('$101')).toBeTruthy();
    expect(await first.findByText('$303')).toBeTruthy();
    expect(await within(groups[1]!).findByText('$202')).toBeTruthy();
    // Each group says its stay: two nights, then three.
    const stays = groups.map((group) => within(group).getByText(/ · \d nights · /).textContent);
    expect(stays[0]).toContain('2 nights');
    expect(stays[1]).toContain('3 nights');

    const searches = api.calls.filter((call) => call.path === '/hotels/search');
    expect(searches).toHaveLength(2);
    const bodies = searches.map((call) => JSON.parse(call.body ?? '{}') as unknown);
    expect(bodies).toContainEqual(
      expect.objectContaining({
        hotel_ids: [101, 303],
        limit: 2,
        check_in: stay().checkIn,
        pricing_mode: 'instant',
      }),
    );
    expect(bodies).toContainEqual(
      expect.objectContaining({ hotel_ids: [202], limit: 1, check_in: later.checkIn }),
    );
  });

  it('asks nothing for stays that are not on screen', async () => {
    const seen = screenShows(false);
    save('101', stay(), 1);
    const api = pricingApi();
    vi.stubGlobal('fetch', api.fetchStub);
    renderWithApp(<SavedHotelsPage />, { path: '/saved' });
    expect(await screen.findByRole('heading', { name: 'Hotel 101' })).toBeTruthy();
    expect(screen.getByText('Checking prices…')).toBeTruthy();
    // The observer has said where the group is: still nothing sent.
    await waitFor(() => expect(seen.observations).toBeGreaterThan(0));
    expect(api.calls).toEqual([]);
  });

  it('does not search a stay whose dates have passed, and offers the next dates for the same nights', async () => {
    screenShows(true);
    save('101', stay({ checkIn: addDays(today, -5), checkOut: addDays(today, -2) }), 1);
    const api = pricingApi();
    vi.stubGlobal('fetch', api.fetchStub);
    renderWithApp(<SavedHotelsPage />, { path: '/saved' });
    expect(await screen.findByText('These dates have passed.')).toBeTruthy();
    expect(api.calls).toEqual([]);

    const next = formatStayRange(today, addDays(today, 3), 'en');
    await userEvent.click(screen.getByRole('button', { name: `Price ${next} instead` }));
    expect(await screen.findByText('$101')).toBeTruthy();
    expect(JSON.parse(api.calls[0]?.body ?? '{}')).toMatchObject({
      hotel_ids: [101],
      check_in: today,
      check_out: addDays(today, 3),
    });
  });

  it('removes a hotel with its heart, and all of them after asking once more', async () => {
    screenShows(true);
    save('101', stay(), 2);
    save('202', stay(), 1);
    vi.stubGlobal('fetch', pricingApi().fetchStub);
    renderWithApp(<SavedHotelsPage />, { path: '/saved' });
    await screen.findByText('$101'); // the priced card has taken the placeholder's place
    const heart = screen.getByRole('button', { name: 'Save Hotel 101' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(heart);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Hotel 101' })).toBeNull());
    expect(useSavedHotels.getState().hotels.map((hotel) => hotel.hotelId)).toEqual(['202']);

    await userEvent.click(screen.getByRole('button', { name: 'Remove all' }));
    const question = screen.getByRole('group', { name: 'Remove 1 saved hotel?' });
    // Focus waits on the way back, not on the destructive answer.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep' }));
    await userEvent.click(within(question).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText(/No saved hotels yet/)).toBeTruthy();
  });
});
