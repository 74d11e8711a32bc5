// Trips on this device: a booking made here is kept with its access token, so the Trips
// page lists it after a reload and reads its live status with that token (never with the
// look-up, which is limited to five tries), and it can be cancelled from there.
import AxeBuilder from '@axe-core/playwright';
import type { Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  chooseButtons,
  clickBookNow,
  fillHolder,
  findBookableHotel,
  hotelUrl,
  shownReference,
} from './booking-support.ts';

const SLOT = 47;

/** The calls a page makes that find or open a booking. */
function bookingReads(requests: Request[]) {
  return requests
    .map((request) => ({
      method: request.method(),
      path: new URL(request.url()).pathname,
      token: request.headers()['booking-access-token'],
    }))
    .filter(({ path }) => path.startsWith('/api/bookings'));
}

test('book → the trip is kept → reload → status read with its token → cancel from the trip', async ({
  page,
  request,
}) => {
  const hotelId = await findBookableHotel(request, SLOT);
  await page.goto(hotelUrl(hotelId, SLOT));
  const hotelName = await page.getByRole('heading', { level: 1 }).innerText();
  await chooseButtons(page).first().click();
  await expect(page).toHaveURL('/checkout');
  await fillHolder(page);
  expect((await clickBookNow(page)).status()).toBe(201);
  const reference = await shownReference(page);
  await expect(page.getByText('Kept in your trips on this device.')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Trips', exact: true })
    .click();
  await expect(page).toHaveURL('/trips');
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  const trip = upcoming.getByRole('article', { name: hotelName });
  await expect(trip).toContainText(reference);
  await expect(trip.getByText('Confirmed', { exact: true })).toBeVisible();

  // After a reload the trip comes from this device, its status from a read by token.
  const requests: Request[] = [];
  page.on('request', (sent) => requests.push(sent));
  await page.reload();
  await expect(trip.getByText('Confirmed', { exact: true })).toBeVisible();
  const reads = bookingReads(requests);
  expect(reads).toEqual([
    { method: 'GET', path: `/api/bookings/${reference}`, token: expect.any(String) as unknown },
  ]);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  await trip.getByRole('link', { name: hotelName }).click();
  await expect(page).toHaveURL(`/trips/${reference}`);
  await expect(page.getByRole('heading', { name: `Booking ${reference}` })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel this booking' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${reference}?` });
  await dialog.getByRole('button', { name: 'Yes, cancel my booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Your booking is cancelled\. Refund: /)).toBeVisible();

  await page.getByRole('link', { name: 'All trips' }).click();
  await expect(trip.getByText('Cancelled', { exact: true })).toBeVisible();
  // Nothing of it spent the look-up: every read and the cancel went with the token.
  expect(
    bookingReads(requests).every(({ path, token }) => !path.endsWith('/lookup') && token),
  ).toBe(true);
  expect(bookingReads(requests).map(({ method, path }) => `${method} ${path}`)).toContain(
    `POST /api/bookings/${reference}/cancel`,
  );
});
