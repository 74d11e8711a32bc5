import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addDays, type Price } from '../../../contract/index.ts';
import { localToday } from '../../../lib/format.ts';
import type { Stay } from '../../../stay/stay.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { nearbyAnswer } from '../../../testing/search-fixtures.ts';
import { NearbyDatesStrip } from './nearby-dates-strip.tsx';

const today = localToday();
const stay: Stay = {
  checkIn: addDays(today, 20),
  checkOut: addDays(today, 22),
  rooms: [{ adults: 2, child_ages: [4] }],
  nationality: 'FR',
};
const live = (amount: number): Price => ({
  amount,
  currency: 'USD',
  rate_type: 'live',
  is_refundable: true,
});
const estimated = (amount: number): Price => ({
  amount,
  currency: 'USD',
  rate_type: 'estimated',
  is_refundable: null,
});

/** The hotel's answer per check-in, by days from the chosen one. */
function stubNearbyAnswers(answers: Record<number, Parameters<typeof nearbyAnswer>[1]>) {
  const api = stubApi({
    '/hotels/search': (_url, init) => {
      const body = JSON.parse(init?.body as string) as { check_in: string; check_out: string };
      const offset = (Date.parse(body.check_in) - Date.parse(stay.checkIn)) / 86_400_000;
      return nearbyAnswer(body, answers[offset] ?? null);
    },
  });
  vi.stubGlobal('fetch', api.fetchStub);
  return api;
}

const available = (price: Price) => ({ availability_band: 0 as const, price });

describe('NearbyDatesStrip', () => {
  it('prices the same stay on seven check-ins, one instant search each, sparse', async () => {
    const api = stubNearbyAnswers({
      [-3]: available(live(61_000)),
      [-2]: available(estimated(58_000)),
      [-1]: { availability_band: 1, price: estimated(50_000) },
      0: available(live(60_000)),
      1: available(live(55_500)),
      2: available(live(70_000)),
      3: { availability_band: 2, price: estimated(40_000) },
    });
    renderWithApp(<NearbyDatesStrip hotelId="8760001" stay={stay} onChoose={() => undefined} />);
    const list = screen.getByRole('list', { name: 'Check-in dates near yours' });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(await within(list).findByRole('button', { name: /\$555/ })).toBeVisible();
    // The searches start one per task: the list is busy until the last has answered.
    await waitFor(() => expect(list).not.toHaveAttribute('aria-busy'));

    const cells = within(list).getAllByRole('button');
    expect(cells).toHaveLength(7);
    expect(cells.map((cell) => cell.textContent)).toEqual([
      expect.stringMatching(/\$610 $/),
      expect.stringMatching(/≈\u00a0\$580about \$580 $/),
      expect.stringMatching(/Sold out $/),
      expect.stringMatching(/\$600 Your dates$/),
      expect.stringMatching(/\$555 Lowest price$/),
      expect.stringMatching(/\$700 $/),
      expect.stringMatching(/Unavailable $/),
    ]);
    // An estimate is "about" to a screen reader; the cheapest says so in words.
    expect(cells[1]).toHaveAccessibleName(/about \$580/);
    expect(cells[4]).toHaveAccessibleName(/Lowest price/);
    expect(cells[3]).toHaveAttribute('aria-current', 'date');

    const bodies = api.calls.map((call) => JSON.parse(call.body!) as Record<string, unknown>);
    expect(bodies).toHaveLength(7);
    expect(bodies.map((body) => body.check_in)).toEqual(
      [-3, -2, -1, 0, 1, 2, 3].map((days) => addDays(stay.checkIn, days)),
    );
    for (const body of bodies) {
      expect(body).toMatchObject({
        destination: { type: 'hotel', id: 8760001 },
        hotel_ids: [8760001],
        check_out: addDays(body.check_in as string, 2),
        rooms: [{ adults: 2, child_ages: [4] }],
        nationality: 'FR',
        limit: 1,
        fields: ['price', 'availability_band'],
      });
    }
  });

  it('has fewer cells when the stay starts within three days', async () => {
    stubNearbyAnswers({});
    const soon = { ...stay, checkIn: addDays(today, 1), checkOut: addDays(today, 3) };
    renderWithApp(<NearbyDatesStrip hotelId="8760001" stay={soon} onChoose={() => undefined} />);
    const list = screen.getByRole('list', { name: 'Check-in dates near yours' });
    expect(within(list).getAllByRole('button')).toHaveLength(5);
    await waitFor(() => expect(within(list).getAllByText('No hotels')).toHaveLength(5));
  });

  it('applies the chosen date as the whole stay, the same length, rooms and nationality', async () => {
    stubNearbyAnswers({ 1: available(live(55_500)) });
    const onChoose = vi.fn();
    renderWithApp(<NearbyDatesStrip hotelId="8760001" stay={stay} onChoose={onChoose} />);
    await userEvent.click(await screen.findByRole('button', { name: /\$555/ }));
    expect(onChoose).toHaveBeenCalledWith({
      ...stay,
      checkIn: addDays(stay.checkIn, 1),
      checkOut: addDays(stay.checkOut, 1),
    });
    // The shopper's own dates are already the stay.
    await userEvent.click(screen.getByRole('button', { current: 'date' }));
    expect(onChoose).toHaveBeenCalledTimes(1);
  });
});
