import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addDays, type HotelItem } from '../../../contract/index.ts';
import { localToday } from '../../../lib/format.ts';
import { SearchResultsPage } from './results-page.tsx';
import { failure, respond, stubApi } from '../../../testing/api-stub.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { EXAMPLE_SEARCH_ID, hotelItem, searchAnswer } from '../../../testing/search-fixtures.ts';

const checkIn = addDays(localToday(), 10);
const checkOut = addDays(localToday(), 12);
const SEARCH_ID = EXAMPLE_SEARCH_ID;
const base = `dest=city:2988507&label=Paris,%20France&checkin=${checkIn}&checkout=${checkOut}&rooms=2&nat=IN`;

const hotel = hotelItem;
const searchData = (hotels: HotelItem[], patch: Record<string, unknown> = {}) =>
  searchAnswer(hotels, { checkIn, checkOut }, patch);

const filters = () => ({ property_types: [], chains: [], facilities: [] });

/** The results page at `/search?<query>`, once its title is on screen. */
async function openResults(query: string, title: string) {
  renderWithApp(<SearchResultsPage />, { url: `/search?${query}` });
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
}

function cardNames() {
  return screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
}

describe('SearchResultsPage', () => {
  it('searches with the URL’s inputs and shows the count and the hotels', async () => {
    const api = stubApi({
      '/hotels/search': () =>
        searchData([
          hotel('1', 45_100, {
            price: {
              amount: 45_100,
              currency: 'USD',
              rate_type: 'live',
              is_refundable: true,
              free_cancellation_until: '2030-12-01T12:00:00Z',
            },
            value_pct: 19,
          }),
          hotel('2', 30_000, { vs_typical_pct: -12, typical_price_usd_cents: 34_000 }),
          hotel('3', 0, { availability_band: 1 }),
          hotel('4', 0, { availability_band: 2 }),
        ]),
      '/hotels/filters': filters,
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderWithApp(<SearchResultsPage />, { url: `/search?${base}&sort=price_low_to_high` });
    // Without a verdict handed over by the server, the page checks the URL itself first.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hotels in Paris' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('312 properties found', { selector: 'p:not([role=status])' }),
    ).toBeVisible();
    // …and announced politely to screen readers.
    expect(
      screen.getByText('312 properties found', { selector: '[role=status]' }),
    ).toBeInTheDocument();
    const searchCall = api.calls.find((call) => call.path === '/hotels/search');
    const body = JSON.parse(searchCall!.init!.body as string) as Record<string, unknown>;
    expect(body).toEqual({
      destination: { type: 'city', id: 2988507 },
      check_in: checkIn,
      check_out: checkOut,
      rooms: [{ adults: 2, child_ages: [] }],
      nationality: 'IN',
      sort: 'price_low_to_high',
      pricing_mode: 'instant',
      limit: 20,
    });
    const live = screen.getByRole('article', { name: 'Hotel 1' });
    expect(within(live).getByText('Live price')).toBeInTheDocument();
    expect(within(live).getByText('$451')).toBeInTheDocument();
    expect(within(live).getByText('$226 per night')).toBeInTheDocument();
    expect(within(live).getByText(/Free cancellation until/)).toBeInTheDocument();
    expect(within(live).getByText('19% below similar hotels')).toBeInTheDocument();
    expect(within(live).getByRole('link', { name: 'Hotel 1' })).toHaveAttribute(
      'href',
      `/hotels/1?${base}&sort=price_low_to_high`,
    );
    const estimate = screen.getByRole('article', { name: 'Hotel 2' });
    expect(within(estimate).getByText('Estimated price')).toBeInTheDocument();
    expect(within(estimate).getByText(/Not bookable yet/)).toBeInTheDocument();
    expect(within(estimate).getByText('12% below its usual price of $340')).toBeInTheDocument();
    const soldOut = screen.getByRole('article', { name: 'Hotel 3' });
    expect(within(soldOut).getByText('Sold out for your dates')).toBeInTheDocument();
    expect(within(soldOut).queryByText(/\$/)).toBeNull();
    expect(
      within(screen.getByRole('article', { name: 'Hotel 4' })).getByText(/Rarely available/),
    ).toBeInTheDocument();
    // Sold-out and rarely available hotels come last; the rest by price.
    expect(cardNames()).toEqual(['Hotel 2', 'Hotel 1', 'Hotel 3', 'Hotel 4']);
  });

  it('names the place from the answer: a link without a label still says where', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({
        '/hotels/search': () => searchData([hotel('1', 10_000)]),
        '/hotels/filters': filters,
      }).fetchStub,
    );
    const unlabelled = base.replace('&label=Paris,%20France', '');
    await openResults(unlabelled, 'Hotels in Paris');
    expect(screen.getByText('Paris, France')).toBeInTheDocument();
  });

  it('reads a search for one hotel as that hotel: no count, nothing to filter, neighbours below', async () => {
    const api = stubApi({
      '/hotels/search': () =>
        searchData([hotel('77', 20_000, { hotel_name: 'Hotel Praia' })], {
          total_results: 1,
          similar_hotels: [{ ...hotel('78', 18_000), distance_km: 0.4 }],
        }),
      '/hotels/filters': filters,
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const oneHotel = base.replace('dest=city:2988507', 'dest=hotel:77');
    await openResults(oneHotel, 'Hotel Praia');
    expect(screen.getByText('Hotel Praia, Paris')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Similar hotels nearby' })).toBeInTheDocument();
    expect(screen.queryByText('1 property found', { selector: 'p:not([role=status])' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
    expect(api.calls.filter((call) => call.path === '/hotels/filters')).toEqual([]);
  });

  // These two wait out the page's real poll interval, so their own limit leaves it room.
  it('merges polled prices, re-sorts, and shows and announces the change', async () => {
    let polls = 0;
    vi.stubGlobal(
      'fetch',
      stubApi({
        '/hotels/search': () =>
          searchData([hotel('1', 10_000), hotel('2', 20_000), hotel('3', 30_000)], {
            refresh_status: 'PENDING',
          }),
        '/hotels/filters': filters,
        [`/hotels/search/${SEARCH_ID}/prices`]: () => {
          polls += 1;
          return {
            search_id: SEARCH_ID,
            refresh_status: 'COMPLETE',
            version: 3,
            refreshed: 3,
            total: 3,
            updates: [
              {
                hotel_id: '1',
                availability_band: 0,
                price: { amount: 35_000, currency: 'USD', rate_type: 'live', is_refundable: false },
              },
            ],
          };
        },
      }).fetchStub,
    );
    renderWithApp(<SearchResultsPage />, { url: `/search?${base}&sort=price_low_to_high` });
    await screen.findByRole('article', { name: 'Hotel 1' });
    expect(cardNames()).toEqual(['Hotel 1', 'Hotel 2', 'Hotel 3']);
    expect(screen.getByText('Updating prices…')).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toEqual(['Hotel 2', 'Hotel 3', 'Hotel 1']), {
      timeout: 4000,
    });
    const moved = screen.getByRole('article', { name: 'Hotel 1' });
    expect(within(moved).getByText('Up from $100')).toBeInTheDocument();
    expect(within(moved).getByText('Live price')).toBeInTheDocument();
    expect(within(moved).getByText('Non-refundable')).toBeInTheDocument();
    expect(
      screen.getByText('Prices are up to date', { selector: '[role=status]' }),
    ).toBeInTheDocument();
    expect(polls).toBe(1);
  }, 10_000);

  it('offers a one-click refresh when the price session has expired', async () => {
    const user = userEvent.setup();
    let searches = 0;
    vi.stubGlobal(
      'fetch',
      stubApi({
        '/hotels/search': () => {
          searches += 1;
          return searchData([hotel('1', 10_000)], { refresh_status: 'PENDING' });
        },
        '/hotels/filters': filters,
        [`/hotels/search/${SEARCH_ID}/prices`]: () => ({
          search_id: SEARCH_ID,
          refresh_status: 'EXPIRED',
          version: 1,
          refreshed: 0,
          total: 1,
          updates: [],
        }),
      }).fetchStub,
    );
    renderWithApp(<SearchResultsPage />, { url: `/search?${base}` });
    const refresh = await screen.findByRole(
      'button',
      { name: 'Refresh prices' },
      { timeout: 4000 },
    );
    expect(screen.getByText('These prices may have changed since you searched.')).toBeVisible();
    expect(searches).toBe(1);
    await user.click(refresh);
    await waitFor(() => expect(searches).toBe(2));
    expect(await screen.findByRole('article', { name: 'Hotel 1' })).toBeInTheDocument();
  }, 10_000);

  it('shows a plain message and the request id when the search fails', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({
        '/hotels/search': [
          failure(404, 'DESTINATION_NOT_FOUND', [], {
            message: 'Destination not found',
            requestId: 'req-42',
          }),
        ],
        '/hotels/filters': filters,
      }).fetchStub,
    );
    renderWithApp(<SearchResultsPage />, { url: `/search?${base}` });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not find that destination');
    expect(alert).toHaveTextContent('Reference: req-42');
  });

  it('retries a transient failure by itself, saying so, and then shows the hotels', async () => {
    let attempts = 0;
    vi.stubGlobal(
      'fetch',
      stubApi({
        '/hotels/search': () => {
          attempts += 1;
          if (attempts === 1) {
            return respond(
              failure(502, 'UPSTREAM_UNAVAILABLE', [], {
                message: 'The hotel service is not answering properly',
                requestId: 'req-9',
              }),
            );
          }
          return searchData([hotel('1', 10_000)]);
        },
        '/hotels/filters': filters,
      }).fetchStub,
    );
    renderWithApp(<SearchResultsPage />, { url: `/search?${base}` });
    expect(
      await screen.findByText('Our partners are slow to answer. Trying again…'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Hotel 1' })).toBeInTheDocument();
    expect(attempts).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('maps the server’s field errors back onto the form', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({
        '/hotels/search': [
          failure(
            400,
            'VALIDATION_FAILED',
            [{ field: 'check_in', message: 'must be today or a later date' }],
            { message: 'check_in must be today or a later date', requestId: 'req-7' },
          ),
        ],
        '/hotels/filters': filters,
      }).fetchStub,
    );
    renderWithApp(<SearchResultsPage />, { url: `/search?${base}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('Reference: req-7');
    const checkInField = await screen.findByLabelText('Check-in');
    expect(checkInField).toHaveAttribute('aria-invalid', 'true');
    expect(checkInField).toHaveAccessibleDescription(
      'Choose a check-in date from today, up to 500 days ahead.',
    );
  });

  it('offers a way out of an empty result: removing the filters', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      stubApi({
        '/hotels/search': () => searchData([], { total_results: 0 }),
        '/hotels/filters': filters,
      }).fetchStub,
    );
    renderWithApp(<SearchResultsPage />, { url: `/search?${base}&stars=5&name=ritz` });
    expect(await screen.findByText('No hotels match your search')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter: 5 stars' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter: Name: ritz' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear all filters' })[0]!);
    // The new URL commits once the page has its verdict on it (the check is fetched first).
    await waitFor(() => {
      expect(screen.getByTestId('location').textContent).toBe(`/search?${base}`);
    });
  });

  it('asks to finish a search whose link lacks a destination, without calling the API', async () => {
    const api = stubApi({});
    vi.stubGlobal('fetch', api.fetchStub);
    renderWithApp(<SearchResultsPage />, {
      url: `/search?checkin=${checkIn}&checkout=${checkOut}`,
    });
    expect(
      await screen.findByRole('heading', { name: 'Let’s finish your search' }),
    ).toBeInTheDocument();
    const destination = await screen.findByRole('combobox', { name: 'Where are you going?' });
    expect(destination).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.path === '/hotels/search')).toHaveLength(0);
  });
});
