// The search form: destination, dates, rooms and guests, nationality. Submitting puts
// every input in the URL (/search?...), the one source of truth of a search. Problems
// are shown at the field, found either here on submit or by the server (mapped back by
// field name), and focus goes to the first one.
import { useQueryClient } from '@tanstack/react-query';
import { useReducer, useRef, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  createStaySchema,
  type ErrorDetail,
  issuesToDetails,
  isValidIsoDate,
} from '../../contract/index.ts';
import { localToday } from '../../lib/format.ts';
import { useT, type MessageId } from '../../lib/i18n.ts';
import {
  DEFAULT_NATIONALITY,
  destinationParam,
  parseSearchUrl,
  SEARCH_PAGE_PATH,
  SEARCH_PARAMS,
  searchPath,
  serializeRooms,
  toSearchRequest,
  type SearchDraft,
  type SearchInput,
} from '../../stay/search-url.ts';
import { NO_FILTERS } from '../../stay/filters.ts';
import { suggestedStay } from '../../stay/stay.ts';
import { DateRangeField, type StayDates } from './date-range-field.tsx';
import { DestinationField, type ChosenDestination } from './destination-field.tsx';
import { GuestsField } from './guests-field.tsx';
import {
  fromRoomDrafts,
  missingChildAges,
  toRoomDrafts,
  type RoomDraft,
} from '../../stay/guests.ts';
import { NationalityField } from './nationality-field.tsx';
import { searchQueries } from './search-queries.ts';
import {
  useNationalityChosen,
  useSearchSubmitted,
  type RecentSearch,
} from './search-preferences.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { useLocalToday } from '../../lib/use-hydrated.ts';

export type FormField = 'destination' | 'checkIn' | 'checkOut' | 'rooms' | 'nationality';
/**
 * How long a submit waits for its search's answer before the results page shows without
 * it: the sandbox answers well within it, and a wait this short is not felt as one.
 */
const ANSWER_WAIT_MS = 120;

const FIELD_ORDER: readonly FormField[] = [
  'destination',
  'checkIn',
  'checkOut',
  'rooms',
  'nationality',
];

const FIELD_MESSAGE: Record<FormField, MessageId> = {
  destination: 'search.error.destination',
  checkIn: 'search.error.checkIn',
  checkOut: 'search.error.checkOut',
  rooms: 'search.error.rooms',
  nationality: 'search.error.nationality',
};

interface FormState {
  destinationText: string;
  destination: ChosenDestination | null;
  dates: StayDates;
  rooms: RoomDraft[];
  nationality: string;
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
        next.dates = { checkIn: recent.input.checkIn, checkOut: recent.input.checkOut };
        next.rooms = toRoomDrafts(recent.input.rooms);
        next.edited = edited(next, 'checkIn', 'checkOut', 'rooms');
      }
      return next;
    }
    case 'datesChanged':
      return { ...state, dates: action.dates, edited: edited(state, 'checkIn', 'checkOut') };
    case 'roomsChanged':
      return { ...state, rooms: action.rooms, edited: edited(state, 'rooms') };
    case 'nationalityChosen':
      return { ...state, nationality: action.code, edited: edited(state, 'nationality') };
    case 'submitted':
      return { ...state, submitted: true };
  }
}

/** The form's own checks: the same rules as the API, against the traveller's own today. */
export function validateSearchForm(
  state: Pick<FormState, 'destination' | 'dates' | 'rooms' | 'nationality'>,
  today: string,
): FormField[] {
  const problems = new Set<FormField>();
  if (!state.destination) problems.add('destination');
  // The API takes any date that is still today somewhere on earth; the form holds the
  // shopper to their own today.
  if (state.dates.checkIn < today) problems.add('checkIn');
  if (missingChildAges(state.rooms).length > 0) problems.add('rooms');
  const stay = createStaySchema(() => new Date(`${today}T12:00:00Z`)).safeParse({
    check_in: state.dates.checkIn,
    check_out: state.dates.checkOut,
    rooms: fromRoomDrafts(state.rooms),
    nationality: state.nationality,
  });
  for (const issue of stay.success ? [] : issuesToDetails(stay.error.issues)) {
    const field = fieldOfIssue(issue);
    if (field) problems.add(field);
  }
  return FIELD_ORDER.filter((field) => problems.has(field));
}

