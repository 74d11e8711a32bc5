// How the app server asks the app's server entry (src/entry-server.tsx, built to
// dist/ssr) for a page: the one interface between the two, which meet only at run time.
import type { Language } from './common.ts';
import type { CurrencyPreference } from './currency.ts';

/** Where a page rendered by the server keeps the query cache it rendered from. */
export const PAGE_DATA_ELEMENT_ID = 'staylane-data';

/**
 * Where the built shell lists the chunks a rendered page runs before hydrating beyond the
 * entry's own, each after the chunks it imports: `{ "screens": { "home": ["/assets/…js"] },
 * "languages": { "fr": [...] } }`. The server's starter asks for them with the entry's, and
 * the server takes the list out of every page it sends.
 */
export const FIRST_SCREEN_CHUNKS_ELEMENT_ID = 'staylane-first-screen-chunks';

/** JSON inside a script element: nothing in it can close the element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface PageRenderRequest {
  /** Path and query of the page. */
  url: string;
  language: Language;
  /** The shopper's currency cookie and languages: the page's prices are drawn in it. */
  currency: CurrencyPreference;
  /** This answer's CSP nonce, for any script React writes into the page. */
  nonce: string;
  /** The app's own API in-process, called as this shopper (their address counts for limits). */
  api: (url: URL, init: RequestInit) => Promise<Response>;
  /** How long the first screen's data may hold the page back; after it the browser fetches it. */
  dataDeadlineMs: number;
  /**
   * The server is too busy to draw pages: only a search form's plain submit is answered
   * (its redirect, one autocomplete call); anything else is null, and the plain shell goes.
   */
  redirectOnly?: boolean;
}

/**
 * Attributes of the root element of a rendered page: the day and time zone it was drawn
 * for, which the browser draws with while it hydrates (both renders must agree).
 */
export const PAGE_CLOCK_ATTRIBUTES = { day: 'data-page-day', timeZone: 'data-page-zone' } as const;

export interface RenderedPage {
  /** Which first screen it is (a key of src/app/first-screen-modules.ts): the code it runs. */
  screen: string;
  /** What goes inside the page's root element. */
  html: string;
  /** The day (YYYY-MM-DD) and IANA time zone the page was drawn for. */
  clock: { day: string; timeZone: string };
  /** The query cache for the browser: JSON that is safe inside a script element. */
  data: string;
  /** Whether the first screen's data came in time to be in the page. */
  dataIncluded: boolean;
}

/**
 * A search sent by the search form without its script (a submit before the page is
 * interactive, or with JavaScript off): the server resolves what was typed and sends the
 * browser on to the search's own URL (a path and query on this origin).
 */
export interface PageRedirect {
  redirect: string;
}

/** Null: not a page the server renders (the browser renders it from the shell). */
export type RenderPage = (
  request: PageRenderRequest,
) => Promise<RenderedPage | PageRedirect | null>;
