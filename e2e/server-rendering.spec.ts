// Home, results and hotel pages come rendered by the server with their first data: they
// read without JavaScript (and home's form searches without it), the browser takes the data
// over instead of asking again (its first call on the results page is a price poll),
// hydration finds nothing to correct (the page guard fails a test on any hydration error),
// also in a time zone other than the server's, and the HTML is in the shopper's language.
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { CURRENCY_COOKIE, LANGUAGE_COOKIE, type PriceUpdate } from '../src/contract/index.ts';
import { hotelUrl, SCENARIO } from './booking-support.ts';
import { expect, guardContext, isoDate, stayDay, test, openPreferences } from './fixtures.ts';
import {
  cards,
  handedOver,
  handedOverResults,
  isAnySearchRequest,
  isPricesAnswer,
  isPricesRequest,
  isSearchRequest,
  PARIS,
  searchUrl,
} from './search-support.ts';

test('without JavaScript the results and hotel pages show their hotels, titles and rooms', async ({
  browser,
  extraHTTPHeaders,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders });
  const noScript = await context.newPage();
  await noScript.goto(searchUrl(PARIS, 45));
  await expect(noScript).toHaveTitle('Hotel results · Staylane');
  await expect(noScript.getByRole('heading', { level: 1, name: 'Hotels in Paris' })).toBeVisible();
  // The first card is the first hotel of the page it came with, in the app's order: sold-out
  // and rarely available hotels after the available ones (a hotel can sell out while the
  // search's session lives; the session's pages keep its place and mark it sold out).
  const { first } = await handedOverResults(noScript);
  const firstShown = first.hotels.find((hotel) => hotel.availability_band === 0) ?? first.hotels[0];
  const card = cards(noScript).first();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(firstShown?.hotel_name ?? '');
  await expect(card.getByRole('img').first()).toBeVisible();
  expect(await card.getAttribute('data-hotel-id')).toBe(firstShown?.hotel_id);
  await expect(noScript.locator('head meta[name=robots]')).toHaveAttribute('content', 'noindex');

  await noScript.goto(hotelUrl(SCENARIO.priceChange, 45));
  const name = noScript.getByRole('heading', { level: 1 });
  await expect(name).not.toBeEmpty();
  await expect(noScript).toHaveTitle(`${await name.innerText()} · Staylane`);
  await expect(noScript.getByRole('button', { name: /^Choose/ }).first()).toBeVisible();
  await context.close();
});

/** Where each drawn card is on the page, top and bottom, in the list's order. */
function cardBoxes(page: Page): Promise<{ top: number; bottom: number }[]> {
  return cards(page).evaluateAll((articles) =>
    articles.map((article) => {
      const box = article.getBoundingClientRect();
      return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
    }),
  );
}

function expectOneUnderAnother(boxes: { top: number; bottom: number }[]): void {
  expect(boxes.length).toBeGreaterThan(2);
  boxes.slice(1).forEach((box, at) => expect(box.top).toBeGreaterThan(boxes[at]!.bottom));
}

