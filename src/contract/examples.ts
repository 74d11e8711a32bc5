// The example traveller docs/api.md uses in its booking examples. Tests, fixtures and
// benches book with it, so a change to the holder rules shows up in one place.
import type { BookRequestInput } from './booking.ts';

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
