import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EXAMPLE_ROOM } from '../../contract/examples.ts';
import type { RoomOption } from '../../contract/index.ts';
import { AppProviders } from '../../testing/render.tsx';
import { ChoosingRateContext, RoomOptions } from './room-options.tsx';

const room: RoomOption = {
  ...EXAMPLE_ROOM,
  rates: [
    {
      rate_id: 'flex',
      booking_token: 'token-flex-0000000001',
      board_type: 'breakfast',
      board_name: 'Breakfast included',
      price: {
        amount: 45_100,
        currency: 'USD',
        rate_type: 'live',
        is_refundable: true,
        free_cancellation_until: '2026-12-10T23:59:00Z',
      },
      taxes_and_fees_included: true,
      pay_at_hotel_usd_cents: 2_000,
      payment_type: 'pay_now',
      cancellation_timeline: [
        { until: '2026-12-10T23:59:00Z', refund_amount: 45_100 },
        { until: '2026-12-12T09:30:00Z', refund_amount: 22_550 },
      ],
      rooms_left: 2,
    },
    {
      rate_id: 'hotel',
      booking_token: 'token-hotel-000000001',
      board_type: 'room_only',
      board_name: 'Room only',
      price: {
        amount: 39_900,
        currency: 'USD',
        rate_type: 'live',
        is_refundable: false,
        free_cancellation_until: null,
      },
      taxes_and_fees_included: true,
      pay_at_hotel_usd_cents: 39_900,
      payment_type: 'pay_at_hotel',
      cancellation_timeline: [],
      rooms_left: 9,
    },
  ],
};

/** The traveller's clock, whatever zone the test machine runs in. */
const travellerTime = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function renderRooms(onChoose = vi.fn(), choosingRateId: string | null = null, rooms = [room]) {
  render(
    <AppProviders>
      <ChoosingRateContext value={choosingRateId}>
        <RoomOptions rooms={rooms} nights={2} timeZone="Asia/Kolkata" onChoose={onChoose} />
      </ChoosingRateContext>
    </AppProviders>,
  );
  return onChoose;
}

describe('room options', () => {
  it('shows each rate: board, deadline in hotel and traveller time, payment, scarcity, totals', () => {
    renderRooms();
    const [flex, payAtHotel] = [
      ...screen.getByRole('list', { name: 'Rates for Double Room' }).children,
    ] as HTMLElement[];
    const flexText = flex!.textContent.replace(/\s/g, ' ');
    expect(flexText).toContain('Breakfast included');
    const hotelClock = 'Dec 11, 2026, 5:29 AM';
    const ownClock = travellerTime('2026-12-10T23:59:00Z').replace(/\s/g, ' ');
    expect(flexText).toContain(
      hotelClock === ownClock
        ? `Free cancellation until ${hotelClock}`
        : `Free cancellation until ${hotelClock} hotel time (${ownClock} your time)`,
    );
    expect(flexText).toContain('Until Dec 12, 2026, 3:00 PM hotel time');
    expect(flexText).toContain('$226 refunded');
    expect(flexText).toContain('After Dec 12, 2026, 3:00 PM hotel time');
    expect(flexText).toContain('Pay $431 now and $20 at the hotel (local tax)');
    expect(flexText).toContain('Only 2 rooms left');
    expect(flexText).toContain('$451');
    expect(flexText).toContain('Total for 2 nights');
    expect(flexText).toContain('$226 per night');

    const hotelText = payAtHotel!.textContent;
    expect(hotelText).toContain('Non-refundable');
    expect(hotelText).toContain('Pay nothing now: $399 at the hotel');
    expect(hotelText).not.toContain('left');
  });

  it('shows each rate’s total for the stay as its most prominent price, per night after it and smaller', () => {
    renderRooms();
    const [flex] = [
      ...screen.getByRole('list', { name: 'Rates for Double Room' }).children,
    ] as HTMLElement[];
    const total = within(flex!).getByText('$451');
    const perNight = within(flex!).getByText(/per night/);
    expect(total.className).toMatch(/\btext-2xl\b/);
    expect(perNight.className).toMatch(/\btext-sm\b/);
    expect(total.compareDocumentPosition(perNight) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says whether each rate’s total includes taxes and fees, and when it does not', () => {
    const [flex, payAtHotel] = room.rates as [
      RoomOption['rates'][number],
      RoomOption['rates'][number],
    ];
    renderRooms(vi.fn(), null, [
      { ...room, rates: [flex, { ...payAtHotel, taxes_and_fees_included: false }] },
    ]);
    const [included, excluded] = [
      ...screen.getByRole('list', { name: 'Rates for Double Room' }).children,
    ] as HTMLElement[];
    expect(included).toHaveTextContent('Total for 2 nights · taxes and fees included');
    expect(excluded).toHaveTextContent('Total for 2 nights · taxes and fees not included');
  });

  it('hands the chosen rate over, and lets only one be held at a time', async () => {
    const onChoose = renderRooms();
    await userEvent.click(
      screen.getByRole('button', { name: 'Choose Double Room, Room only, $399' }),
    );
    expect(onChoose).toHaveBeenCalledWith({ room, rate: room.rates[1] });
  });

  it('shows progress on the rate being held and blocks the others', async () => {
    const onChoose = vi.fn();
    renderRooms(onChoose, 'flex');
    const busy = screen.getByRole('button', {
      name: /^Holding this price… Double Room, Breakfast/,
    });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    const other = screen.getByRole('button', { name: /^Choose Double Room, Room only/ });
    expect(other).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(other);
    await userEvent.click(busy);
    expect(onChoose).not.toHaveBeenCalled();
  });
});
