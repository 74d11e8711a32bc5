// Helpers shared by the search specs: search URLs with dates relative to the
// traveller's today (every spec uses its own stay, so each gets a fresh search
// session from the sandbox), and readers for what a card shows.
import type { Locator, Page, Request, Response } from '@playwright/test';
import { isoDate, stayDay } from './fixtures.ts';

export const PARIS = { dest: 'city:2988507', label: 'Paris, Île-de-France, France' };
export const BALI = { dest: 'place:90203', label: 'Bali, Indonesia' };

export interface StayInputs {
  nights?: number;
  rooms?: string;
  nat?: string;
}

/** The search inputs of a stay as the app's URLs carry them; `slot` picks the stay (see stayDay). */
export function stayParams(
  destination: { dest: string; label: string },
  slot: number,
  { nights = 2, rooms = '2', nat = 'IN' }: StayInputs = {},
): URLSearchParams {
  const day = stayDay(slot);
  return new URLSearchParams({
    dest: destination.dest,
    label: destination.label,
    checkin: isoDate(day),
    checkout: isoDate(day + nights),
    rooms,
    nat,
  });
}

/** A results URL; `slot` picks the stay (see stayDay), so specs never share a session. */
export function searchUrl(
  destination: { dest: string; label: string },
  slot: number,
  extra: Record<string, string> = {},
): string {
  const params = stayParams(destination, slot);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return `/search?${params.toString()}`;
}

/** A search the server answered (the app retries a 429 or 5xx by itself; wait for that). */
export function isSearchAnswer(response: Response): boolean {
  return response.ok() && isSearchRequest(response.request());
}

/** The next search the server answers whose request body passes `test`. */
export function searchAnswered(
  page: Page,
  test: (body: Record<string, unknown>) => boolean,
): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      isSearchAnswer(response) &&
      test(response.request().postDataJSON() as Record<string, unknown>),
  );
}

/** Any hotel search, the list's or a nearby date's. */
export function isAnySearchRequest(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/hotels/search';
}

/**
 * A search for the list of hotels. The nearby dates' searches, which ask for a few `fields`
 * only, are not: a page showing them makes several beside the list's.
 */
export function isSearchRequest(request: Request): boolean {
  if (!isAnySearchRequest(request)) return false;
  const body = request.postDataJSON() as Record<string, unknown> | null;
  return !body || !('fields' in body);
}

export function isPricesRequest(request: Request): boolean {
  return /^\/api\/hotels\/search\/[^/]+\/prices$/.test(new URL(request.url()).pathname);
}

export interface SearchPage {
  refresh_status: string;
  search_id: string;
  next_cursor: string | null;
  total_results: number;
  hotels: {
    hotel_id: string;
    hotel_name: string;
    city: string;
    latitude?: number | null;
    longitude?: number | null;
    availability_band: number;
    price: {
      amount: number;
      rate_type?: string;
      is_refundable?: boolean | null;
      free_cancellation_until?: string | null;
    };
  }[];
  similar_hotels?: { hotel_id: string }[];
}

interface HandedOver {
  queries: { queryKey: unknown[]; state: { data?: unknown } }[];
}

/**
 * What a page rendered by the server came with (its handed-over query cache): the data and
 * key of the first query whose key starts with `keyStart`. The browser asks for neither.
 */
export async function handedOver(
  page: Page,
  ...keyStart: string[]
): Promise<{ data: unknown; queryKey: unknown[] }> {
  const json = await page.locator('#staylane-data').textContent();
  const state = JSON.parse(json ?? '{}') as HandedOver;
  const query = state.queries.find(({ queryKey }) =>
    keyStart.every((part, at) => queryKey[at] === part),
  );
  if (!query?.state.data) throw new Error(`the page came without ${keyStart.join(' ')}`);
  return { data: query.state.data, queryKey: query.queryKey };
}

/** The first page of results a results page came with, and the search the server made. */
export async function handedOverResults(
  page: Page,
): Promise<{ first: SearchPage; request: Record<string, unknown> }> {
  const { data, queryKey } = await handedOver(page, 'search', 'results');
  const first = (data as { pages: SearchPage[] }).pages[0];
  if (!first) throw new Error('the page came without its first results');
  const { request } = queryKey[2] as { request: Record<string, unknown> };
  return { first, request };
}

/** A request body of a further page, without what only paging adds (cursor, limit). */
export function searchInputsOf(body: Record<string, unknown>): Record<string, unknown> {
  const { cursor: _cursor, limit: _limit, ...inputs } = body;
  return inputs;
}

export async function searchData(response: Response): Promise<SearchPage> {
  return ((await response.json()) as { data: SearchPage }).data;
}

export function isPricesAnswer(response: Response): boolean {
  return response.ok() && isPricesRequest(response.request());
}

export async function pricesStatus(response: Response): Promise<string> {
  return ((await response.json()) as { data: { refresh_status: string } }).data.refresh_status;
}

/** The next price poll the server answers with every supplier in (COMPLETE). */
export function pricesCompleted(page: Page): Promise<Response> {
  return page.waitForResponse(
    async (response) => isPricesAnswer(response) && (await pricesStatus(response)) === 'COMPLETE',
  );
}

/** The hotel cards on screen, in order. */
export function cards(page: Page): Locator {
  return page.getByRole('list', { name: 'Hotels' }).getByRole('article');
}

/**
 * The totals the cards show, in list order and whole dollars ("$1,234" or "≈ $1,234"; null
 * for a card without one), read in one go: a price poll may re-order the list between two
 * reads of one card each.
 */
export function shownTotals(page: Page): Promise<(number | null)[]> {
  return cards(page).evaluateAll((articles) =>
    articles.map((article) => {
      const label = [...article.querySelectorAll('p')].find((p) =>
        p.textContent.startsWith('Total for'),
      );
      const shown = label?.previousElementSibling;
      const match = /\$([\d,]+)/.exec(shown instanceof HTMLElement ? shown.innerText : '');
      return match ? Number(match[1]!.replace(/,/g, '')) : null;
    }),
  );
}

/** Makes the page believe it is hidden or visible, as a tab switch would. */
/** The page's next load starts hidden, as a tab opened in the background (setPageVisibility shows it). */
export async function openHidden(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
  });
}

export async function setPageVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => visibility,
    });
    Object.defineProperty(document, 'hidden', {
      configurable: true,
      get: () => visibility === 'hidden',
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/** Horizontal extent of something drawn, in CSS pixels. */
export interface Span {
  left: number;
  right: number;
}

/**
 * How each one-text line is laid out, for checks of text direction: the line's own box, its
 * first letter and its whole text, and whether the text overflows the box.
 */
export async function lineLayouts(
  lines: Locator,
): Promise<{ box: Span; first: Span; text: Span; cut: boolean }[]> {
  return lines.evaluateAll((elements) =>
    elements.map((element) => {
      const span = ({ left, right }: DOMRect): Span => ({ left, right });
      const range = document.createRange();
      range.setStart(element.firstChild!, 0);
      range.setEnd(element.firstChild!, 1);
      const first = span(range.getBoundingClientRect());
      range.selectNodeContents(element);
      return {
        box: span(element.getBoundingClientRect()),
        first,
        text: span(range.getBoundingClientRect()),
        cut: element.scrollWidth > element.clientWidth,
      };
    }),
  );
}