test('on a phone, the rendered results stand one under another, and live prices replacing the estimates move no card', async ({
  browser,
  extraHTTPHeaders,
  page,
}) => {
  const phone = { width: 412, height: 823 };
  const url = searchUrl(PARIS, 38);
  // Before any script runs (here: none), the cards are laid out by the page itself. Another
  // stay than the scripted page's: that one must start its own search session, not find
  // this one's prices already live.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: phone,
    extraHTTPHeaders,
  });
  const noScript = await context.newPage();
  await noScript.goto(searchUrl(PARIS, 39));
  expectOneUnderAnother(await cardBoxes(noScript));
  await context.close();

  await page.setViewportSize(phone);
  await page.addInitScript(() => {
    // Each shift with what moved, so a failure names the element. Only what moved in the
    // page's own content counts here: on a loaded machine the browser may paint the header
    // while still parsing it, and its links move aside as the rest of it arrives (about
    // 0.001). That is the page's load, which row 2 of the bench reads (CLS), not hydrating,
    // measuring the cards or prices landing.
    const shifts: { value: number; inContent: boolean; moved: string[] }[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: {
          node: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        // The attribution's fields are getters: read, not spread.
        const sources = (entry.sources ?? []).map(({ node, previousRect, currentRect }) => ({
          node,
          previousRect,
          currentRect,
          element: node instanceof Element ? node : node?.parentElement,
        }));
        const moved = sources.map(({ node, element, previousRect: from, currentRect: to }) => {
          const what = `${element?.tagName.toLowerCase() ?? '?'}.${element?.getAttribute('class') ?? ''} "${(node?.textContent ?? '').slice(0, 40)}"`;
          return `${what} at ${Math.round(entry.startTime)} ms: ${from.x},${from.y} ${from.width}×${from.height} → ${to.x},${to.y} ${to.width}×${to.height}`;
        });
        const inContent = sources.some(({ element }) => element?.closest('main'));
        shifts.push({ value: entry.value, inContent, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The availability every poll reported, by hotel (each answer read in order of arrival).
  const bands = new Map<string, number>();
  let polls = Promise.resolve();
  page.on('response', (response) => {
    if (!isPricesAnswer(response)) return;
    polls = polls
      .then(() => response.json())
      .then((body: unknown) => {
        const { updates } = (body as { data: { updates: PriceUpdate[] } }).data;
        for (const update of updates) bands.set(update.hotel_id, update.availability_band);
      });
  });
  await page.goto(url);
  const { first } = await handedOverResults(page);
  expect(first.hotels.some((hotel) => hotel.price.rate_type === 'estimated')).toBe(true);
  await expect(page.getByText('Prices are up to date').first()).toBeVisible();
  // The live prices are in, and they moved: a live price is rarely its estimate.
  const shown = cards(page);
  await expect(shown.getByText('Estimated price')).toHaveCount(0);
  await expect(shown.getByText(/(Down|Up) from \$/).first()).toBeAttached();
  expectOneUnderAnother(await cardBoxes(page));
  // Hydrating, measuring the cards and every price that landed: none of it moved the page
  // (a card pushed down by one line of text scores about 0.01).
  const shifts = await page.evaluate(
    () =>
      (
        window as unknown as {
          layoutShifts: { value: number; inContent: boolean; moved: string[] }[];
        }
      ).layoutShifts,
  );
  const shifted = shifts
    .filter((shift) => shift.inContent)
    .reduce((sum, shift) => sum + shift.value, 0);
  // Unless rooms went while the page refreshed (the sandbox's suppliers sell out now and
  // then): such a hotel moves after the available ones, as every sort orders them, and the
  // cards below it move up. Then it must be the one that left its place.
  await polls;
  const drawn = await cards(page).evaluateAll((articles) =>
    articles.map((article) => article.getAttribute('data-hotel-id')),
  );
  const soldOut = first.hotels
    .filter((hotel) => hotel.availability_band === 0 && (bands.get(hotel.hotel_id) ?? 0) !== 0)
    .map((hotel) => hotel.hotel_id);
  const stillAvailable = first.hotels
    .map((hotel) => hotel.hotel_id)
    .filter((id) => !soldOut.includes(id));
  expect(drawn).toEqual(stillAvailable.slice(0, drawn.length));
  if (soldOut.length === 0) {
    expect(shifted, shifts.flatMap((shift) => shift.moved).join('\n')).toBeLessThan(0.001);
  }
});

test('without JavaScript the home page searches: what was typed is found, and the results come rendered', async ({
  browser,
  extraHTTPHeaders,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders });
  const noScript = await context.newPage();
  await noScript.goto('/');
  await expect(noScript.getByRole('heading', { level: 1, name: 'Find your stay' })).toBeVisible();
  const form = noScript.getByRole('search', { name: 'Search hotels' });
  await form.getByRole('combobox', { name: 'Where are you going?' }).fill('paris');
  await form.getByLabel('Check-in', { exact: true }).fill(isoDate(stayDay(45)));
  await form.getByLabel('Check-out').fill(isoDate(stayDay(45) + 2));
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(noScript).toHaveURL(
    (url) =>
      url.pathname === '/search' &&
      url.searchParams.get('dest') === PARIS.dest &&
      url.searchParams.get('label') === PARIS.label &&
      url.searchParams.get('checkin') === isoDate(stayDay(45)) &&
      !url.searchParams.has('q'),
  );
  await expect(noScript.getByRole('heading', { level: 1, name: 'Hotels in Paris' })).toBeVisible();
  await expect(cards(noScript).first().getByRole('heading', { level: 3 })).not.toBeEmpty();
  await context.close();
});

test('in a time zone other than the server’s, pages hydrate cleanly, then show the shopper’s own day and times', async ({
  browser,
  extraHTTPHeaders,
  loadingBudgetMs,
  allowedConsoleErrors,
}) => {
  // UTC+14: most of the day a date ahead of the server, and every clock time 14 hours on.
  const context = await browser.newContext({ timezoneId: 'Pacific/Kiritimati', extraHTTPHeaders });
  const guard = await guardContext(context, { loadingBudgetMs, allowedConsoleErrors });
  const page = await context.newPage();
  const interactive = () => page.locator('html[data-interactive]').waitFor({ state: 'attached' });

  await page.goto('/');
  await interactive();
  const localWeekAhead = await page.evaluate(() => {
    const date = new Date();
    date.setDate(date.getDate() + 7);
    return date.toLocaleDateString('sv');
  });
  await expect(page.getByLabel('Check-in', { exact: true })).toHaveValue(localWeekAhead);

  // A hotel page's cancellation deadlines: in the hotel's clock and, once hydrated, the
  // shopper's own.
  await page.goto(hotelUrl(SCENARIO.priceChange, 46));
  await interactive();
  const { data } = await handedOver(page, 'hotel', 'rooms');
  const deadlines = (data as RoomsData).rooms.flatMap((room) =>
    room.rates.flatMap((rate) => rate.cancellation_timeline.map((step) => step.until)),
  );
  expect(deadlines.length, 'rates with cancellation deadlines').toBeGreaterThan(0);
  await expect(page.getByText('your time').first()).toBeVisible();
  const shown = await page.evaluate((instants) => {
    const zone = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    const text = document.body.innerText.replace(/\s/g, ' ');
    return instants.filter((iso) => text.includes(zone.format(new Date(iso)).replace(/\s/g, ' ')));
  }, deadlines);
  expect(shown.length, 'deadlines shown in the shopper’s own zone').toBeGreaterThan(0);
  guard.stop();
  expect(guard.problems()).toEqual([]);
  await context.close();
});

test('a page drawn in the shopper’s currency hydrates cleanly and keeps it', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: CURRENCY_COOKIE, value: 'EUR', url: baseURL }]);
  await page.goto(searchUrl(PARIS, 5));
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  const { first } = await handedOverResults(page);
  expect(first.hotels.length).toBeGreaterThan(0);
  await expect(
    cards(page)
      .first()
      .getByText(/^Total for/)
      .locator('xpath=preceding-sibling::p[1]/span[1]'),
  ).toHaveText(/^≈\u00a0€[\d,]+$/);
  await openPreferences(page);
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
});

