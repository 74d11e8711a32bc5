import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../contract/index.ts';
import { searchPath } from '../../../stay/search-url.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { exampleSearch, nearbyAnswer } from '../../../testing/search-fixtures.ts';
import { NearbyDatesRow } from './nearby-dates-row.tsx';

const input = exampleSearch({
  sort: 'stars',
  filters: { ...exampleSearch().filters, stars: [4, 5], hotelName: 'palace' },
});

describe('NearbyDatesRow', () => {
  it('asks the six other check-ins for their cheapest hotel, under the same filters', async () => {
    const api = stubApi({
      '/hotels/search': (_url, init) => {
        const body = JSON.parse(init?.body as string) as { check_in: string; check_out: string };
        const amount = body.check_in === addDays(input.checkIn, 2) ? 20_000 : 30_000;
        return nearbyAnswer(body, {
          availability_band: 0,
          price: { amount, currency: 'USD', rate_type: 'live', is_refundable: true },
        });
      },
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderWithApp(<NearbyDatesRow input={input} />, { url: searchPath(input) });
    const list = screen.getByRole('list', { name: 'Check-in dates near yours' });
    expect(await within(list).findByRole('link', { name: /\$200 Lowest price/ })).toBeVisible();

    const bodies = api.calls.map((call) => JSON.parse(call.body!) as Record<string, unknown>);
    expect(bodies.map((body) => body.check_in)).toEqual(
      [-3, -2, -1, 1, 2, 3].map((days) => addDays(input.checkIn, days)),
    );
    for (const body of bodies) {
      expect(body).toMatchObject({
        destination: input.destination,
        check_out: addDays(body.check_in as string, 2),
        star_ratings: [4, 5],
        hotel_name: 'palace',
        sort: 'price_low_to_high',
        limit: 1,
        fields: ['price', 'availability_band'],
      });
    }

    // Every date is a real link to the results for those dates, everything else kept.
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(7);
    const later = links[4]!;
    expect(later).toHaveAttribute(
      'href',
      searchPath({
        ...input,
        checkIn: addDays(input.checkIn, 1),
        checkOut: addDays(input.checkOut, 1),
      }),
    );
    expect(links[3]).toHaveAttribute('aria-current', 'page');
    expect(links[3]).toHaveAccessibleName(/Your dates/);
    await userEvent.click(later);
    expect(screen.getByTestId('location')).toHaveTextContent(
      `checkin=${addDays(input.checkIn, 1)}&checkout=${addDays(input.checkOut, 1)}`,
    );
  });

  it('says when no hotel is available or none matches', async () => {
    const api = stubApi({
      '/hotels/search': (_url, init) => {
        const body = JSON.parse(init?.body as string) as { check_in: string; check_out: string };
        return nearbyAnswer(
          body,
          body.check_in < input.checkIn
            ? {
                availability_band: 1,
                price: { amount: 1, currency: 'USD', rate_type: 'estimated', is_refundable: null },
              }
            : null,
        );
      },
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderWithApp(<NearbyDatesRow input={input} />, { url: searchPath(input) });
    // The searches start one per task: wait for every answer, not the first.
    await waitFor(() => expect(screen.getAllByText('Sold out')).toHaveLength(3));
    await waitFor(() => expect(screen.getAllByText('No hotels')).toHaveLength(3));
    expect(screen.queryByText('Lowest price')).toBeNull();
  });
});
