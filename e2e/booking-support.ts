// Helpers of the hotel and booking specs: hotel-page URLs for the sandbox's documented
// test-scenario hotels (docs/sandbox.md, "Test scenarios"), the guest form, and readers
// of the book requests a page sends. Each spec picks its own stay (days from today).
import type { APIRequestContext, Page, Request, Response } from '@playwright/test';
import { expect, isoDate, stayDay } from './fixtures.ts';
import { stayParams, type StayInputs } from './search-support.ts';
import { parseRooms } from '../src/stay/search-url.ts';

export const LISBON = { dest: 'city:2267057', label: 'Lisbon, Portugal' };

/** Hotels that take one branch of the booking flow every time, for every stay. */
export const SCENARIO = {
  priceChange: '8760001',
  rateUnavailable: '8760002',
  soldOut: '8760003',
  shortHold: '8760004',
} as const;

/**
 * A hotel page with the search inputs of a Lisbon search, as a results card links to it;
 * `slot` picks the stay (see stayDay).
 */
export function hotelUrl(hotelId: string, slot: number, inputs: StayInputs = {}): string {
  return `/hotels/${hotelId}?${stayParams(LISBON, slot, inputs).toString()}`;
}

export function isRoomsRequest(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/hotels/rooms';
}

export function isPrebookRequest(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/hotels/prebook';
}

export function isBookRequest(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/hotels/book';
}

/** The Choose buttons of the room options, in order. */
export function chooseButtons(page: Page) {
  return page.getByRole('button', { name: /^Choose / });
}

export interface Guest {
  first: string;
  last: string;
  email: string;
  phone: string;
}

export const ASHA: Guest = {
  first: 'Asha',
  last: 'Rao',
  email: 'asha.rao@example.com',
  phone: '98765 43210',
};

/** Fills the holder (room 1's lead guest follows the holder's name). */
export async function fillHolder(page: Page, guest: Guest = ASHA): Promise<void> {
  const form = page.getByRole('form', { name: 'Who is staying' });
  await form.getByLabel('First name', { exact: true }).fill(guest.first);
  await form.getByLabel('Last name', { exact: true }).fill(guest.last);
  await form.getByLabel('E-mail').fill(guest.email);
  await form.getByLabel('Phone number').fill(guest.phone);
}

export interface SentBook {
  key: string | undefined;
  body: string | null;
}

/** Records every book request the page sends: its Idempotency-Key and exact body. */
export function recordBookRequests(page: Page): SentBook[] {
  const sent: SentBook[] = [];
  page.on('request', (request) => {
    if (isBookRequest(request)) {
      sent.push({ key: request.headers()['idempotency-key'], body: request.postData() });
    }
  });
  return sent;
}

export interface FoundBooking {
  reference: string;
  status: string;
  hotel_id: string;
  holder: { last_name: string };
}

/** The traveller look-up, as the manage-booking page calls it (rate limited per client). */
export async function lookUp(
  request: APIRequestContext,
  reference: string,
  lastName: string,
  email: string = ASHA.email,
): Promise<{ status: number; booking: FoundBooking | null }> {
  const response = await request.post('/api/bookings/lookup', {
    data: { reference, last_name: lastName, email },
  });
  const body = (await response.json()) as { data?: FoundBooking };
  return { status: response.status(), booking: body.data ?? null };
}

/** The reference the confirmation page shows. */
export async function shownReference(page: Page): Promise<string> {
  const value = page
    .getByRole('definition')
    .filter({ hasText: /^[A-Z0-9]{6,8}$/ })
    .first();
  await expect(value).toBeVisible();
  return (await value.innerText()).trim();
}

/** Nothing sticks out sideways (a phone-sized page scrolls only vertically). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

interface SearchAnswer {
  data: { hotels: { hotel_id: string; availability_band: number }[] };
}

/**
 * A Lisbon hotel with rooms for the stay that is none of the scenario hotels. Search
 * prices may be estimates and the sandbox sells hotels out as prices refresh, so the
 * room options are asked for before a hotel is taken. `rooms` is the occupancy as the
 * URL writes it ("2,1:7"): the sandbox's quotes hang on the occupancy and the half
 * hour, so a hotel with rooms for two adults may have none for another party.
 */
export async function findBookableHotel(
  request: APIRequestContext,
  slot: number,
  rooms = '2',
): Promise<string> {
  const stay = stayDay(slot);
  const occupancy = parseRooms(rooms);
  if (!occupancy) throw new Error(`"${rooms}" is not an occupancy`);
  const inputs = {
    check_in: isoDate(stay),
    check_out: isoDate(stay + 2),
    rooms: occupancy,
    nationality: 'IN',
  };
  const response = await request.post('/api/hotels/search', {
    data: { destination: { type: 'city', id: 2267057 }, ...inputs, limit: 20 },
  });
  expect(response.status()).toBe(200);
  const scenarios: readonly string[] = Object.values(SCENARIO);
  const candidates = ((await response.json()) as SearchAnswer).data.hotels
    .filter((item) => item.availability_band === 0 && !scenarios.includes(item.hotel_id))
    .slice(0, 5);
  for (const { hotel_id } of candidates) {
    const answer = await request.post('/api/hotels/rooms', { data: { hotel_id, ...inputs } });
    if (answer.ok() && ((await answer.json()) as RoomsAnswer).data.rooms.length > 0)
      return hotel_id;
  }
  throw new Error('no bookable hotel in Lisbon for this stay');
}

interface RoomsAnswer {
  data: { rooms: { rates: { booking_token: string }[] }[] };
}

/** A booking made straight through the API (for specs about looking bookings up). */
export async function bookThroughApi(
  request: APIRequestContext,
  hotelId: string,
  slot: number,
  guest: Guest = ASHA,
): Promise<string> {
  const stay = stayDay(slot);
  const rooms = await request.post('/api/hotels/rooms', {
    data: {
      hotel_id: hotelId,
      check_in: isoDate(stay),
      check_out: isoDate(stay + 2),
      rooms: [{ adults: 2 }],
      nationality: 'IN',
    },
  });
  const token = ((await rooms.json()) as RoomsAnswer).data.rooms[0]!.rates[0]!.booking_token;
  const prebook = await request.post('/api/hotels/prebook', { data: { booking_token: token } });
  const prebookId = ((await prebook.json()) as { data: { prebook_id: string } }).data.prebook_id;
  const book = await request.post('/api/hotels/book', {
    headers: { 'Idempotency-Key': `e2e-${crypto.randomUUID()}` },
    data: {
      prebook_id: prebookId,
      holder: {
        first_name: guest.first,
        last_name: guest.last,
        email: guest.email,
        phone: `+91 ${guest.phone}`,
      },
      guests: [{ room: 1, first_name: guest.first, last_name: guest.last }],
    },
  });
  expect(book.status()).toBe(201);
  return ((await book.json()) as { data: { reference: string } }).data.reference;
}

/** From a hotel page to a filled-in checkout: the first rate held, the holder typed. */
/** Presses "Book now" and returns the server's answer to the book request it sends. */
export async function clickBookNow(page: Page): Promise<Response> {
  const answered = page.waitForResponse((response) => isBookRequest(response.request()));
  await page.getByRole('button', { name: 'Book now' }).click();
  return answered;
}

export async function holdFirstRateAndFill(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await chooseButtons(page).first().click();
  await expect(page).toHaveURL('/checkout');
  await fillHolder(page);
}
