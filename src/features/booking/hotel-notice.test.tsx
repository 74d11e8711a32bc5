import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { bookingDraftEvents, readBookingDraft, resetBookingDraft } from './booking-draft-store.ts';
import { HotelBookingNotice } from './hotel-notice.tsx';
import { renderWithApp } from '../../testing/render.tsx';

beforeEach(() => resetBookingDraft());

function showNotice(failure: unknown = null, onDismissFailure = () => undefined) {
  return renderWithApp(
    <HotelBookingNotice hotelId="8760001" failure={failure} onDismissFailure={onDismissFailure} />,
    { path: '/hotels/:hotelId', url: '/hotels/8760001' },
  );
}

describe('the booking notice on the hotel page', () => {
  it('says nothing when nothing went wrong', () => {
    showNotice();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a hold already used for a booking: explains, links to manage booking, takes focus', async () => {
    act(() => bookingDraftEvents().restartRequired('PREBOOK_ALREADY_BOOKED', '8760001'));
    showNotice();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That price hold has already been used for a booking');
    expect(screen.getByRole('link', { name: 'Find a booking' })).toHaveAttribute(
      'href',
      '/manage-booking',
    );
    expect(alert).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(readBookingDraft().restart).toBeNull();
  });

  it("another hotel's restart is not shown here", () => {
    act(() => bookingDraftEvents().restartRequired('RATE_UNAVAILABLE', '1234'));
    showNotice();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a rate-limited prebook says when to try again, from Retry-After', async () => {
    const limited = new ApiError(429, 'RATE_LIMITED', 'Too many requests', 'req-1', [], 12_400);
    showNotice(limited);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not hold this price');
    expect(alert).toHaveTextContent('Please try again in 13 seconds.');
    expect(screen.queryByRole('link', { name: 'Find a booking' })).not.toBeInTheDocument();
  });

  it('a server failure says so plainly, and OK clears it', async () => {
    const dismiss = vi.fn();
    showNotice(new ApiError(502, 'UPSTREAM_UNAVAILABLE', 'Bad gateway', 'req-2'), dismiss);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while holding this rate. Please choose it again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(dismiss).toHaveBeenCalledOnce();
  });
});
