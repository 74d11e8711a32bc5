// How the app server asks the app's server entry (src/entry-server.tsx, built to
// dist/ssr) for a page: the one interface between the two, which meet only at run time.
import type { Language } from './common.ts';

/** Where a page rendered by the server keeps the query cache it rendered from. */
export const PAGE_DATA_ELEMENT_ID = 'staylane-data';

export interface PageRenderRequest {
  /** Path and query of the page. */
  url: string;
  language: Language;
  /** This answer's CSP nonce, for any script React writes into the page. */
  nonce: string;
  /** The app's own API in-process, called as this shopper (their address counts for limits). */
  api: (url: URL, init: RequestInit) => Promise<Response>;
  /** How long the first screen's data may hold the page back; after it the browser fetches it. */
  dataDeadlineMs: number;
}

export interface RenderedPage {
  /** What goes inside the page's root element. */
  html: string;
  /** The query cache for the browser: JSON that is safe inside a script element. */
  data: string;
  /** Whether the first screen's data came in time to be in the page. */
  dataIncluded: boolean;
}

/** Null: not a page the server renders (the browser renders it from the shell). */
export type RenderPage = (request: PageRenderRequest) => Promise<RenderedPage | null>;
