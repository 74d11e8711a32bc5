// Saved hotels: a heart on a card and on a hotel page keeps the hotel with its stay in this
// browser; the list survives a reload, the Saved page prices it again with one search for
// the saved hotels, and the home page shows it.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import {
  PARIS,
  cards,
  handedOverResults,
  pricesCompleted,
  searchAnswered,
  searchData,
  searchUrl,
} from './search-support.ts';

test('hotels saved from the results and a hotel page survive a reload and are priced again on the Saved page', async ({
  page,
}) => {
  // The sandbox lets rooms go while a shopper looks, as suppliers do: a card drawn with an
  // estimate may turn sold out once the suppliers answer. Saved are two hotels the page
  // shows at a live price once every supplier has answered, each held by its id.
  const complete = pricesCompleted(page);
  await page.goto(searchUrl(PARIS, 42));
  expect((await handedOverResults(page)).first.refresh_status).toBe('PENDING');
  await complete;
  await expect(page.getByText('Prices are up to date').first()).toBeVisible();
  const live = cards(page).filter({ has: page.getByText('Live price', { exact: true }) });
  const [firstId, secondId] = await Promise.all(
    [0, 1].map((nth) => live.nth(nth).getAttribute('data-hotel-id')),
  );
  const first = page.locator(`article[data-hotel-id="${firstId}"]`);
  const second = page.locator(`article[data-hotel-id="${secondId}"]`);
  const firstName = await first.getByRole('heading', { level: 3 }).innerText();
  const secondName = await second.getByRole('heading', { level: 3 }).innerText();

  const firstHeart = first.getByRole('button', { name: `Save ${firstName}` });
  await expect(firstHeart).toHaveAttribute('aria-pressed', 'false');
  await firstHeart.click();
  await expect(firstHeart).toHaveAttribute('aria-pressed', 'true');

  // The second one from its own page.
  await second.getByRole('link', { name: secondName }).click();
  await expect(page.getByRole('heading', { level: 1, name: secondName })).toBeVisible();
  const pageHeart = page.getByRole('button', { name: `Save ${secondName}` });
  await pageHeart.click();
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');

  // Kept by the browser, not by the page.
  await page.reload();
  await expect(page.getByRole('button', { name: `Save ${secondName}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const priced = searchAnswered(
    page,
    (body) => Array.isArray(body.hotel_ids) && body.hotel_ids.length === 2,
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved hotels' })).toBeVisible();
  const answer = await priced;
  const asked = answer.request().postDataJSON() as { check_in: string; hotel_ids: number[] };
  expect(asked.check_in).toBe(
    new URL(searchUrl(PARIS, 42), 'http://x').searchParams.get('checkin'),
  );

  // Both under one stay, each with a price for it: the suppliers' quotes the results page
  // showed are still fresh, so the Saved page's search answers with them at once.
  const answered = await searchData(answer);
  expect(
    answered.hotels.map(({ hotel_id, availability_band, price }) => [
      hotel_id,
      availability_band,
      price.rate_type,
    ]),
  ).toEqual(
    expect.arrayContaining([
      [firstId, 0, 'live'],
      [secondId, 0, 'live'],
    ]),
  );
  const stay = page.getByRole('region', { name: /^Paris/ });
  await expect(stay.getByRole('article')).toHaveCount(2);
  for (const name of [firstName, secondName]) {
    const card = stay.getByRole('article', { name });
    await expect(card.getByText(/^Total for 2 nights/)).toBeVisible();
  }
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  // Removed with its heart: gone now and after a reload.
  await stay.getByRole('button', { name: `Save ${firstName}` }).click();
  await expect(stay.getByRole('article')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('region', { name: /^Paris/ }).getByRole('article')).toHaveCount(1);

  // The home page shows what is saved, below the form.
  await page.getByRole('link', { name: 'Staylane' }).click();
  const home = page.getByRole('region', { name: 'Your saved hotels' });
  await expect(home.getByRole('link', { name: new RegExp(secondName) })).toBeVisible();
  await expect(home.getByRole('link', { name: 'See all saved (1)' })).toBeVisible();
});
