// The date picker shows, under a day, the price the page already has for checking in then:
// only for stays like the one being chosen, only for the page's own hotel or destination,
// and from the cache alone.
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addDays } from '../../contract/index.ts';
import { localToday } from '../../lib/format.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { AppProviders } from '../../testing/render.tsx';
import type { NearbyPrice } from '../nearby-dates/nearby-dates.ts';
import { nearbyKeys } from '../nearby-dates/nearby-queries.ts';
import {
  hotelPricesScope,
  lowestPricesScope,
  NearbyScopeContext,
  type NearbyScope,
} from '../nearby-dates/nearby-scope.ts';
import { NO_FILTERS } from '../filters.ts';
import type { Stay } from '../stay.ts';
import DateRangeCalendar from './date-range-calendar.tsx';

const today = localToday();
const checkIn = addDays(today, 5);
const rooms = [{ adults: 2, child_ages: [] }];
const hotel = hotelPricesScope('8760001');
const stayAt = (days: number, nights = 2): Stay => ({
  checkIn: addDays(checkIn, days),
  checkOut: addDays(checkIn, days + nights),
  rooms,
  nationality: 'IN',
});
const live = (amount: number): NearbyPrice => ({
  kind: 'price',
  amount,
  currency: 'USD',
  estimated: false,
});

function renderCalendar(scope: NearbyScope | null, prices: [NearbyScope, Stay, NearbyPrice][]) {
  const fetchStub = vi.fn();
  vi.stubGlobal('fetch', fetchStub);
  const client = createQueryClient();
  for (const [priceScope, stay, price] of prices) {
    client.setQueryData(nearbyKeys.price(priceScope, stay), price);
  }
  render(
    <AppProviders client={client}>
      <NearbyScopeContext value={scope}>
        <DateRangeCalendar
          value={{ checkIn, checkOut: addDays(checkIn, 2) }}
          pricesFor={{ rooms, nationality: 'IN' }}
          today={today}
          lastCheckIn={addDays(today, 500)}
          language="en"
          onDone={() => undefined}
          describeRange={() => ''}
          doneLabel="Use these dates"
        />
      </NearbyScopeContext>
    </AppProviders>,
  );
  return fetchStub;
}

/** A day's button, by its date's day of the month as drawn in the grid. */
function dayButton(date: string) {
  const cell = document.querySelector(`[data-day="${date}"] button`);
  if (!cell) throw new Error(`no day ${date} on screen`);
  return cell as HTMLButtonElement;
}

describe('DateRangeCalendar prices', () => {
  it('shows the page’s price under a day, and says it in the day’s name', () => {
    const fetchStub = renderCalendar(hotel, [
      [hotel, stayAt(1), live(55_500)],
      [hotel, stayAt(2), { kind: 'price', amount: 58_000, currency: 'USD', estimated: true }],
      [hotel, stayAt(3), { kind: 'soldOut' }],
    ]);
    const next = dayButton(addDays(checkIn, 1));
    expect(next).toHaveTextContent('$555');
    expect(next).toHaveAccessibleName(/, \$555 for 2 nights$/);
    const estimated = dayButton(addDays(checkIn, 2));
    expect(estimated).toHaveTextContent(/≈\s\$580$/);
    expect(estimated).toHaveAccessibleName(/, about \$580 for 2 nights$/);
    // No price for a sold-out stay, nor for a day the page has none for.
    expect(dayButton(addDays(checkIn, 3)).textContent).toBe(
      String(Number(addDays(checkIn, 3).slice(8))),
    );
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('says a destination’s price is its lowest', () => {
    const paris = lowestPricesScope({ type: 'city', id: 2988507 }, NO_FILTERS);
    renderCalendar(paris, [[paris, stayAt(1), live(20_000)]]);
    expect(dayButton(addDays(checkIn, 1))).toHaveAccessibleName(
      /, hotels from \$200 for 2 nights$/,
    );
  });

  it('shows no price of another stay length, another hotel, or where the page prices nothing', () => {
    renderCalendar(hotel, [
      [hotel, stayAt(1, 3), live(55_500)],
      [hotelPricesScope('42'), stayAt(2), live(58_000)],
    ]);
    expect(screen.queryByText(/\$/)).toBeNull();
    cleanup();
    renderCalendar(null, [[hotel, stayAt(1), live(55_500)]]);
    expect(screen.queryByText(/\$/)).toBeNull();
  });
});
