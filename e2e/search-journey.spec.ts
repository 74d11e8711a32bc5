// The shopper's way in: from the home page to results, by mouse, by keyboard alone,
// and on a 390 px phone.
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cards, isSearchRequest } from './search-support.ts';

async function tabUntil(page: Page, isTarget: () => Promise<boolean>, maxTabs = 25) {
  for (let tab = 0; tab < maxTabs; tab++) {
    if (await isTarget()) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`focus never reached the target in ${maxTabs} tabs`);
}

const focused = (page: Page, role: 'button' | 'link' | 'combobox', name: string | RegExp) => () =>
  page
    .getByRole(role, { name })
    .first()
    .evaluate((element) => element === document.activeElement)
    .catch(() => false);

test('searching a city from the home page shows its hotels, with every input in the URL', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Where are you going?' }).fill('paris');
  await page.getByRole('option', { name: /Paris, Île-de-France, France/ }).click();
  await page.getByRole('button', { name: /Rooms and guests/ }).click();
  await page.getByRole('button', { name: 'Add a child to room 1' }).click();
  await page.getByRole('combobox', { name: 'Age of child 1' }).selectOption('8');
  await page.getByRole('button', { name: 'Done' }).click();
  const searched = page.waitForRequest(isSearchRequest);
  // First pages of the list asked for (no cursor): the one the submit starts is the one the
  // page shows.
  const firstPages: Request[] = [];
  page.on('request', (request) => {
    if (isSearchRequest(request) && !('cursor' in (request.postDataJSON() as object))) {
      firstPages.push(request);
    }
  });
  await page.getByRole('button', { name: 'Search' }).click();

  await expect(page).toHaveURL(/\/search\?dest=city:2988507&label=Paris/);
  const url = new URL(page.url());
  expect(url.searchParams.get('rooms')).toBe('2:8');
  expect(url.searchParams.get('nat')).toBe('IN');
  expect(url.searchParams.get('checkin')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const body = (await searched).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    destination: { type: 'city', id: 2988507 },
    rooms: [{ adults: 2, child_ages: [8] }],
    nationality: 'IN',
    check_in: url.searchParams.get('checkin'),
    check_out: url.searchParams.get('checkout'),
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Hotels in Paris' })).toBeVisible();
  await expect(page.getByText(/^[\d,]+ properties found$/).first()).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByText('2 adults · 1 child · 1 room').first()).toBeVisible();
  expect(firstPages).toHaveLength(1);
  // The list's code (a chunk of its own) was asked for before the first page was in, not
  // after it: the cards did not wait one more round trip for their code.
  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const list = entries.find((entry) => /\/assets\/results-list-[\w-]+\.js$/.test(entry.name));
    const search = entries.find((entry) => new URL(entry.name).pathname === '/api/hotels/search');
    return { listAsked: list?.startTime, searchAnswered: search?.responseEnd };
  });
  expect(timing.listAsked).toBeLessThan(timing.searchAnswered ?? 0);
});