interface RoomsData {
  rooms: { rates: { cancellation_timeline: { until: string }[] }[] }[];
}

test('the results page asks for no search: its first call is a price poll, and it hydrates cleanly', async ({
  page,
}) => {
  // The page's own calls: the nearby dates above the list search other stays, once on screen.
  const calls: Request[] = [];
  page.on('request', (request) => {
    const own = isSearchRequest(request) || !isAnySearchRequest(request);
    if (own && new URL(request.url()).pathname.startsWith('/api/')) calls.push(request);
  });
  const polled = page.waitForRequest(isPricesRequest);
  await page.goto(searchUrl(PARIS, 46));
  const { first } = await handedOverResults(page);
  expect(first.refresh_status).toBe('PENDING');
  await polled;
  expect(calls.filter(isSearchRequest)).toEqual([]);
  expect(isPricesRequest(calls[0]!)).toBe(true);
  // Hydrated and live: the sort works without a reload, and a new search goes out.
  const sorted = page.waitForRequest(isSearchRequest);
  await page.getByLabel('Sort by').selectOption('stars');
  expect((await sorted).postDataJSON()).toMatchObject({ sort: 'stars' });
  await expect(cards(page).first()).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('the hotel page comes with its content and rooms, and asks for neither again', async ({
  page,
}) => {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request);
  });
  await page.goto(hotelUrl(SCENARIO.priceChange, 46));
  await handedOver(page, 'hotel-content');
  await handedOver(page, 'hotel', 'rooms');
  await expect(page.getByRole('button', { name: /^Choose/ }).first()).toBeVisible();
  expect(calls.map((call) => new URL(call.url()).pathname)).toEqual([]);
});

test('a rendered page asks for its app only once the pictures of its first screen are in', async ({
  page,
}) => {
  for (const url of ['/', searchUrl(PARIS, 45), hotelUrl(SCENARIO.priceChange, 45)]) {
    await page.goto(url);
    // The browser's own clock: when each first picture arrived, when the app was asked for.
    const { pictures, appAskedAt } = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const arrived = (src: string) => entries.find((entry) => entry.name === src)?.responseEnd;
      const app = entries.find((entry) =>
        /^\/assets\/index-[\w-]{8}\.js$/.test(new URL(entry.name).pathname),
      );
      return {
        pictures: [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map(
          (img) => arrived(img.currentSrc) ?? null,
        ),
        appAskedAt: app?.startTime ?? null,
      };
    });
    expect(pictures.length, url).toBeGreaterThan(0);
    expect(appAskedAt, url).not.toBeNull();
    for (const arrivedAt of pictures) {
      expect(arrivedAt ?? Infinity, url).toBeLessThan(appAskedAt ?? 0);
    }
  }
});

