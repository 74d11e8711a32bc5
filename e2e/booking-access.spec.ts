// Everyone can book: with the keyboard alone, on a 390 px phone, with a screen reader
// (axe clean on every page and state, Arabic right-to-left included), and a booking
// is visible only to someone with its reference AND the holder's last name and e-mail address.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test, openPreferences } from './fixtures.ts';
import {
  ASHA,
  SCENARIO,
  bookThroughApi,
  chooseButtons,
  fillHolder,
  findBookableHotel,
  horizontalOverflow,
  hotelUrl,
  isBookRequest,
  shownReference,
} from './booking-support.ts';

// Independent tests (each its own client and stay): spread them over the workers.
test.describe.configure({ mode: 'parallel' });

async function axeViolations(page: Page) {
  return (await new AxeBuilder({ page }).analyze()).violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

async function tabTo(page: Page, target: Locator, maxTabs = 60): Promise<void> {
  for (let tab = 0; tab < maxTabs; tab++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`focus never reached the target in ${maxTabs} tabs`);
}

test('the whole booking works with the keyboard alone', async ({ page, request }) => {
  const hotelId = await findBookableHotel(request, 25);
  await page.goto(hotelUrl(hotelId, 25));
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const choose = chooseButtons(page).first();
  await expect(choose).toBeVisible();
  await tabTo(page, choose);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Book your stay' })).toBeFocused();
  const form = page.getByRole('form', { name: 'Who is staying' });
  await tabTo(page, form.getByLabel('First name', { exact: true }));
  await page.keyboard.type(ASHA.first);
  await page.keyboard.press('Tab');
  await page.keyboard.type(ASHA.last);
  await page.keyboard.press('Tab');
  await page.keyboard.type(ASHA.email);
  await tabTo(page, form.getByLabel('Phone number'));
  await page.keyboard.type(ASHA.phone);
  const book = page.getByRole('button', { name: 'Book now' });
  await tabTo(page, book);
  const booked = page.waitForResponse((response) => isBookRequest(response.request()));
  await page.keyboard.press('Enter');
  expect((await booked).status()).toBe(201);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }),
  ).toBeFocused();
  const reference = await shownReference(page);

  await tabTo(page, page.getByRole('link', { name: 'Manage or cancel this booking' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel("Holder's last name"));
  await page.keyboard.type(ASHA.last);
  await tabTo(page, page.getByLabel("Holder's e-mail address"));
  await page.keyboard.type(ASHA.email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Booking ${reference}` })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Cancel this booking' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${reference}?` });
  await expect(dialog).toBeVisible();
  // Escape keeps the booking and gives focus back to the button that opened the dialog.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cancel this booking' })).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('button', { name: 'Yes, cancel my booking' }), 6);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Booking ${reference}` })).toBeFocused();
});

test('on a 390 px phone the booking fits the screen from hotel to confirmation and manage booking', async ({
  page,
  request,
}) => {
  const rooms = '2,1:7';
  const hotelId = await findBookableHotel(request, 26, rooms);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(hotelUrl(hotelId, 26, { rooms }));
  await expect(chooseButtons(page).first()).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Change dates or guests' }).click();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await chooseButtons(page).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book your stay' })).toBeVisible();
  // What is being booked, its price and its cancellation terms come before the guests'
  // details and the Book button, not after them.
  const summary = page.getByRole('complementary', { name: 'Your room' });
  await expect(summary.getByText('Cancellation terms')).toBeVisible();
  const summaryBox = await summary.boundingBox();
  const formBox = await page.getByRole('heading', { name: 'Who is staying' }).boundingBox();
  expect(summaryBox && formBox && summaryBox.y + summaryBox.height <= formBox.y).toBe(true);
  await fillHolder(page);
  // Two rooms: a lead guest for room 2 as well.
  await page.getByLabel("Lead guest's first name (room 2)").fill('Ravi');
  await page.getByLabel("Lead guest's last name (room 2)").fill('Rao');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Book now' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }),
  ).toBeVisible();
  await expect(page.getByText('lead guest Ravi Rao')).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  // Managing it on the phone too: the look-up, the booking, the cancel dialog.
  const reference = await shownReference(page);
  await page.getByRole('link', { name: 'Manage or cancel this booking' }).click();
  await page.getByLabel("Holder's last name").fill(ASHA.last);
  await page.getByLabel("Holder's e-mail address").fill(ASHA.email);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Find booking' }).click();
  await expect(page.getByRole('heading', { name: `Booking ${reference}` })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Cancel this booking' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${reference}?` });
  await expect(dialog).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
});

