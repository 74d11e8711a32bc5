import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookingDetails } from './booking-details.tsx';
import { renderWithApp } from '../../testing/render.tsx';
import { bookingFixture, hotelContentFixture } from '../../testing/booking-fixtures.ts';

const hotel = hotelContentFixture();

function show(overrides: Parameters<typeof bookingFixture>[0] = {}, timeZone = 'Europe/Lisbon') {
  renderWithApp(
    <BookingDetails booking={bookingFixture(overrides)} hotel={hotel} timeZone={timeZone} />,
    { path: '/booking/confirmation' },
  );
}

/** The definition list of a section as term → definition text. */
function facts(section: HTMLElement): Record<string, string> {
  const terms = within(section).getAllByRole('term');
  return Object.fromEntries(
    terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

describe('the booking details (confirmation and manage booking)', () => {
  it('shows the dates with the hotel times, the nights, the room and the board', () => {
    show();
    const stay = screen.getByRole('region', { name: 'Sandbox Test Price Change Hotel' });
    expect(stay).toHaveTextContent('Rua Augusta 12, Lisbon, Portugal');
    expect(facts(stay)).toEqual({
      'Check-in': 'Sat, Dec 12 · from 15:00',
      'Check-out': 'Mon, Dec 14 · until 11:00',
      'Length of stay': '2 nights',
      Room: 'Double Room · Room only',
    });
  });

  it.each([
    {
      payment: 'pay now with a part at the hotel',
      booking: {},
      facts: { 'Total price': '$170.96', 'Paid now': '$163.12', 'To pay at the hotel': '$7.84' },
      note: 'The hotel collects the rest during your stay.',
    },
    {
      payment: 'pay at the hotel',
      booking: { payment_type: 'pay_at_hotel' as const, pay_at_hotel_usd_cents: 17_096 },
      facts: { 'Total price': '$170.96', 'Paid now': '$0.00', 'To pay at the hotel': '$170.96' },
      note: 'Nothing is paid now.',
    },
  ])(
    'splits the price into what is paid now and at the hotel, to the cent: $payment',
    (example) => {
      show(example.booking);
      const price = screen.getByRole('region', { name: 'Price and payment' });
      expect(facts(price)).toEqual(example.facts);
      expect(price).toHaveTextContent(example.note);
    },
  );

  it('puts the total for the stay first and foremost, what is due at the hotel after it', () => {
    show();
    const price = screen.getByRole('region', { name: 'Price and payment' });
    expect(Object.keys(facts(price))).toEqual(['Total price', 'Paid now', 'To pay at the hotel']);
    // The total is the one amount in bold: the most prominent price on the page.
    expect(
      within(price)
        .getAllByRole('term')
        .map((term) => /\bfont-bold\b/.test(term.nextElementSibling?.className ?? '')),
    ).toEqual([true, false, false]);
  });

  it('states the free-cancellation deadline and the refund of each phase, in the hotel’s time', () => {
    // 23:59 UTC on 9 December is 08:59 the next morning in Tokyo; the traveller (these
    // tests run in UTC) also sees their own time.
    show({}, 'Asia/Tokyo');
    const cancellation = screen.getByRole('region', { name: 'Cancellation' });
    const deadline = 'Dec 10, 2026, 8:59 AM hotel time (Dec 9, 2026, 11:59 PM your time)';
    expect(cancellation).toHaveTextContent(`Free cancellation until ${deadline}`);
    expect(cancellation).toHaveTextContent(`Until ${deadline}: full refund ($170.96)`);
    expect(cancellation).toHaveTextContent(`After ${deadline}: no refund`);
  });

  it('a cancelled booking says when and how much was refunded', () => {
    show({
      status: 'CANCELLED',
      cancelled_at: '2026-11-30T10:00:00Z',
      refund_amount: 17_096,
    });
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Price and payment' })).toHaveTextContent(
      'Cancelled on Nov 30, 2026, 10:00 AM. Refund: $170.96.',
    );
  });
});
