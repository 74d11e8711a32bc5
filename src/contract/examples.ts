// The example traveller docs/api.md uses in its booking examples. Tests, fixtures and
// benches book with it, so a change to the holder rules shows up in one place. Only valid
// examples live here; the requests tests expect refused are in testing/invalid-examples.ts.
import type { BookRequestInput } from './booking.ts';
import type { CancellationStep, RoomOption } from './hotel.ts';

export const EXAMPLE_HOLDER: BookRequestInput['holder'] = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
};

/** The one guest of a one-room booking made by EXAMPLE_HOLDER. */
export const EXAMPLE_GUESTS: BookRequestInput['guests'] = [
  { room: 1, first_name: 'Asha', last_name: 'Rao' },
];

/** A room type as room options describe it, before its rates: fixtures add the rates. */
export const EXAMPLE_ROOM: Omit<RoomOption, 'rates'> = {
  room_type_id: '1044-dbl',
  name: 'Double Room',
  max_occupancy: 2,
  bed_type: '1 double bed',
  size_sqm: 18,
  images: [],
  amenities: ['Air conditioning'],
};

/**
 * A rate's total and its cancellation timeline: free until the 9th, half until the
 * check-in hour. The steps are deliberately out of order: a reader must not depend on the
 * order they are sent in.
 */
export const EXAMPLE_CANCELLATION: { total: number; timeline: CancellationStep[] } = {
  total: 45_100,
  timeline: [
    { until: '2026-12-12T15:00:00Z', refund_amount: 22_550 },
    { until: '2026-12-09T23:59:00Z', refund_amount: 45_100 },
  ],
};
