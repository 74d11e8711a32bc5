import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localToday } from '../../../lib/format.ts';
import { suggestedStay } from '../../../stay/stay.ts';
import { stubApi, success } from '../../../testing/api-stub.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { PopularDestinations } from './popular-destinations.tsx';
import { searchKeys } from '../search-queries.ts';
import { useSearchPreferences } from './search-preferences.ts';

const destinations = [
  {
    type: 'city',
    id: 2643743,
    name: 'London',
    country: 'United Kingdom',
    image_url: '/sandbox/images/t/hotels/1/0.svg',
  },
  { type: 'place', id: 90203, name: 'Bali', country: null, image_url: null },
];

beforeEach(() => {
  localStorage.clear();
  useSearchPreferences.setState({ recent: [], nationality: 'FR' });
});

describe('PopularDestinations', () => {
  it('links each destination to its hotels for the suggested stay and the remembered nationality', async () => {
    const api = stubApi({ '/destinations/popular': [success({ destinations })] });
    vi.stubGlobal('fetch', api.fetchStub);
    renderWithApp(<PopularDestinations />);

    const section = await screen.findByRole('region', { name: 'Popular destinations' });
    const london = within(section).getByRole('link', { name: /London/ });
    const url = new URL(london.getAttribute('href') ?? '', 'http://x');
    const stay = suggestedStay(localToday());
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      dest: 'city:2643743',
      label: 'London, United Kingdom',
      checkin: stay.checkIn,
      checkout: stay.checkOut,
      rooms: '2',
      nat: 'FR',
    });
    expect(london.querySelector('img')?.getAttribute('src')).toBe(destinations[0]?.image_url);
    const bali = within(section).getByRole('link', { name: 'Bali' });
    expect(new URL(bali.getAttribute('href') ?? '', 'http://x').searchParams.get('dest')).toBe(
      'place:90203',
    );
    expect(api.calls.map((call) => call.path)).toEqual(['/destinations/popular']);
  });

  it('is not there when the list is empty', async () => {
    const api = stubApi({ '/destinations/popular': [success({ destinations: [] })] });
    vi.stubGlobal('fetch', api.fetchStub);
    const { client } = renderWithApp(<PopularDestinations />);
    // The answer is in (the query has data) and renders nothing.
    await vi.waitFor(() =>
      expect(client.getQueryData(searchKeys.popular('en'))).toEqual({ destinations: [] }),
    );
    expect(screen.queryByRole('region')).toBeNull();
  });
});
