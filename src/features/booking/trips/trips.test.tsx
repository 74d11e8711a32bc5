import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../contract/index.ts';
import { localToday } from '../../../lib/format.ts';
import { failure, stubApi, success } from '../../../testing/api-stub.ts';
import { bookingFixture } from '../../../testing/booking-fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { TripPage } from './trip-page.tsx';
import { TripsPage } from './trips-page.tsx';
import {
  MAX_TRIPS,
  splitTrips,
  tripOf,
  tripsActions,
  TRIPS_STORAGE_KEY,
  useTrips,
  type Trip,
} from './trips-store.ts';

const today = localToday();
const TOKEN = 'Zv728EsZtkVxD6Ool3b-Vw';

function trip(reference: string, checkIn: string, nights = 2, overrides: Partial<Trip> = {}): Trip {
  return {
    reference,
    token: TOKEN,
    hotelId: '3621500',
    hotelName: `Hotel of ${reference}`,
    checkIn,
    checkOut: addDays(checkIn, nights),
    lastName: 'Rao',
    keptAt: 1,
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.clear();
  useTrips.setState({ trips: [] });
});

describe('the trips kept on this device', () => {
  it('keeps a booking once, with its token, and splits upcoming from past stays', () => {
    const booked = bookingFixture({ reference: 'AB12CD', check_in: addDays(today, 9) });
    tripsActions().tripKept(tripOf(booked, 5));
    tripsActions().tripKept(tripOf({ ...booked, hotel_name: 'Renamed' }, 6));
    expect(useTrips.getState().trips).toEqual([
      expect.objectContaining({
        reference: 'AB12CD',
        token: booked.access_token,
        hotelName: 'Renamed',
      }),
    ]);
    const trips = [
      trip('LATER1', addDays(today, 30)),
      trip('SOON01', addDays(today, 3)),
      trip('TODAY1', addDays(today, -1)),
      trip('OLD001', addDays(today, -60)),
      trip('OLD002', addDays(today, -20)),
    ];
    const { upcoming, past } = splitTrips(trips, today);
    expect(upcoming.map((t) => t.reference)).toEqual(['TODAY1', 'SOON01', 'LATER1']);
    expect(past.map((t) => t.reference)).toEqual(['OLD002', 'OLD001']);
  });

  it('makes room past its cap by forgetting the stay that ended longest ago, never an upcoming one', () => {
    useTrips.setState({
      trips: Array.from({ length: MAX_TRIPS }, (_, i) =>
        trip(`OLD${String(i).padStart(3, '0')}`, addDays(today, -400 + i)),
      ),
    });
    tripsActions().tripKept(trip('NEW001', addDays(today, 10)));
    const references = useTrips.getState().trips.map((t) => t.reference);
    expect(references).toHaveLength(MAX_TRIPS);
    expect(references).toContain('NEW001');
    expect(references).not.toContain('OLD000');
  });

  it('starts empty from storage it cannot read', async () => {
    localStorage.setItem(
      TRIPS_STORAGE_KEY,
      JSON.stringify({ state: { trips: [{ reference: 'x' }] }, version: 1 }),
    );
    await useTrips.persist.rehydrate();
    expect(useTrips.getState().trips).toEqual([]);
  });
});

