// Accessibility and languages of the search pages: axe on home and results (with the
// popups open), and Arabic right to left.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, openPreferences } from './fixtures.ts';
import { cards, lineLayouts, PARIS, searchUrl } from './search-support.ts';
import { LISBON } from './booking-support.ts';

test('axe finds no violations on the home page, with the suggestions and guests open', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('combobox', { name: 'Where are you going?' }).fill('paris');
  await expect(
    page.getByRole('listbox', { name: 'Where are you going?' }).getByRole('option').first(),
  ).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Rooms and guests/ }).click();
  await page.getByRole('button', { name: 'Add a child to room 1' }).click();
  await expect(page.getByRole('combobox', { name: 'Age of child 1' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('axe finds no violations on the results page, nor in the open search form', async ({
  page,
}) => {
  await page.goto(searchUrl(PARIS, 14, { stars: '4' }));
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Hotel', exact: true })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Update search' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('the phone filter drawer is a modal: axe finds nothing, the keyboard stays in it, Escape gives focus back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(searchUrl(PARIS, 15));
  await expect(cards(page).first()).toBeVisible();
  const opener = page.getByRole('button', { name: 'Filters', exact: true });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  // The keyboard starts on the ✕ and goes round the drawer's own controls, both ways.
  const close = dialog.getByRole('button', { name: 'Close' });
  await expect(close).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(
    dialog.getByRole('button', { name: /^(Show [\d,]+ propert(y|ies)|Done)$/ }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('Arabic flips the layout to right-to-left and localizes the results', async ({ page }) => {
  await page.goto(searchUrl(PARIS, 16));
  await expect(cards(page).first()).toBeVisible();
  await openPreferences(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'فنادق في Paris' })).toBeVisible();
  const card = page.getByRole('list', { name: 'الفنادق' }).getByRole('article').first();
  await expect(card).toBeVisible();
  // The photo starts the card: on the right in Arabic.
  const image = await card.locator('img').boundingBox();
  const name = await card.getByRole('heading').boundingBox();
  expect(image && name && image.x > name.x).toBe(true);
  // Money and dates through Intl in Arabic.
  await expect(card.getByText(/US\$|‏US\$|دولار|\$/).first()).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('in Arabic on a phone, a Latin address too long for its card is cut at its end, not its start', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(searchUrl(LISBON, 17));
  await openPreferences(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  const list = page.getByRole('list', { name: 'الفنادق' });
  await expect(list.getByRole('article').first()).toBeVisible();
  // Each card's address line (street, number, then the city): where its first letter is
  // drawn, against the line's own box and the rest of its text.
  const addresses = list.locator('article p').filter({ hasText: /, Lisbon$/ });
  await expect(addresses.first()).toBeVisible();
  const lines = await lineLayouts(addresses);
  expect(lines.some((line) => line.cut)).toBe(true);
  for (const { box, first, text } of lines) {
    // The first letter is inside the line's box, and nothing is drawn left of it.
    expect(first.left).toBeGreaterThanOrEqual(box.left - 0.5);
    expect(first.right).toBeLessThanOrEqual(box.right + 0.5);
    expect(first.left).toBeLessThanOrEqual(text.left + 0.5);
    // Lined up on the page's side, as the card's other lines are.
    expect(Math.abs(Math.min(text.right, box.right) - box.right)).toBeLessThanOrEqual(0.5);
  }
});

test("in Arabic, a hotel's address that starts with its number reads from its number", async ({
  page,
}) => {
  await page.goto(searchUrl(PARIS, 18));
  await openPreferences(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  const card = page.getByRole('list', { name: 'الفنادق' }).getByRole('article').first();
  await card.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Paris addresses start with the street number ("82 Boulevard Foch, Paris, France").
  const addresses = page.locator('main p').filter({ hasText: /^\d+ .*, Paris, / });
  await expect(addresses.first()).toBeVisible();
  const lines = await lineLayouts(addresses);
  // The number is the leftmost thing drawn, not moved to the end of a right-to-left line.
  expect(lines.length).toBeGreaterThan(0);
  for (const { first, text } of lines) expect(first.left - text.left).toBeLessThanOrEqual(0.5);
});
