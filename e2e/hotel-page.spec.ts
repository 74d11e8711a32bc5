// The hotel page on its own: a sold-out stay says so and leads back to the same
// results; the gallery works with the keyboard; the stay is edited in place; what the
// API says of the hotel (about, times, facilities, policies, location) is all shown.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { HotelContent } from '../src/contract/index.ts';
import { formatMoney } from '../src/lib/format.ts';
import { SCENARIO, chooseButtons, hotelUrl, isRoomsRequest } from './booking-support.ts';
import { handedOver, PARIS, stayParams } from './search-support.ts';

// Independent tests (each its own client and stay): spread them over the workers.
test.describe.configure({ mode: 'parallel' });

test('a sold-out stay says so and leads back to the same search results', async ({ page }) => {
  const url = new URL(hotelUrl(SCENARIO.soldOut, 22), 'http://localhost');
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Sold out for your dates' })).toBeVisible();
  await expect(chooseButtons(page)).toHaveCount(0);
  const back = page.getByRole('main').getByRole('link', { name: 'Back to the results' }).last();
  const results = new URL((await back.getAttribute('href'))!, 'http://localhost');
  expect(results.pathname).toBe('/search');
  for (const name of ['dest', 'checkin', 'checkout', 'rooms', 'nat']) {
    expect(results.searchParams.get(name)).toBe(url.searchParams.get(name));
  }
  await back.click();
  await expect(page).toHaveURL(/\/search\?dest=city:2267057&/);
});

test('the gallery and the stay work with the keyboard, and the stay lives in the URL', async ({
  page,
}) => {
  await page.goto(hotelUrl(SCENARIO.priceChange, 23));
  const caption = page.getByRole('figure').locator('figcaption');
  await expect(caption).toHaveText(/^1 of \d+: /);
  await page.getByRole('button', { name: 'Next photo' }).focus();
  await page.keyboard.press('Enter');
  await expect(caption).toHaveText(/^2 of \d+: /);
  await page.keyboard.press('ArrowRight');
  await expect(caption).toHaveText(/^3 of \d+: /);
  await page.keyboard.press('ArrowLeft');
  await expect(caption).toHaveText(/^2 of \d+: /);
  await page.getByRole('button', { name: /^Show photo 5:/ }).press('Enter');
  await expect(caption).toHaveText(/^5 of \d+: /);
  await expect(page.getByRole('button', { name: /^Show photo 5:/ })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // Another stay, in place: one more night and a child of 7.
  await expect(chooseButtons(page).first()).toBeVisible();
  const before = new URL(page.url());
  await page.getByRole('button', { name: 'Change dates or guests' }).click();
  const checkOut = before.searchParams.get('checkout')!;
  const later = new Date(`${checkOut}T00:00:00Z`);
  later.setUTCDate(later.getUTCDate() + 1);
  const newCheckOut = later.toISOString().slice(0, 10);
  // The search form's own fields: dates, rooms and guests.
  await page.getByLabel('Check-out').fill(newCheckOut);
  await page.getByRole('button', { name: /Rooms and guests/ }).click();
  await page.getByRole('button', { name: 'Add a child to room 1' }).click();
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Show rooms for this stay' }).click();
  // A child's age is needed: the field says so, and its age takes focus.
  const age = page.getByLabel('Age of child 1');
  await expect(age).toBeFocused();
  await expect(page.getByRole('button', { name: /Rooms and guests/ })).toHaveAccessibleDescription(
    /Choose the age of each child/,
  );
  await age.selectOption('7');
  const asked = page.waitForRequest(isRoomsRequest);
  await page.getByRole('button', { name: 'Show rooms for this stay' }).click();
  expect((await asked).postDataJSON()).toMatchObject({
    check_out: newCheckOut,
    rooms: [{ adults: 2, child_ages: [7] }],
  });
  await expect(page).toHaveURL(new RegExp(`checkout=${newCheckOut}&rooms=2:7&`));
  await expect(page.getByText(/3 nights · 2 adults · 1 child · 1 room/)).toBeVisible();
  await expect(page.getByText(/^Total for 3 nights/).first()).toBeVisible();

  // Back restores the earlier stay and its rooms.
  await page.goBack();
  await expect(page).toHaveURL(before.href);
  await expect(page.getByText(/2 nights · 2 adults · 1 room/)).toBeVisible();
});

test('the page shows what the API says of the hotel: about, times, facilities, policies, location', async ({
  page,
  request,
}) => {
  const answer = await request.get(`/api/hotels/${SCENARIO.shortHold}/content`, {
    headers: { language: 'en' },
  });
  expect(answer.status()).toBe(200);
  const hotel = ((await answer.json()) as { data: HotelContent }).data;
  expect(hotel.facilities.length).toBeGreaterThanOrEqual(24);
  expect(hotel.policies.length).toBeGreaterThan(0);

  await page.goto(hotelUrl(SCENARIO.shortHold, 24));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hotel.hotel_name);
  const about = page.getByRole('region', { name: 'About this hotel' });
  await expect(about.getByText(hotel.description)).toBeVisible();
  const times = about.getByRole('definition');
  await expect(times).toHaveText([hotel.check_in_from!, hotel.check_out_until!]);
  // Every facility and policy, in the API's order (each facility drawn after a ✓).
  const facilities = about.getByRole('list').nth(0).getByRole('listitem');
  await expect(facilities).toHaveCount(hotel.facilities.length);
  await expect(facilities).toContainText(hotel.facilities.map((facility) => facility.name));
  await expect(about.getByRole('list').nth(1).getByRole('listitem')).toHaveText(hotel.policies);
  const place = [hotel.address, hotel.city, hotel.country].filter(Boolean).join(', ');
  await expect(about.getByText(place)).toBeVisible();
  // The scenario hotel has coordinates: its distance and a map link are shown.
  await expect(about.getByText(/^[\d.,]+ (k?m) from the centre$/)).toBeVisible();
  await expect(
    about.getByRole('link', { name: 'Open in OpenStreetMap (new tab)' }),
  ).toHaveAttribute(
    'href',
    `https://www.openstreetmap.org/?mlat=${hotel.latitude}&mlon=${hotel.longitude}#map=16/${hotel.latitude}/${hotel.longitude}`,
  );
});

