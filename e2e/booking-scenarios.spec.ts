// The branches of prebook and book, each on the sandbox's documented scenario hotel
// that always takes it: a price change needs consent and shows both prices; an
// unavailable rate, an expired token and an expired hold return the shopper to fresh
// room options, with nothing typed lost.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  ASHA,
  SCENARIO,
  chooseButtons,
  fillHolder,
  hotelUrl,
  isPrebookRequest,
  isRoomsRequest,
  clickBookNow,
} from './booking-support.ts';

interface PrebookAnswer {
  data: { price: { amount: number }; previous_price_amount: number; expires_at: string };
}

// The expiry tests mostly wait for the sandbox's 20 s holds: let them wait side by side.
test.describe.configure({ mode: 'parallel' });

/** Holds the first rate again: the guest form still holds the holder typed before. */
async function holdAgainWithDetailsKept(page: Page): Promise<Locator> {
  await chooseButtons(page).first().click();
  await expect(page).toHaveURL('/checkout');
  const form = page.getByRole('form', { name: 'Who is staying' });
  await expect(form.getByLabel('First name', { exact: true })).toHaveValue(ASHA.first);
  await expect(form.getByLabel('E-mail')).toHaveValue(ASHA.email);
  await expect(form.getByLabel('Phone number')).toHaveValue(ASHA.phone);
  return form;
}