test('a rendered page’s starter names every chunk its first screen runs, in its language: the app asks for none itself', async ({
  page,
  baseURL,
}) => {
  // The scripts the page has fetched when React first commits, hydration's end (through
  // the hook React reports its commits to): what the page loads after it, such as the
  // filters' code or the next likely page's, is not its first screen's.
  await page.addInitScript(() => {
    const scripts = () =>
      performance
        .getEntriesByType('resource')
        .map((resource) => new URL(resource.name).pathname)
        .filter((path) => /^\/assets\/.*\.js$/.test(path));
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        inject: () => 1,
        checkDCE: () => undefined,
        onScheduleFiberRoot: () => undefined,
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
        onCommitFiberRoot: () => {
          if (!('hydratedWith' in window)) Object.assign(window, { hydratedWith: scripts() });
        },
      },
    });
  });
  const pages = ['/', searchUrl(PARIS, 44), hotelUrl(SCENARIO.priceChange, 44)];
  // English comes with the entry; another language's messages are a chunk of their own.
  const visits = [
    ...pages.map((url) => ({ url, language: 'en' })),
    ...pages.map((url) => ({ url, language: 'fr' })),
  ];
  for (const { url, language } of visits) {
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseURL }]);
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    const { named, entry, classic, fetched } = await page.evaluate(() => {
      const starter = [...document.querySelectorAll('script[type="module"]')]
        .map((script) => script.textContent)
        .find((text) => text.startsWith('const entry='));
      const list = (name: string) =>
        JSON.parse(
          new RegExp(`${name}=([^;]*?)(?:,modules=|;)`).exec(starter ?? '')?.[1] ?? 'null',
        ) as unknown;
      return {
        named: list('modules') as string[],
        entry: list('const entry') as string,
        // The early-input script: a classic script of the head, outside the app's modules.
        classic: [...document.querySelectorAll<HTMLScriptElement>('script[src]:not([type])')].map(
          (script) => new URL(script.src).pathname,
        ),
        fetched: (window as unknown as { hydratedWith: string[] }).hydratedWith,
      };
    });
    const visit = `${url} in ${language}`;
    expect(entry, visit).toMatch(/^\/assets\/index-[\w-]{8}\.js$/);
    // Everything the page ran was named by its starter, and all it named was run.
    expect(classic, visit).toEqual([expect.stringMatching(/^\/assets\/early-input-[\w-]{8}\.js$/)]);
    expect(
      fetched.filter((path) => path !== entry && !classic.includes(path) && !named.includes(path)),
      visit,
    ).toEqual([]);
    expect(
      named.filter((path) => !fetched.includes(path)),
      visit,
    ).toEqual([]);
    // The results page hydrates with the server's verdict on its URL: the contract's checks
    // (zod and the schemas) come after, with the first call or form that needs them.
    if (url.startsWith('/search')) {
      expect(
        fetched.filter((path) => /^\/assets\/(checks|zod)-/.test(path)),
        visit,
      ).toEqual([]);
    }
  }
});

test('the HTML is in the shopper’s language from the first byte, with its own nonce and no cache', async ({
  request,
}) => {
  const url = searchUrl(PARIS, 47);
  const arabic = await request.get(url, { headers: { Cookie: `${LANGUAGE_COOKIE}=ar` } });
  const html = await arabic.text();
  expect(html).toContain('<html lang="ar" dir="rtl">');
  expect(html).toMatch(/<h1[^>]*>فنادق في Paris/);
  expect(arabic.headers()['cache-control']).toBe('no-store');

  const french = await request.get(url, { headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' } });
  expect(await french.text()).toContain('<html lang="fr" dir="ltr">');

  // Each answer allows scripts with a nonce of its own, and no inline script otherwise.
  const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];
  const nonces = [arabic, french].map((r) => nonceOf(r.headers()['content-security-policy']!));
  expect(nonces[0]).toBeTruthy();
  expect(nonces[0]).not.toBe(nonces[1]);
  const scriptSrc = /script-src [^;]*/.exec(arabic.headers()['content-security-policy']!)?.[0];
  expect(scriptSrc).toBe(`script-src 'self' 'nonce-${nonces[0]}'`);
  // The handed-over data cannot close its script element.
  const data = /<script type="application\/json" id="staylane-data">([\s\S]*?)<\/script>/.exec(
    html,
  )?.[1];
  expect(data).toBeTruthy();
  expect(data).not.toContain('<');
});
