// The search form's plain submit (before its script runs, or without it): the server
// resolves what was typed into a search and sends the browser on to its URL.
import { AUTOCOMPLETE_LIMITS, type DestinationRef } from '../contract/index.ts';
import { readSearchDraft, SEARCH_PARAMS, type SearchDraft } from './search-url.ts';
import { suggestedStay } from './stay.ts';

/**
 * A search as the search form sends it without its script: a GET of the results page with
 * what was typed in `q`. Null when the URL is not one. Otherwise the search to send the
 * browser on to: the chosen destination while the text is still its label, else the first
 * place `find` matches for the text (none: the text stays as the label, for the form to
 * show with its error); no dates, the suggested stay.
 */
export async function resolveFormSubmission(
  params: URLSearchParams,
  today: string,
  find: (text: string) => Promise<{ ref: DestinationRef; label: string } | null>,
): Promise<SearchDraft | null> {
  const typed = params.get(SEARCH_PARAMS.typed);
  if (typed === null) return null;
  const draft = readSearchDraft(params);
  const text = typed.trim();
  const kept = draft.destination !== null && text === draft.label;
  const found = kept || text.length < AUTOCOMPLETE_LIMITS.minQuery ? null : await find(text);
  const place = kept ? {} : { destination: found?.ref ?? null, label: found?.label ?? text };
  const stay = draft.checkIn === '' && draft.checkOut === '' ? suggestedStay(today) : {};
  return { ...draft, ...place, ...stay };
}
