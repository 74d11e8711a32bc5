// A shopper with two tabs: one left on busy results (polling, six pages loaded, sort
// changed, hidden and shown again), the other booking a hotel. The booking must end on
// its confirmation every time, and the reference must be on screen the moment the
// booking is made, whatever the confirmation page still has to load.
import { expect, test } from './fixtures.ts';
import {
  findBookableHotel,
  hotelUrl,
  LISBON,
  clickBookNow,
  holdFirstRateAndFill,
} from './booking-support.ts';
import { cards, isSearchAnswer, PARIS, searchUrl, setPageVisibility } from './search-support.ts';

test('a booking in a second tab ends on its confirmation while the first tab polls', async ({
  page,
  context,
  request,
}) => {
  // Tab 1: busy results.
  await page.goto(searchUrl(PARIS, 34));
  await expect(cards(page).first()).toBeVisible();
  const more = page.getByRole('button', { name: 'Show more hotels' });
  for (let loaded = 1; loaded < 6; loaded++) {
    const next = page.waitForResponse(isSearchAnswer);
    await more.click();
    await next;
  }
  await page.getByLabel('Sort by').selectOption('price_low_to_high');
  await expect(page).toHaveURL(/sort=price_low_to_high/);
  await setPageVisibility(page, 'hidden');
  await setPageVisibility(page, 'visible');

  // Tab 2: results, then a hotel opened by a full page load, a rate, the details, Book.
  const hotelId = await findBookableHotel(request, 35);
  const second = await context.newPage();
  await second.goto(searchUrl(LISBON, 35));
  await expect(cards(second).first()).toBeVisible();
  await holdFirstRateAndFill(second, hotelUrl(hotelId, 35));
  const answer = await clickBookNow(second);
  expect(answer.status()).toBe(201);
  const { reference } = ((await answer.json()) as { data: { reference: string } }).data;

  await expect(second).toHaveURL(`/booking/confirmation?ref=${reference}`);
  await expect(
    second.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }),
  ).toBeVisible();
  await expect(second.getByText(reference, { exact: true })).toBeVisible();
});

test('the reference is on screen the moment the booking is made, even while the confirmation page’s code is held up', async ({
  page,
  request,
}) => {
  const hotelId = await findBookableHotel(request, 36);
  // The confirmation route's code is held by the network until the test lets it go.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/confirmation-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await holdFirstRateAndFill(page, hotelUrl(hotelId, 36));
  const answer = await clickBookNow(page);
  expect(answer.status()).toBe(201);
  const { reference } = ((await answer.json()) as { data: { reference: string } }).data;

  await expect(page.getByRole('heading', { level: 1, name: 'You’re booked' })).toBeVisible();
  await expect(page.getByText(`Booking reference ${reference}`)).toBeVisible();
  release();
  await expect(page).toHaveURL(`/booking/confirmation?ref=${reference}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }),
  ).toBeVisible();
});
