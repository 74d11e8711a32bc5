// The search form: destination, dates, rooms and guests, nationality. Submitting puts
// every input in the URL (/search?...), the one source of truth of a search. Problems
// are shown at the field, found either here on submit or by the server (mapped back by
// field name), and focus goes to the first one.
import { useQueryClient } from '@tanstack/react-query';
import { useReducer, useRef, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ErrorDetail } from '../../../contract/index.ts';
import { localToday } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import {
  destinationParam,
  SEARCH_PAGE_PATH,
  SEARCH_PARAMS,
  searchPath,
  serializeRooms,
  type SearchDraft,
  type SearchInput,
} from '../../../stay/search-url.ts';
import { parseSearchUrl } from '../../../stay/search-check.ts';
import { NO_FILTERS } from '../../../stay/filters.ts';
import { fromRoomDrafts, toRoomDrafts } from '../../../stay/guests.ts';
import {
  focusStayField,
  STAY_FIELD_MESSAGE,
  STAY_FIELD_ORDER,
  stayFieldOfIssue,
  stayOfValues,
  stayValuesOf,
  useStayFieldRefs,
  validateStay,
  type StayField,
  type StayValues,
} from '../../../stay/fields/stay-rules.ts';
import { StayFields } from '../../../stay/fields/stay-fields.tsx';
import type { StayDates } from '../../../stay/fields/date-range-field.tsx';
import type { RoomDraft } from '../../../stay/guests.ts';
import { DestinationField, type ChosenDestination } from './destination-field.tsx';
import { prefetchResultsPage, resultsPageQueries } from '../first-data.ts';
import {
  useNationalityChosen,
  useSearchSubmitted,
  type RecentSearch,
} from './search-preferences.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useLocalToday } from '../../../lib/use-hydrated.ts';

export type FormField = 'destination' | StayField;
/**
 * How long a submit waits for its search's answer before the results page shows without
 * it: the sandbox answers well within it, and a wait this short is not felt as one.
 */
const ANSWER_WAIT_MS = 120;

const FIELD_ORDER: readonly FormField[] = ['destination', ...STAY_FIELD_ORDER];

interface FormState {
  destinationText: string;
  destination: ChosenDestination | null;
  stay: StayValues;
  /** After the first submit, problems are shown live as the shopper fixes them. */
  submitted: boolean;
  /** Fields edited since the server's verdict: its problems there no longer apply. */
  edited: readonly FormField[];
}

type FormAction =
  | { type: 'destinationTyped'; text: string }
  | { type: 'destinationChosen'; destination: ChosenDestination; recent: RecentSearch | null }
  | { type: 'datesChanged'; dates: StayDates }
  | { type: 'roomsChanged'; rooms: RoomDraft[] }
  | { type: 'nationalityChosen'; code: string }
  | { type: 'submitted' };

function edited(state: FormState, ...fields: FormField[]): readonly FormField[] {
  return [...new Set([...state.edited, ...fields])];
}

function reducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'destinationTyped':
      return {
        ...state,
        destinationText: action.text,
        destination: null,
        edited: edited(state, 'destination'),
      };
    case 'destinationChosen': {
      const next: FormState = {
        ...state,
        destinationText: action.destination.label,
        destination: action.destination,
        edited: edited(state, 'destination'),
      };
      // A recent search brings its dates and guests back when they are still bookable.
      const recent = action.recent ? parseSearchUrl(action.recent.query) : null;
      if (recent?.ok && recent.input.checkIn >= localToday()) {
        next.stay = {
          ...state.stay,
          dates: { checkIn: recent.input.checkIn, checkOut: recent.input.checkOut },
          rooms: toRoomDrafts(recent.input.rooms),
        };
        next.edited = edited(next, 'checkIn', 'checkOut', 'rooms');
      }
      return next;
    }
    case 'datesChanged':
      return {
        ...state,
        stay: { ...state.stay, dates: action.dates },
        edited: edited(state, 'checkIn', 'checkOut'),
      };
    case 'roomsChanged':
      return {
        ...state,
        stay: { ...state.stay, rooms: action.rooms },
        edited: edited(state, 'rooms'),
      };
    case 'nationalityChosen':
      return {
        ...state,
        stay: { ...state.stay, nationality: action.code },
        edited: edited(state, 'nationality'),
      };
    case 'submitted':
      return { ...state, submitted: true };
  }
}

/** The form's own checks: a destination chosen, and the stay's (stay-fields.tsx). */
export function validateSearchForm(
  state: Pick<FormState, 'destination' | 'stay'>,
  today: string,
): FormField[] {
  const problems: FormField[] = validateStay(state.stay, today);
  return state.destination ? problems : ['destination', ...problems];
}

/** Server problems, named as API fields, on the form field they belong to. */
export function fieldOfIssue(issue: ErrorDetail): FormField | null {
  return issue.field.startsWith('destination') ? 'destination' : stayFieldOfIssue(issue);
}

function initialState(
  draft: SearchDraft,
  rememberedNationality: string | null,
  today: string,
): FormState {
  return {
    destinationText: draft.label,
    destination: draft.destination ? { ref: draft.destination, label: draft.label } : null,
    stay: stayValuesOf(draft, today, rememberedNationality),
    submitted: false,
    edited: [],
  };
}

