// A search URL checked against the contract's own search-request schema, so a page refuses
// exactly what the API would refuse, before any request is sent. Apart from the URL's
// reader and writer (search-url.ts): the schema and the library that runs it are not part
// of the script the results page hydrates with, which takes the server's verdict on its
// own URL (features/search/results/search-verdict.ts).
import { createSearchRequestSchema } from '../contract/search.ts';
import { issuesToDetails, systemNow, type ErrorDetail, type Now } from '../contract/index.ts';
import {
  parseRooms,
  readSearchDraft,
  SEARCH_PARAMS,
  toSearchRequest,
  type ParsedSearch,
} from './search-url.ts';

/** A search URL read (search-url.ts) and checked: the search, or its draft and issues. */
export function parseSearchUrl(
  search: URLSearchParams | string,
  now: Now = systemNow,
): ParsedSearch {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const draft = readSearchDraft(params);
  const issues: ErrorDetail[] = [];
  const rawRooms = params.get(SEARCH_PARAMS.rooms);
  if (rawRooms !== null && parseRooms(rawRooms) === null) {
    issues.push({ field: 'rooms', message: 'is not a list of rooms' });
  }
  const destination = draft.destination ?? { type: 'city', id: 0 };
  if (draft.destination === null) {
    issues.push({ field: 'destination', message: 'is required' });
  }
  const result = searchRequestSchema(now).safeParse(toSearchRequest({ ...draft, destination }));
  if (!result.success) {
    const details = issuesToDetails(result.error.issues).filter(
      (detail) => !(draft.destination === null && detail.field.startsWith('destination')),
    );
    issues.push(...details);
  }
  if (issues.length > 0) return { ok: false, draft, issues };
  return { ok: true, input: { ...draft, destination } };
}

let cachedSchema: { now: Now; schema: ReturnType<typeof createSearchRequestSchema> } | null = null;
function searchRequestSchema(now: Now) {
  if (cachedSchema?.now !== now) cachedSchema = { now, schema: createSearchRequestSchema(now) };
  return cachedSchema.schema;
}
