// Prices in the shopper's currency: chosen in the header, kept in a cookie so the server
// draws the next page in it, converted at the reference rates the server serves, typed
// into the price filter in that currency, in a right-to-left language's own digits; and
// the checkout always states the exact amount charged, in the currency it is charged in.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { CURRENCY_COOKIE, LANGUAGE_COOKIE } from '../src/contract/index.ts';
import { findBookableHotel, holdFirstRateAndFill, hotelUrl } from './booking-support.ts';
import { expect, test, openPreferences } from './fixtures.ts';
import { cards, PARIS, searchUrl } from './search-support.ts';

/** USD per euro in the rates the server serves. */
async function dollarsPerEuro(request: APIRequestContext): Promise<number> {
  const answer = await request.get('/api/exchange-rates');
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as {
    data: { exchange_rates: { rates: Record<string, number> } | null };
  };
  const usd = data.exchange_rates?.rates.USD;
  if (!usd) throw new Error('the sandbox serves no rates');
  return usd;
}

/** The first card's total for the stay, as shown. */
function firstTotal(page: Page) {
  return cards(page)
    .first()
    .getByText(/^Total for/)
    .locator('xpath=preceding-sibling::p[1]/span[1]');
}

async function chooseCurrency(page: Page, baseURL: string | undefined, currency: string) {
  await page.context().addCookies([{ name: CURRENCY_COOKIE, value: currency, url: baseURL }]);
}

test('a currency chosen in the header converts every price, and the server draws the next page in it', async ({
  page,
  request,
}) => {
  const url = searchUrl(PARIS, 3);
  await page.goto(url);
  await expect(firstTotal(page)).toHaveText(/^(≈ )?\$[\d,]+$/);

  await openPreferences(page);
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  await expect(firstTotal(page)).toHaveText(/^≈\u00a0€[\d,]+$/);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The choice is a cookie: the server's HTML for the page is already in euros.
  const html = await (await page.request.get(url)).text();
  expect(html).toMatch(/≈\u00a0€[\d,]+/);
  expect(html).toContain('"exchange-rates"');

  // A price filter typed in euros goes to the API in USD.
  const usdPerEuro = await dollarsPerEuro(request);
  // On a wide screen the filters stand beside the list.
  const price = page.getByRole('group', { name: 'Total price (EUR)' });
  await price.getByLabel('Minimum').fill('100');
  await price.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]pmin=${Math.round(100 * usdPerEuro)}(&|$)`));

  // Yen: whole yen, no decimals.
  await openPreferences(page);
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('JPY');
  await expect(firstTotal(page)).toHaveText(/^≈\u00a0¥[\d,]+$/);

  // What the default order rests on is one tap from the sort.
  await page.getByRole('link', { name: 'How we rank' }).click();
  await expect(page.getByRole('heading', { name: 'How we rank hotels' })).toBeInViewport();
  await expect(page.getByText(/No hotel pays to be placed higher/)).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('in Arabic the converted prices are written as the language writes them, from the server’s first byte', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: 'ar', url: baseURL }]);
  await chooseCurrency(page, baseURL, 'EUR');
  const url = searchUrl(PARIS, 4);
  // The digits Arabic is written with here (the locale decides: Arabic-Indic or Latin),
  // and the sign after the amount, isolated from the right-to-left text around it.
  await page.goto('/about');
  const digits = await page.evaluate(() => new Intl.NumberFormat('ar').format(1_234_567_890));
  const digit = `[${[...new Set(digits.replace(/[^\p{Nd}]/gu, ''))].join('')}]`;
  const shape = new RegExp(`≈\u00a0\u200f?${digit}[${digit.slice(1, -1)},٬.]*\u00a0€`);
  const html = await (await page.request.get(url)).text();
  expect(html).toMatch(shape);
  await page.goto(url);
  await expect(page.getByRole('article').first().getByText(/€/).first()).toHaveText(shape);
});

test('the checkout states the exact amount charged, in USD, beside the shopper’s currency', async ({
  page,
  request,
  baseURL,
}) => {
  const hotelId = await findBookableHotel(request, 12);
  await chooseCurrency(page, baseURL, 'EUR');
  await holdFirstRateAndFill(page, hotelUrl(hotelId, 12));
  const summary = page.getByRole('complementary', { name: 'Your room' });
  await expect(summary.getByText(/^\$[\d,]+\.\d{2}$/).first()).toBeVisible();
  await expect(
    summary.getByText(/^≈\u00a0€[\d,]+ in your currency; your card is charged in USD\.$/),
  ).toBeVisible();
  // What is due at the property is stated with the price, before the Book button.
  const atHotel = page.getByText('To pay at the hotel', { exact: true });
  await expect(atHotel).toBeVisible();
  const book = page.getByRole('button', { name: 'Book now' });
  expect(
    await atHotel.evaluate(
      (element, button) =>
        Boolean(element.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING),
      await book.elementHandle(),
    ),
  ).toBe(true);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