/** The checkout and booking pages show money to the cent. */
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a changed price is shown beside the old one and needs consent before booking', async ({
  page,
}) => {
  await page.goto(hotelUrl(SCENARIO.priceChange, 17));
  const prebooked = page.waitForResponse((response) => isPrebookRequest(response.request()));
  // A refundable rate: the scenario hotel also moves its free-cancellation deadline.
  await page
    .getByRole('list', { name: /^Rates for / })
    .getByRole('listitem')
    .filter({ hasText: 'Free cancellation until' })
    .first()
    .getByRole('button', { name: /^Choose / })
    .click();
  const prebook = ((await (await prebooked).json()) as PrebookAnswer).data;
  expect(prebook.price.amount).toBeGreaterThan(prebook.previous_price_amount);

  const change = page.getByRole('region', { name: 'The price has gone up' });
  await expect(change).toBeVisible();
  await expect(change.getByRole('definition').first()).toHaveText(
    dollars(prebook.previous_price_amount),
  );
  await expect(change.getByRole('definition').nth(1)).toHaveText(dollars(prebook.price.amount));
  await expect(page.getByText('The cancellation terms have changed')).toBeVisible();
  // No way to book before accepting.
  await expect(page.getByRole('button', { name: 'Book now' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Who is staying' })).toHaveCount(0);

  await change
    .getByRole('button', { name: `Accept the new price of ${dollars(prebook.price.amount)}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Who is staying' })).toBeFocused();
  await expect(change.getByText(/You accepted the new price of/)).toBeVisible();
  await fillHolder(page);
  expect((await clickBookNow(page)).status()).toBe(201);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }),
  ).toBeVisible();
  // The accepted price is what was booked.
  await expect(
    page.getByRole('region', { name: 'Price and payment' }).getByRole('definition').first(),
  ).toHaveText(dollars(prebook.price.amount));
});

test('an unavailable rate brings back fresh room options for the same, edited stay', async ({
  page,
}) => {
  await page.goto(hotelUrl(SCENARIO.rateUnavailable, 18));
  await expect(chooseButtons(page).first()).toBeVisible();
  // The stay is edited in place first: 3 adults. The URL and the rooms follow.
  await page.getByRole('button', { name: 'Change dates or guests' }).click();
  await page.getByRole('button', { name: /Rooms and guests/ }).click();
  await page.getByRole('button', { name: 'Add an adult to room 1' }).click();
  await page.getByRole('button', { name: 'Done' }).click();
  const edited = page.waitForRequest(isRoomsRequest);
  await page.getByRole('button', { name: 'Show rooms for this stay' }).click();
  expect((await edited).postDataJSON()).toMatchObject({ rooms: [{ adults: 3, child_ages: [] }] });
  await expect(page).toHaveURL(/rooms=3(&|$)/);
  const editedUrl = page.url();

  const fresh = page.waitForRequest(isRoomsRequest);
  const prebooked = page.waitForResponse((response) => isPrebookRequest(response.request()));
  await chooseButtons(page).first().click();
  expect((await prebooked).status()).toBe(409);
  const notice = page.getByRole('alert').filter({ hasText: 'that rate is no longer available' });
  await expect(notice).toBeVisible();
  await expect(notice).toBeFocused();
  expect((await fresh).postDataJSON()).toMatchObject({ rooms: [{ adults: 3, child_ages: [] }] });
  await expect(chooseButtons(page).first()).toBeVisible();
  expect(page.url()).toBe(editedUrl);
  await expect(page.getByText(/3 adults · 1 room/)).toBeVisible();
});

test('an expired booking token brings back fresh room options for the same, edited stay', async ({
  page,
}) => {
  await page.goto(hotelUrl(SCENARIO.shortHold, 19));
  await expect(chooseButtons(page).first()).toBeVisible();
  // The stay is edited in place first: one more night. Its rooms bring the tokens used below.
  const checkOut = new URL(page.url()).searchParams.get('checkout')!;
  const later = new Date(`${checkOut}T00:00:00Z`);
  later.setUTCDate(later.getUTCDate() + 1);
  const newCheckOut = later.toISOString().slice(0, 10);
  await page.getByRole('button', { name: 'Change dates or guests' }).click();
  await page.getByLabel('Check-out').fill(newCheckOut);
  const editedRooms = page.waitForResponse((response) => isRoomsRequest(response.request()));
  await page.getByRole('button', { name: 'Show rooms for this stay' }).click();
  const roomsAnswer = (await (await editedRooms).json()) as { data: { expires_at: string } };
  const expiresAt = Date.parse(roomsAnswer.data.expires_at);
  await expect(page).toHaveURL(new RegExp(`checkout=${newCheckOut}&`));
  const editedUrl = page.url();
  await expect(chooseButtons(page).first()).toBeVisible();
  // The scenario hotel's tokens last 20 s: wait for the instant the server gave.
  await expect
    .poll(() => Date.now(), { timeout: 30_000, intervals: [500] })
    .toBeGreaterThan(expiresAt + 1000);

  const fresh = page.waitForRequest(isRoomsRequest);
  const prebooked = page.waitForResponse((response) => isPrebookRequest(response.request()));
  await chooseButtons(page).first().click();
  expect((await prebooked).status()).toBe(410);
  expect((await fresh).postDataJSON()).toMatchObject({ check_out: newCheckOut });
  await expect(
    page.getByRole('alert').filter({ hasText: 'The prices on this page had expired' }),
  ).toBeFocused();
  await expect(chooseButtons(page).first()).toBeVisible();
  expect(page.url()).toBe(editedUrl);
  await expect(page.getByText(/3 nights · 2 adults · 1 room/)).toBeVisible();
});

test('a hold that runs out returns to fresh room options, and what was typed is kept', async ({
  page,
}) => {
  await page.goto(hotelUrl(SCENARIO.shortHold, 20));
  const hotelPage = page.url();
  await chooseButtons(page).first().click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('timer')).toHaveText(/^0:[0-2]\d$/);
  await fillHolder(page);
  await page.getByLabel('Special requests (optional)').fill('Quiet room, please');

  // The countdown reaches zero (the scenario hotel holds for 20 s).
  const expired = page.getByRole('alert').filter({ hasText: 'Your price hold has expired' });
  await expect(expired).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Book now' })).toHaveCount(0);

  const fresh = page.waitForRequest(isRoomsRequest);
  await expired.getByRole('button', { name: 'See fresh room options' }).click();
  await fresh;
  expect(page.url()).toBe(hotelPage);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your price hold ran out before the booking' }),
  ).toBeFocused();

  const form = await holdAgainWithDetailsKept(page);
  await expect(form.getByLabel('Special requests (optional)')).toHaveValue('Quiet room, please');
});

test('a hold the server says has expired (PREBOOK_EXPIRED) returns to fresh room options', async ({
  page,
}) => {
  await page.goto(hotelUrl(SCENARIO.shortHold, 21));
  const prebooked = page.waitForResponse((response) => isPrebookRequest(response.request()));
  await chooseButtons(page).first().click();
  const prebook = ((await (await prebooked).json()) as PrebookAnswer).data;
  await fillHolder(page);
  // This traveller's clock is behind the server's: the page still shows time left
  // when the server's hold is over, so only the server's answer can tell.
  await page.clock.setFixedTime(Date.now());
  await expect
    .poll(() => Date.now(), { timeout: 30_000, intervals: [500] })
    .toBeGreaterThan(Date.parse(prebook.expires_at) + 1000);
  await expect(page.getByRole('button', { name: 'Book now' })).toBeVisible();

  const fresh = page.waitForRequest(isRoomsRequest);
  const answer = await clickBookNow(page);
  expect(answer.status()).toBe(410);
  expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('PREBOOK_EXPIRED');
  await fresh;
  await expect(page).toHaveURL(/\/hotels\/8760004\?/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your price hold ran out before the booking' }),
  ).toBeVisible();
  await expect(chooseButtons(page).first()).toBeVisible();

  // A new hold: what was typed before is still there.
  await holdAgainWithDetailsKept(page);
});
