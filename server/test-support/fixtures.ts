// Valid `data` for every upstream endpoint (each parses with the contract's schema;
// fixtures.test.ts proves it), so the fake upstream answers like a real one.
import { EXAMPLE_ROOM } from '../../src/contract/examples.ts';
import type {
  AutocompleteResponseData,
  Booking,
  FiltersResponseData,
  HotelContent,
  NationalitiesResponseData,
  Prebook,
  PricesResponseData,
  RoomsResponseData,
  SearchResponseData,
} from '../../src/contract/index.ts';

export const OPAQUE_ID = 'abcdefghijklmnop0123456789';

const price = {
  amount: 45_100,
  currency: 'USD',
  rate_type: 'live' as const,
  is_refundable: true,
  free_cancellation_until: '2026-12-01T12:00:00Z',
};

export const searchData: SearchResponseData = {
  search_info: {
    city_id: 2_988_507,
    city: 'Paris',
    country_code: 'FR',
    check_in: '2026-12-10',
    check_out: '2026-12-12',
    nights: 2,
    total_rooms: 1,
    total_guests: 2,
    price_sort: 'recommended',
    sort: 'recommended',
  },
  total_results: 1,
  requested_results: 20,
  returned_results: 1,
  next_cursor: null,
  hotels: [
    {
      hotel_id: '1044',
      hotel_name: 'Hotel Lumière Opéra',
      stars: 4,
      address: '1 Rue de la Paix',
      city: 'Paris',
      country: 'France',
      latitude: 48.87,
      longitude: 2.33,
      main_image_url: '/sandbox/images/1044/1.webp',
      chain: null,
      facilities: ['Free WiFi'],
      distance_from_center_km: 1.2,
      availability_band: 0,
      price,
    },
  ],
  search_id: OPAQUE_ID,
  refresh_status: 'PENDING',
};

export const pricesData: PricesResponseData = {
  search_id: OPAQUE_ID,
  refresh_status: 'PENDING',
  version: 17,
  refreshed: 40,
  total: 60,
  updates: [{ hotel_id: '1044', availability_band: 0, price }],
};

export const autocompleteData: AutocompleteResponseData = {
  destinations: [
    {
      type: 'city',
      id: 2_988_507,
      name: 'Paris',
      label: 'Paris, Île-de-France, France',
      city_id: 2_988_507,
      city: 'Paris',
      country_code: 'FR',
      country: 'France',
      hotel_count: 812,
      latitude: 48.85341,
      longitude: 2.3488,
    },
  ],
};

export const nationalitiesData: NationalitiesResponseData = {
  nationalities: [
    { iso_code: 'FR', name: 'France' },
    { iso_code: 'IN', name: 'India' },
  ],
};

export const filtersData: FiltersResponseData = {
  property_types: [{ value: 'hotel', name: 'Hotel', count: 120 }],
  chains: [{ chain_id: 12, name: 'Meridiana Hotels', count: 8 }],
  facilities: [{ facility_id: 3, name: 'Free WiFi', count: 301 }],
};

const timeline = [{ until: '2026-12-01T12:00:00Z', refund_amount: 45_100 }];

export const roomsData: RoomsResponseData = {
  hotel_id: '1044',
  expires_at: '2026-11-22T10:10:00Z',
  rooms: [
    {
      ...EXAMPLE_ROOM,
      rates: [
        {
          rate_id: 'r1',
          booking_token: OPAQUE_ID,
          board_type: 'breakfast',
          board_name: 'Breakfast included',
          price,
          taxes_and_fees_included: true,
          pay_at_hotel_usd_cents: 0,
          payment_type: 'pay_now',
          cancellation_timeline: timeline,
          rooms_left: 3,
        },
      ],
    },
  ],
};

export const contentData: HotelContent = {
  hotel_id: '1044',
  hotel_name: 'Hotel Lumière Opéra',
  description: 'A quiet hotel near the opera.',
  stars: 4,
  property_type: 'hotel',
  chain: null,
  address: '1 Rue de la Paix',
  city: 'Paris',
  country: 'France',
  latitude: 48.87,
  longitude: 2.33,
  images: [{ url: '/sandbox/images/1044/1.webp', caption: null }],
  facilities: [{ facility_id: 3, name: 'Free WiFi' }],
  check_in_from: '15:00',
  check_out_until: '11:00',
  policies: [],
};

const stay = {
  hotel_id: '1044',
  hotel_name: 'Hotel Lumière Opéra',
  room_name: 'Double Room',
  board_type: 'breakfast' as const,
  check_in: '2026-12-10',
  check_out: '2026-12-12',
  rooms: [{ adults: 2, child_ages: [] }],
  price,
  cancellation_timeline: timeline,
  payment_type: 'pay_now' as const,
};

export const prebookData: Prebook = {
  ...stay,
  prebook_id: OPAQUE_ID,
  expires_at: '2026-11-22T10:10:00Z',
  previous_price_amount: null,
  price_changed: false,
  cancellation_changed: false,
  is_refundable: true,
  free_cancellation_until: '2026-12-01T12:00:00Z',
};

export const HOLDER = {
  first_name: 'Asha',
  last_name: 'Müller-Rao',
  email: 'asha.private@example.com',
  phone: '+91 98765 43210',
};

export const bookingData: Booking = {
  ...stay,
  booking_id: 'bk_0123456789abcdefghij',
  reference: 'ABC123',
  status: 'CONFIRMED',
  holder: HOLDER,
  guests: [{ room: 1, first_name: 'Asha', last_name: 'Müller-Rao' }],
  created_at: '2026-11-22T10:00:00Z',
  cancelled_at: null,
  refund_amount: null,
};

export const cancelledBookingData: Booking = {
  ...bookingData,
  status: 'CANCELLED',
  cancelled_at: '2026-11-22T11:00:00Z',
  refund_amount: 45_100,
};

/** A search request the contract accepts, for a clock at 2026-11-22. */
export const searchRequest = {
  destination: { type: 'city', id: 2_988_507 },
  check_in: '2026-12-10',
  check_out: '2026-12-12',
  rooms: [{ adults: 2 }],
};

export const roomsRequest = {
  hotel_id: 1044,
  check_in: '2026-12-10',
  check_out: '2026-12-12',
  rooms: [{ adults: 2 }],
};

export const bookRequest = {
  prebook_id: OPAQUE_ID,
  holder: HOLDER,
  guests: [{ room: 1, first_name: 'Asha', last_name: 'Müller-Rao' }],
};
