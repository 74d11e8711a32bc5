// The whole booking, as a shopper does it: a city, a hotel, a rate, the hold, the
// guest details, Book, the confirmation (with its calendar file), then manage booking:
// look it up and cancel it.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import {
  ASHA,
  chooseButtons,
  fillHolder,
  isPrebookRequest,
  recordBookRequests,
  shownReference,
  clickBookNow,
} from './booking-support.ts';

test('city → hotel → rate → hold → book → confirmation → look-up → cancel', async ({ page }) => {
  const sent = recordBookRequests(page);
  const contentRequests: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/hotels\/[^/]+\/content$/.test(path)) contentRequests.push(path);
  });
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Where are you going?' }).fill('paris');
  await page.getByRole('option', { name: /Paris, Île-de-France, France/ }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  const hotels = page.getByRole('list', { name: 'Hotels' }).getByRole('article');
  await expect(hotels.first()).toBeVisible();
  const searchUrl = new URL(page.url());
  // The sandbox sells hotels out as live prices come in: take the first card whose
  // hotel still has rooms for the stay.
  let hotelName = '';
  for (let card = 0; card < 3 && !hotelName; card++) {
    const link = hotels.nth(card).getByRole('link');
    const name = await link.innerText();
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const soldOut = page.getByRole('heading', { name: 'Sold out for your dates' });
    await expect(chooseButtons(page).first().or(soldOut)).toBeVisible();
    if (!(await soldOut.isVisible())) hotelName = name;
    else await page.goBack();
  }
  expect(hotelName).not.toBe('');

  // The hotel page prices the same stay as the search.
  const hotelPage = new URL(page.url());
  for (const name of ['checkin', 'checkout', 'rooms', 'nat']) {
    expect(hotelPage.searchParams.get(name)).toBe(searchUrl.searchParams.get(name));
  }
  await expect(page.getByRole('link', { name: 'Back to the results' })).toHaveAttribute(
    'href',
    `${searchUrl.pathname}${searchUrl.search}`,
  );
  await expect(page.getByText(/^Total for 2 nights/).first()).toBeVisible();

  const prebooked = page.waitForResponse((response) => isPrebookRequest(response.request()));
  await chooseButtons(page).first().click();
  expect((await prebooked).status()).toBe(200);
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Book your stay' })).toBeFocused();
  await expect(page.getByRole('timer')).toHaveText(/^(9|10):\d\d$/);
  await expect(page.getByRole('complementary', { name: 'Your room' })).toContainText(hotelName);

  await fillHolder(page);
  // Room 1's lead guest is the holder until changed.
  await expect(page.getByLabel("Lead guest's first name (room 1)")).toHaveValue(ASHA.first);
  await expect(page.getByLabel("Lead guest's last name (room 1)")).toHaveValue(ASHA.last);
  await page.getByLabel('Special requests (optional)').fill('Late arrival, around 23:00');
  expect((await clickBookNow(page)).status()).toBe(201);

  await expect(page).toHaveURL(/\/booking\/confirmation\?ref=[A-Z0-9]{6,8}$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }),
  ).toBeFocused();
  const reference = await shownReference(page);
  expect(page.url()).toContain(`ref=${reference}`);
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: hotelName })).toBeVisible();
  await expect(page.getByText('Late arrival, around 23:00')).toBeVisible();
  await expect(page.getByText('lead guest Asha Rao')).toBeVisible();
  expect(sent).toHaveLength(1);
  // The hotel page and the confirmation share one cache entry for the hotel's content.
  const hotelId = hotelPage.pathname.split('/').pop()!;
  expect(contentRequests.filter((path) => path === `/api/hotels/${hotelId}/content`)).toHaveLength(
    1,
  );

  // The calendar file: one all-day event from check-in to the day after check-out.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar (.ics)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`staylane-${reference}.ics`);
  const ics = await readFile(await file.path(), 'utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  const checkIn = searchUrl.searchParams.get('checkin')!.replace(/-/g, '');
  expect(ics).toContain(`\r\nDTSTART;VALUE=DATE:${checkIn}\r\n`);
  expect(ics).toContain(`Booking reference: ${reference}`);

  // A reload keeps the confirmation (looked up again with the reference, last name and
  // e-mail address).
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }),
  ).toBeVisible();
  expect(await shownReference(page)).toBe(reference);

  // Manage booking: look it up, cancel it with the refund stated first.
  await page.getByRole('link', { name: 'Manage or cancel this booking' }).click();
  await expect(page.getByLabel('Booking reference')).toHaveValue(reference);
  await page.getByLabel("Holder's last name").fill(ASHA.last.toLowerCase());
  await page.getByLabel("Holder's e-mail address").fill(ASHA.email);
  await page.getByRole('button', { name: 'Find booking' }).click();
  await expect(page.getByRole('heading', { name: `Booking ${reference}` })).toBeFocused();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel this booking' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${reference}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^If you cancel now, you get /)).toBeVisible();
  const refundText = await dialog.getByText(/^If you cancel now, you get /).innerText();
  await dialog.getByRole('button', { name: 'Yes, cancel my booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Your booking is cancelled\. Refund: /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel this booking' })).toBeHidden();
  // The refund the dialog promised is the one the booking got.
  const promised = /full refund of (\S+)\.|you get (\S+) back|no refund/.exec(refundText);
  const amount = promised?.[1] ?? promised?.[2] ?? '$0';
  await expect(page.getByText(`Your booking is cancelled. Refund: ${amount}.`)).toBeVisible();
});
