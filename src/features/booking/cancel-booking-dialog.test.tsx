import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../testing/render.tsx';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';
import { bookingFixture } from '../../testing/booking-fixtures.ts';

// Full refund until 9 Dec 23:59, half until check-in day 12 Dec 15:00, then nothing.
const booking = bookingFixture({
  cancellation_timeline: [
    { until: '2026-12-09T23:59:00Z', refund_amount: 17_096 },
    { until: '2026-12-12T15:00:00Z', refund_amount: 8_548 },
  ],
});

function openAt(at: string) {
  render(
    <AppProviders>
      <CancelBookingDialog
        booking={booking}
        open
        at={new Date(at)}
        busy={false}
        failed={false}
        onConfirm={() => undefined}
        onClose={() => undefined}
      />
    </AppProviders>,
  );
}

describe('the cancel dialog', () => {
  it('states the refund of the timeline at the moment it opens', () => {
    openAt('2026-12-01T10:00:00Z');
    expect(
      screen.getByText('If you cancel now, you get a full refund of $170.96.'),
    ).toBeInTheDocument();
  });

  it('states a partial refund after the free-cancellation deadline', () => {
    openAt('2026-12-10T10:00:00Z');
    expect(
      screen.getByText('If you cancel now, you get $85.48 back of the $170.96 it costs.'),
    ).toBeInTheDocument();
  });

  it('states that nothing comes back after the last deadline', () => {
    openAt('2026-12-12T15:00:01Z');
    expect(
      screen.getByText('If you cancel now, you get no refund: the full $170.96 is charged.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, cancel my booking' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Keep my booking' }).length).toBeGreaterThan(0);
  });
});
