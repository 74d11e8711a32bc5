// Helpers of the hotel and booking specs: hotel-page URLs for the sandbox's documented
// test-scenario hotels (README, Sandbox → Test scenarios), the guest form, and readers
// of the book requests a page sends. Each spec picks its own stay (days from today).
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect } from './fixtures.ts';

export const LISBON = { dest: 'city:2267057', label: 'Lisbon, Portugal' };

/** Hotels that take one branch of the booking flow every time, for every stay. */
export const SCENARIO = {
  priceChange: '8760001',
  rateUnavailable: '8760002',
  soldOut: '8760003',
  shortHold: '8760004',
} as const;

export function isoDate(daysFromToday: number): string {
  const date = new Date();
  date.setDate(date.getDate() + daysFromToday);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A hotel page with the search inputs of a Lisbon search, as a results card links to it. */
export function hotelUrl(
  hotelId: string,
  stay: number,
  { nights = 2, rooms = '2', nat = 'IN' }: { nights?: number; rooms?: string; nat?: string } = {},
): string {
  const params = new URLSearchParams({
    dest: LISBON.dest,
    label: LISBON.label,
    checkin: isoDate(stay),
    checkout: isoDate(stay + nights),
    rooms,
    nat,
  });
  return `/hotels/${hotelId}?${params.toString()}`;
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
): Promise<{ status: number; booking: FoundBooking | null }> {
  const response = await request.post('/api/bookings/lookup', {
    data: { reference, last_name: lastName },
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