/** Server problems, named as API fields, on the form field they belong to. */
export function fieldOfIssue(issue: ErrorDetail): FormField | null {
  const field = issue.field;
  if (field.startsWith('destination')) return 'destination';
  if (field === 'check_in') return 'checkIn';
  if (field === 'check_out') return 'checkOut';
  if (field.startsWith('rooms')) return 'rooms';
  if (field === 'nationality') return 'nationality';
  return null;
}

function initialState(
  draft: SearchDraft,
  rememberedNationality: string | null,
  today: string,
): FormState {
  const datesUsable = isValidIsoDate(draft.checkIn) && isValidIsoDate(draft.checkOut);
  return {
    destinationText: draft.label,
    destination: draft.destination ? { ref: draft.destination, label: draft.label } : null,
    dates:
      datesUsable || draft.checkIn !== ''
        ? { checkIn: draft.checkIn, checkOut: draft.checkOut }
        : suggestedStay(today),
    rooms: toRoomDrafts(draft.rooms),
    nationality: draft.nationality || rememberedNationality || DEFAULT_NATIONALITY,
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
  const checkInRef = useRef<HTMLInputElement>(null);
  const checkOutRef = useRef<HTMLInputElement>(null);
  const missingAgeRef = useRef<HTMLSelectElement>(null);
  const roomsButtonRef = useRef<HTMLButtonElement>(null);
  const nationalityRef = useRef<HTMLInputElement>(null);

  const problems: ReadonlySet<FormField> = new Set(
    state.submitted
      ? validateSearchForm(state, today)
      : serverIssues
          .map(fieldOfIssue)
          .filter((field): field is FormField => field !== null && !state.edited.includes(field)),
  );
  const errorOf = (field: FormField) => (problems.has(field) ? t(FIELD_MESSAGE[field]) : null);

  function focusField(field: FormField) {
    if (field === 'rooms') {
      // The panel opens on error; its first unanswered age is focused once it is shown.
      requestAnimationFrame(() => (missingAgeRef.current ?? roomsButtonRef.current)?.focus());
      return;
    }
    const inputs = {
      destination: destinationRef,
      checkIn: checkInRef,
      checkOut: checkOutRef,
      nationality: nationalityRef,
    };
    inputs[field].current?.focus();
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
      checkIn: state.dates.checkIn,
      checkOut: state.dates.checkOut,
      rooms: fromRoomDrafts(state.rooms),
      nationality: state.nationality,
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
    // The search leaves now: the results route asks for the query of the URL it navigates
    // to (the same key), so the page finds it in flight or answered. A search already
    // loaded (the same inputs again) is left as it is, as the page does.
    const parsed = parseSearchUrl(path.slice(path.indexOf('?')));
    const results = parsed.ok
      ? searchQueries.results(toSearchRequest(parsed.input), language)
      : null;
    if (!results || queryClient.getQueryData(results.queryKey) !== undefined) {
      go();
      return;
    }
    // It retries as the page's own query would; a failure is the page's to show.
    const answered = queryClient.infiniteQuery(results).catch(() => undefined);
    // A quick answer is drawn with the page in one render; navigating at once would
    // commit and paint the page's skeleton first, then render it all again for the
    // answer a moment later. A slow answer shows the skeleton after a moment's wait.
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
      <DateRangeField
        value={state.dates}
        onChange={(dates) => dispatch({ type: 'datesChanged', dates })}
        today={today}
        errors={{ checkIn: errorOf('checkIn'), checkOut: errorOf('checkOut') }}
        checkInRef={checkInRef}
        checkOutRef={checkOutRef}
      />
      <GuestsField
        rooms={state.rooms}
        onChange={(rooms) => dispatch({ type: 'roomsChanged', rooms })}
        error={errorOf('rooms')}
        firstMissingAgeRef={missingAgeRef}
        buttonRef={roomsButtonRef}
      />
      <NationalityField
        value={state.nationality}
        onChange={(code) => {
          dispatch({ type: 'nationalityChosen', code });
          nationalityChosen(code);
        }}
        error={errorOf('nationality')}
        inputRef={nationalityRef}
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
        value={serializeRooms(fromRoomDrafts(state.rooms))}
      />
      <input type="hidden" name={SEARCH_PARAMS.nationality} value={state.nationality} />
      <button
        type="submit"
        className={buttonClass({ size: 'lg' }, 'shadow-sm md:col-span-2 lg:col-span-1 lg:mt-6')}
      >
        {submitLabel ?? t('search.form.submit')}
      </button>
    </form>
  );
}