test('the whole flow works with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await tabUntil(page, focused(page, 'combobox', 'Where are you going?'));
  await page.keyboard.type('paris');
  await expect(page.getByRole('option', { name: /Paris, Île-de-France/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Where are you going?' })).toHaveValue(
    'Paris, Île-de-France, France',
  );

  // Rooms and guests: open, add an adult, close with Escape back onto the button.
  await tabUntil(page, focused(page, 'button', /Rooms and guests/));
  await page.keyboard.press('Enter');
  await tabUntil(page, focused(page, 'button', 'Add an adult to room 1'));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  const guests = page.getByRole('button', { name: /Rooms and guests 3 adults · 1 room/ });
  await expect(guests).toBeFocused();

  await tabUntil(page, focused(page, 'button', 'Search'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?dest=city:2988507&.*rooms=3/);
  // Focus lands on the results heading; past the sort (and How we rank) and the seven
  // nearby dates, a link skips the filters (however many the destination has), and the
  // first hotel is then a Tab or few away.
  await expect(page.getByRole('heading', { level: 1, name: 'Hotels in Paris' })).toBeFocused();
  await expect(cards(page).first()).toBeVisible();
  await tabUntil(page, focused(page, 'link', 'Skip the filters to the results'), 14);
  await page.keyboard.press('Enter');
  const firstHotel = cards(page).first().getByRole('link');
  const name = await firstHotel.innerText();
  await tabUntil(page, focused(page, 'link', name), 6);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/hotels\/\d+\?dest=city:2988507&.*rooms=3/);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('search, results, and filters in a drawer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Where are you going?' }).fill('paris');
    await page.getByRole('option', { name: /Paris, Île-de-France, France/ }).click();
    // The guests panel opens in the flow on a phone; one tap on Search still searches.
    await page.getByRole('button', { name: /Rooms and guests/ }).click();
    await page.getByRole('button', { name: 'Add an adult to room 1' }).click();
    await page.getByRole('button', { name: 'Search' }).tap();
    await expect(page).toHaveURL(/\/search\?.*rooms=3/);
    await expect(cards(page).first()).toBeVisible();

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('checkbox', { name: '5 stars' }).check();
    await expect(page).toHaveURL(/stars=5/);
    await drawer.getByRole('button', { name: /^Show [\d,]+ propert/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter: 5 stars' })).toBeVisible();
    await expect(cards(page).first().getByRole('img', { name: '5 stars' })).toBeVisible();

    // Nothing sticks out sideways on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('dates can be picked on the range calendar, its code fetched once the page is up', async ({
  page,
}) => {
  const calendarChunk = page.waitForRequest((request) =>
    /date-range-calendar-[\w-]+\.js$/.test(request.url()),
  );
  await page.goto('/');
  await page.getByRole('button', { name: 'Choose on a calendar' }).click();
  await calendarChunk;
  const dialog = page.getByRole('dialog', { name: 'Choose your dates' });
  await expect(dialog).toBeVisible();
  const day = (offset: number) => {
    const date = new Date();
    date.setDate(date.getDate() + offset);
    const month = date.toLocaleDateString('en-US', { month: 'long' });
    return {
      name: new RegExp(`${month} ${date.getDate()}(st|nd|rd|th), ${date.getFullYear()}`),
      iso: `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`,
    };
  };
  const checkIn = day(20);
  const checkOut = day(23);
  await dialog.getByRole('button', { name: checkIn.name }).click();
  await dialog.getByRole('button', { name: checkOut.name }).click();
  await expect(dialog.getByText(/, 3 nights$/)).toBeVisible();
  expect((await new AxeBuilder({ page }).include('dialog').analyze()).violations).toEqual([]);
  await dialog.getByRole('button', { name: 'Use these dates' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Check-in', { exact: true })).toHaveValue(checkIn.iso);
  await expect(page.getByLabel('Check-out')).toHaveValue(checkOut.iso);
  await expect(page.getByText('3 nights')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose on a calendar' })).toBeFocused();
});

test('a search run from the home page is offered again there, in one tap, until cleared', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Where are you going?' }).fill('lisbon');
  await page
    .getByRole('option', { name: /Lisbon, .*Portugal/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(cards(page).first()).toBeVisible();
  const searched = new URL(page.url());

  await page.getByRole('link', { name: 'Staylane' }).click();
  const recent = page.getByRole('region', { name: 'Your recent searches' });
  const again = recent.getByRole('link', { name: /Lisbon/ });
  await expect(again).toContainText('2 adults · 1 room');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  await again.click();
  await expect(cards(page).first()).toBeVisible();
  const rerun = new URL(page.url());
  for (const name of ['dest', 'checkin', 'checkout', 'rooms', 'nat']) {
    expect(rerun.searchParams.get(name)).toBe(searched.searchParams.get(name));
  }

  await page.getByRole('link', { name: 'Staylane' }).click();
  await recent.getByRole('button', { name: 'Clear' }).click();
  await expect(recent).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(recent).toHaveCount(0);
});

test('the home page offers popular destinations with pictures; one tap shows their hotels', async ({
  page,
}) => {
  await page.goto('/');
  const popular = page.getByRole('region', { name: 'Popular destinations' });
  const first = popular.getByRole('link').first();
  await expect(first).toBeVisible();
  // The picture is served by this site and loads.
  const picture = first.locator('img');
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  const city = (await first.innerText()).split('\n')[0] ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(city);
  await expect(cards(page).first()).toBeVisible();
  const url = new URL(page.url());
  expect(url.searchParams.get('dest')).toMatch(/^city:\d+$/);
});