export function SearchForm({
  draft,
  serverIssues = [],
  rememberedNationality = null,
  submitLabel,
  onSubmitted,
}: {
  draft: SearchDraft;
  serverIssues?: readonly ErrorDetail[];
  rememberedNationality?: string | null;
  submitLabel?: string;
  onSubmitted?: () => void;
}) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const searchSubmitted = useSearchSubmitted();
  const nationalityChosen = useNationalityChosen();
  // The shopper's own today (the page's while it hydrates: both renders must agree).
  const today = useLocalToday();
  const [state, dispatch] = useReducer(reducer, null, () =>
    initialState(draft, rememberedNationality, today),
  );
  const submits = useRef(0);
  const destinationRef = useRef<HTMLInputElement>(null);
  const stayRefs = useStayFieldRefs();

  const problems: ReadonlySet<FormField> = new Set(
    state.submitted
      ? validateSearchForm(state, today)
      : serverIssues
          .map(fieldOfIssue)
          .filter((field): field is FormField => field !== null && !state.edited.includes(field)),
  );
  const errorOf = (field: FormField) =>
    !problems.has(field)
      ? null
      : t(field === 'destination' ? 'search.error.destination' : STAY_FIELD_MESSAGE[field]);

  function focusField(field: FormField) {
    if (field === 'destination') destinationRef.current?.focus();
    else focusStayField(stayRefs, field);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch({ type: 'submitted' });
    const found = validateSearchForm(state, today);
    const first = FIELD_ORDER.find((field) => found.includes(field));
    if (first || !state.destination) {
      if (first) focusField(first);
      return;
    }
    const sameDestination =
      draft.destination?.type === state.destination.ref.type &&
      draft.destination.id === state.destination.ref.id;
    const input: SearchInput = {
      destination: state.destination.ref,
      label: state.destination.label,
      ...stayOfValues(state.stay),
      sort: draft.sort,
      pricingMode: draft.pricingMode,
      // Chains, facilities and property types belong to a destination: a new one starts clean.
      filters: sameDestination ? draft.filters : NO_FILTERS,
    };
    searchSubmitted(input);
    onSubmitted?.();
    const path = searchPath(input);
    const submit = ++submits.current;
    const from = window.location.href;
    // Not when the shopper has gone elsewhere meanwhile, or submitted again.
    const go = () => {
      if (submits.current === submit && window.location.href === from) void navigate(path);
    };
    // The search leaves now, with the rest of the results page's first data: the page asks
    // for the same queries (the same keys), so it finds them in flight or answered. A
    // search already loaded (the same inputs again) is left as it is, as the page does.
    const parsed = parseSearchUrl(path.slice(path.indexOf('?')));
    if (
      !parsed.ok ||
      queryClient.getQueryData(resultsPageQueries(parsed.input, language).results.queryKey) !==
        undefined
    ) {
      go();
      return;
    }
    // It retries as the page's own query would; a failure is the page's to show. A quick
    // answer is drawn with the page in one render; navigating at once would commit and
    // paint the page's skeleton first, then render it all again for the answer a moment
    // later. A slow answer shows the skeleton after a moment's wait.
    const answered = prefetchResultsPage(queryClient, parsed.input, language).search;
    void Promise.race([answered, new Promise((done) => setTimeout(done, ANSWER_WAIT_MS))]).then(go);
  }

  return (
    <form
      // Before its script runs (or without it) the form is a plain GET of the results
      // page; the server finds what was typed and sends the browser on to the search.
      method="get"
      action={SEARCH_PAGE_PATH}
      noValidate
      role="search"
      aria-label={t('search.form.label')}
      onSubmit={onSubmit}
      className="grid gap-4 md:grid-cols-2 lg:grid-cols-[minmax(0,1.1fr)_minmax(19.5rem,1.3fr)_minmax(13rem,1fr)_minmax(0,0.8fr)_auto] lg:items-start"
    >
      <DestinationField
        chosenLabel={state.destination?.label ?? null}
        text={state.destinationText}
        onTextChange={(text) => dispatch({ type: 'destinationTyped', text })}
        onChoose={(destination, recent) =>
          dispatch({ type: 'destinationChosen', destination, recent })
        }
        error={errorOf('destination')}
        inputRef={destinationRef}
      />
      <StayFields
        values={state.stay}
        onDatesChange={(dates) => dispatch({ type: 'datesChanged', dates })}
        onRoomsChange={(rooms) => dispatch({ type: 'roomsChanged', rooms })}
        onNationalityChange={(code) => {
          dispatch({ type: 'nationalityChosen', code });
          nationalityChosen(code);
        }}
        errorOf={errorOf}
        refs={stayRefs}
        today={today}
      />
      {/* What the script would put in the search's URL, for that plain submit. */}
      <input
        type="hidden"
        name={SEARCH_PARAMS.destination}
        value={state.destination ? destinationParam(state.destination.ref) : ''}
      />
      <input type="hidden" name={SEARCH_PARAMS.label} value={state.destination?.label ?? ''} />
      <input
        type="hidden"
        name={SEARCH_PARAMS.rooms}
        value={serializeRooms(fromRoomDrafts(state.stay.rooms))}
      />
      <input type="hidden" name={SEARCH_PARAMS.nationality} value={state.stay.nationality} />
      <button
        type="submit"
        className={buttonClass({ size: 'lg' }, 'shadow-sm md:col-span-2 lg:col-span-1 lg:mt-6')}
      >
        {submitLabel ?? t('search.form.submit')}
      </button>
    </form>
  );
}