describe('TripsPage', () => {
  it('lists upcoming then past trips, each with its status read with its token', async () => {
    useTrips.setState({
      trips: [trip('PAST01', addDays(today, -30)), trip('NEXT01', addDays(today, 5))],
    });
    const api = stubApi({
      '/bookings/NEXT01': [success(bookingFixture({ reference: 'NEXT01' }))],
      '/bookings/PAST01': [success(bookingFixture({ reference: 'PAST01', status: 'CANCELLED' }))],
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderWithApp(<TripsPage />, { path: '/trips' });

    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const next = within(upcoming).getByRole('article', { name: 'Hotel of NEXT01' });
    expect(await within(next).findByText('Confirmed')).toBeTruthy();
    expect(within(next).getByRole('link', { name: 'Hotel of NEXT01' }).getAttribute('href')).toBe(
      '/trips/NEXT01',
    );
    const past = screen.getByRole('region', { name: 'Past' });
    expect(await within(past).findByText('Cancelled')).toBeTruthy();
    // Read with the token, never with the holder's details (the look-up's budget).
    expect(api.calls.map((call) => [call.path, call.headers.get('Booking-Access-Token')])).toEqual(
      expect.arrayContaining([
        ['/bookings/NEXT01', TOKEN],
        ['/bookings/PAST01', TOKEN],
      ]),
    );
    expect(api.calls.some((call) => call.path === '/bookings/lookup')).toBe(false);
  });

  it('forgets every trip on this device after one confirmation, focus on the way back first', async () => {
    useTrips.setState({ trips: [trip('NEXT01', addDays(today, 5))] });
    vi.stubGlobal('fetch', stubApi({ '/bookings/NEXT01': [success(bookingFixture())] }).fetchStub);
    const user = userEvent.setup();
    renderWithApp(<TripsPage />, { path: '/trips' });
    await user.click(await screen.findByRole('button', { name: 'Forget trips on this device' }));
    const question = screen.getByRole('group', { name: /Forget 1 trip on this device\?/ });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep' }));
    await user.click(within(question).getByRole('button', { name: 'Yes, forget' }));
    expect(useTrips.getState().trips).toEqual([]);
    expect(await screen.findByText(/No trips on this device yet/)).toBeTruthy();
  });
});

describe('TripPage', () => {
  it('opens a booking from a link whose fragment holds the token, keeps it, and clears the token from the address', async () => {
    const booked = bookingFixture({ reference: 'LINK01' });
    const api = stubApi({ '/bookings/LINK01': [success(booked)] });
    vi.stubGlobal('fetch', api.fetchStub);
    renderWithApp(<TripPage />, { path: '/trips/:reference', url: `/trips/link01#token=${TOKEN}` });
    expect(await screen.findByRole('heading', { name: 'Booking LINK01' })).toBeTruthy();
    await waitFor(() =>
      expect(useTrips.getState().trips.map((t) => [t.reference, t.token])).toEqual([
        ['LINK01', TOKEN],
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/trips/link01'));
    expect(api.calls[0]?.headers.get('Booking-Access-Token')).toBe(TOKEN);
  });

  it('cancels with the token the device keeps', async () => {
    useTrips.setState({ trips: [trip('KEPT01', addDays(today, 5))] });
    const api = stubApi({
      '/bookings/KEPT01': [success(bookingFixture({ reference: 'KEPT01' }))],
      '/bookings/KEPT01/cancel': [
        success(
          bookingFixture({
            reference: 'KEPT01',
            status: 'CANCELLED',
            cancelled_at: '2026-11-27T10:00:00Z',
            refund_amount: 17_096,
          }),
        ),
      ],
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const user = userEvent.setup();
    renderWithApp(<TripPage />, { path: '/trips/:reference', url: '/trips/KEPT01' });
    await user.click(await screen.findByRole('button', { name: 'Cancel this booking' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel my booking' }));
    expect(await screen.findByText(/Your booking is cancelled/)).toBeTruthy();
    const cancel = api.calls.find((call) => call.path === '/bookings/KEPT01/cancel');
    expect(cancel?.init?.method).toBe('POST');
    expect(cancel?.headers.get('Booking-Access-Token')).toBe(TOKEN);
  });

  it('without a token on this device, says so and offers the look-up; a refused token says the link may be wrong', async () => {
    const api = stubApi({ '/bookings/GONE01': [failure(404, 'BOOKING_NOT_FOUND')] });
    vi.stubGlobal('fetch', api.fetchStub);
    const first = renderWithApp(<TripPage />, { path: '/trips/:reference', url: '/trips/NONE01' });
    expect(
      await screen.findByRole('heading', { name: 'This trip is not on this device' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Look up a booking' }).getAttribute('href')).toBe(
      '/manage-booking?ref=NONE01',
    );
    expect(api.calls).toEqual([]);
    first.unmount();
    renderWithApp(<TripPage />, { path: '/trips/:reference', url: `/trips/GONE01#token=${TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not open this booking/);
    expect(useTrips.getState().trips).toEqual([]);
  });
});
