// The results list with 1,000 hotels loaded, in the real browser: how many hotel rows
// (and elements in all) the page keeps in the DOM. The list is window-virtualized, so
// only the rows near the viewport should be there, however many pages are loaded.
// Pages are loaded as a shopper loads them: scrolling to the end, 20 hotels at a time.
import {
  findCity,
  launchBrowser,
  loadHotelsByScrolling,
  searchPath,
  sleep,
} from './support/browser.ts';

export interface LoadedListDom {
  city: string;
  loadedHotels: number;
  pages: number;
  /** Hotel rows in the DOM: at the end of the list, and after scrolling back to the top. */
  rowsAtEnd: number;
  rowsAtTop: number;
  /** Every element of the document, at the end of the list. */
  elementsAtEnd: number;
  loadSeconds: number;
}

const COUNT = `({
  rows: document.querySelectorAll('[role="listitem"]').length,
  elements: document.getElementsByTagName('*').length,
})`;

export async function measureLoadedList(base: string, target = 1000): Promise<LoadedListDom> {
  // The largest city of the committed geography: enough hotels for 1,000 loaded.
  const city = await findCity(base, 'istanbul');
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const started = Date.now();
    const { loaded, pages } = await loadHotelsByScrolling(
      page,
      `${base}${searchPath(city, 200)}`,
      target,
    );
    const loadSeconds = (Date.now() - started) / 1000;
    await sleep(1000);
    const atEnd = await page.evaluate<{ rows: number; elements: number }>(COUNT);
    await page.evaluate('window.scrollTo(0, 0)');
    await sleep(1000);
    const atTop = await page.evaluate<{ rows: number; elements: number }>(COUNT);
    await context.close();
    return {
      city: city.label,
      loadedHotels: loaded,
      pages,
      rowsAtEnd: atEnd.rows,
      rowsAtTop: atTop.rows,
      elementsAtEnd: atEnd.elements,
      loadSeconds: Math.round(loadSeconds * 10) / 10,
    };
  } finally {
    await browser.close();
  }
}