/**
 * The first length of stay from `slot`'s check-in, of those given, for which the hotel has
 * rooms. Which stays a sandbox hotel sells out moves with the calendar (the stays are days
 * from today), so a spec about a hotel's rooms asks rather than assumes.
 */
async function nightsWithRooms(
  request: APIRequestContext,
  hotelId: string,
  slot: number,
  choices: readonly number[],
): Promise<number> {
  for (const nights of choices) {
    const stay = stayParams(PARIS, slot, { nights });
    const answer = await request.post('/api/hotels/rooms', {
      data: {
        hotel_id: hotelId,
        check_in: stay.get('checkin'),
        check_out: stay.get('checkout'),
        rooms: [{ adults: 2 }],
        nationality: 'IN',
      },
    });
    expect(answer.status()).toBe(200);
    if (((await answer.json()) as { data: { rooms: unknown[] } }).data.rooms.length > 0)
      return nights;
  }
  throw new Error(
    `hotel ${hotelId} has no rooms for ${choices.join(', ')} nights from slot ${slot}`,
  );
}

test('on a phone a slim bar keeps the lowest price of the stay in reach and leads to the rooms', async ({
  page,
  request,
}) => {
  // A Paris hotel whose rooms' heading just peeks in at the bottom of this screen: the bar
  // must not count the rooms as reached by that edge alone.
  await page.setViewportSize({ width: 390, height: 844 });
  const nights = await nightsWithRooms(request, '3621500', 39, [3, 4, 2, 5]);
  await page.goto(`/hotels/3621500?${stayParams(PARIS, 39, { nights }).toString()}`);
  // The room options came with the page.
  const { data } = (await handedOver(page, 'hotel', 'rooms')) as {
    data: { rooms: { rates: { price: { amount: number; currency: string } }[] }[] };
  };
  const lowest = Math.min(...data.rooms.flatMap((room) => room.rates.map((r) => r.price.amount)));
  const bar = page.getByRole('region', { name: 'Lowest price' });
  const firstRatePrice = page
    .getByRole('list', { name: /^Rates for / })
    .first()
    .getByText(/^\$[0-9,]+$/)
    .first();
  await expect(firstRatePrice).not.toBeInViewport();
  // The first screen shows a price: the bar's, the total for the stay.
  await expect(bar).toHaveText(
    new RegExp(
      `^from ${formatMoney(lowest, 'USD', 'en').replace('$', '\\$')} for ${nights} nights`,
    ),
  );
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  // It steps aside while the shopper types in a field.
  await page.getByRole('button', { name: 'Change dates or guests' }).click();
  await page.getByLabel('Check-in', { exact: true }).focus();
  await expect(bar).toBeHidden();
  await page.getByRole('button', { name: 'Cancel' }).click();
  // Back at the top (focusing the field scrolled the page): the rooms are out of sight again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeVisible();

  // "Choose a room" takes keyboard and eyes to the rooms, where the bar has nothing to add.
  await bar.getByRole('button', { name: 'Choose a room' }).click();
  const heading = page.getByRole('heading', { level: 2, name: 'Choose your room' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(bar).toBeHidden();
  // At the end of the page it covers nothing: past the rooms it stays away.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(bar).toBeHidden();
});

test('on a wide screen there is no price bar: the rooms are beside the pictures', async ({
  page,
}) => {
  await page.goto(hotelUrl(SCENARIO.priceChange, 41));
  await expect(chooseButtons(page).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lowest price' })).toHaveCount(0);
});