test('axe finds nothing on the hotel page, the checkout (consent, errors) or the confirmation', async ({
  page,
}) => {
  // Hotel page, with the rooms of the price-change hotel.
  await page.goto(hotelUrl(SCENARIO.priceChange, 27));
  await expect(chooseButtons(page).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Checkout: the price-change consent first.
  await chooseButtons(page).first().click();
  const change = page.getByRole('region', { name: 'The price has gone up' });
  await expect(change).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await change.getByRole('button', { name: /^Accept the new price/ }).click();

  // Errors: inline, tied to their fields, announced, and the first invalid field focused.
  await page.getByRole('button', { name: 'Book now' }).click();
  const firstName = page.getByRole('form', { name: 'Who is staying' }).getByLabel('First name', {
    exact: true,
  });
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toHaveAccessibleDescription('This field is required.');
  await expect(
    page.getByRole('alert').filter({ hasText: /^\d+ fields need correcting/ }),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await fillHolder(page);
  await page.getByLabel('E-mail').fill('asha@');
  await page.getByRole('button', { name: 'Book now' }).click();
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(
    /Enter an e-mail address such as name@example.com/,
  );
  await page.getByLabel('E-mail').fill(ASHA.email);
  await page.getByRole('button', { name: 'Book now' }).click();

  // Confirmation, and how it prints: the booking without the site around it.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }),
  ).toBeVisible();
  const reference = await shownReference(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('link', { name: 'Staylane' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByText(reference, { exact: true })).toBeVisible();
});

test('axe finds nothing on manage booking (found, cancel dialog), sold out, or in Arabic', async ({
  page,
  request,
}) => {
  const hotelId = await findBookableHotel(request, 28);
  const reference = await bookThroughApi(request, hotelId, 28);
  await page.goto(`/manage-booking?ref=${reference}`);
  // The page's own chunk loads after the shell: axe only once its heading has focus.
  await expect(page.getByRole('heading', { level: 1, name: 'Manage your booking' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Holder's last name").fill(ASHA.last);
  await page.getByLabel("Holder's e-mail address").fill(ASHA.email);
  await page.getByRole('button', { name: 'Find booking' }).click();
  await expect(page.getByRole('heading', { name: `Booking ${reference}` })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel this booking' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto(hotelUrl(SCENARIO.soldOut, 28));
  await expect(page.getByRole('heading', { name: 'Sold out for your dates' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Arabic: right to left, and still clean.
  await page.goto(hotelUrl(SCENARIO.priceChange, 28));
  await openPreferences(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 2, name: 'اختر غرفتك' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^اختر / }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('a wrong last name or e-mail address cannot see a booking: the same answer as an unknown reference', async ({
  page,
  request,
}) => {
  const hotelId = await findBookableHotel(request, 29);
  const reference = await bookThroughApi(request, hotelId, 29);
  const notFound = 'We could not find a booking with this reference, last name and e-mail address.';

  await page.goto(`/manage-booking?ref=${reference}`);
  // The e-mail address is asked for, and named when it is not one.
  await page.getByLabel("Holder's last name").fill(ASHA.last);
  await page.getByRole('button', { name: 'Find booking' }).click();
  await expect(page.getByLabel("Holder's e-mail address")).toHaveAccessibleDescription(
    'Enter an e-mail address such as name@example.com.',
  );
  await page.getByLabel("Holder's last name").fill('Rau');
  await page.getByLabel("Holder's e-mail address").fill(ASHA.email);
  await page.getByRole('button', { name: 'Find booking' }).click();
  await expect(page.getByRole('alert').filter({ hasText: notFound })).toBeVisible();
  await expect(page.getByText(ASHA.email)).toHaveCount(0);

  await page.getByLabel("Holder's last name").fill(ASHA.last);
  await page.getByLabel("Holder's e-mail address").fill(`other.${ASHA.email}`);
  await page.getByRole('button', { name: 'Find booking' }).click();
  await expect(page.getByRole('alert').filter({ hasText: notFound })).toBeVisible();
  await page.getByLabel("Holder's e-mail address").fill(` ${ASHA.email.toUpperCase()} `);

  await page.getByLabel('Booking reference').fill('QQQQQQQ');
  await page.getByLabel("Holder's last name").fill(ASHA.last);
  await page.getByRole('button', { name: 'Find booking' }).click();
  await expect(page.getByRole('alert').filter({ hasText: notFound })).toBeVisible();

  await page.getByLabel('Booking reference').fill(reference.toLowerCase());
  await page.getByRole('button', { name: 'Find booking' }).click();
  await expect(page.getByRole('heading', { name: `Booking ${reference}` })).toBeVisible();
  await expect(page.getByText(ASHA.email)).toBeVisible();
});
