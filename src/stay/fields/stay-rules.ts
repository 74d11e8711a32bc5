// The rules of the stay fields (stay-fields.tsx): their values, the checks they get (the
// API's rules, held to the shopper's own today), one message per field, and where focus
// goes for a problem. Apart from the fields' code, so that a page can check and send a
// stay before (or without) drawing the fields.
import { useRef, type RefObject } from 'react';
import { createStaySchema } from '../../contract/search.ts';
import { issuesToDetails, isValidIsoDate, type ErrorDetail } from '../../contract/index.ts';
import type { MessageId } from '../../lib/i18n.ts';
import { fromRoomDrafts, missingChildAges, toRoomDrafts, type RoomDraft } from '../guests.ts';
import { DEFAULT_NATIONALITY } from '../search-url.ts';
import { suggestedStay, type Stay } from '../stay.ts';
import type { StayDates } from './date-range-field.tsx';

export type StayField = 'checkIn' | 'checkOut' | 'rooms' | 'nationality';

/** The fields in the order they are read (and the first problem taking focus). */
export const STAY_FIELD_ORDER: readonly StayField[] = [
  'checkIn',
  'checkOut',
  'rooms',
  'nationality',
];

/** What each field says when it has a problem. */
export const STAY_FIELD_MESSAGE: Record<StayField, MessageId> = {
  checkIn: 'stay.error.checkIn',
  checkOut: 'stay.error.checkOut',
  rooms: 'stay.error.rooms',
  nationality: 'stay.error.nationality',
};

/** A stay as its fields hold it while it is edited (a child's age may be unchosen). */
export interface StayValues {
  dates: StayDates;
  rooms: RoomDraft[];
  nationality: string;
}

/**
 * The fields' first values for a stay read from a URL: its own dates when it has some
 * (even wrong ones, to show), else the suggested stay; its nationality, else the one the
 * shopper chose before, else the default.
 */
export function stayValuesOf(
  stay: Stay,
  today: string,
  rememberedNationality: string | null = null,
): StayValues {
  const datesGiven =
    (isValidIsoDate(stay.checkIn) && isValidIsoDate(stay.checkOut)) || stay.checkIn !== '';
  return {
    dates: datesGiven ? { checkIn: stay.checkIn, checkOut: stay.checkOut } : suggestedStay(today),
    rooms: toRoomDrafts(stay.rooms),
    nationality: stay.nationality || rememberedNationality || DEFAULT_NATIONALITY,
  };
}

/** The stay the fields hold, as the API takes it (check the fields first). */
export function stayOfValues(values: StayValues): Stay {
  return {
    checkIn: values.dates.checkIn,
    checkOut: values.dates.checkOut,
    rooms: fromRoomDrafts(values.rooms),
    nationality: values.nationality,
  };
}

/** Server problems, named as API fields, on the stay field they belong to. */
export function stayFieldOfIssue(issue: ErrorDetail): StayField | null {
  const field = issue.field;
  if (field === 'check_in') return 'checkIn';
  if (field === 'check_out') return 'checkOut';
  if (field.startsWith('rooms')) return 'rooms';
  if (field === 'nationality') return 'nationality';
  return null;
}

/**
 * The stay's schema for one today. Building it costs more than checking a stay with it, and
 * a page checks many stays of the same day (a form on each change, the nearby dates each).
 */
let staySchemaOfDay: { today: string; schema: ReturnType<typeof createStaySchema> } | null = null;
function staySchemaFor(today: string): ReturnType<typeof createStaySchema> {
  if (staySchemaOfDay?.today !== today) {
    staySchemaOfDay = { today, schema: createStaySchema(() => new Date(`${today}T12:00:00Z`)) };
  }
  return staySchemaOfDay.schema;
}

/** The fields' own checks: the same rules as the API, against the shopper's own today. */
export function validateStay(values: StayValues, today: string): StayField[] {
  const problems = new Set<StayField>();
  // The API takes any date that is still today somewhere on earth; the fields hold the
  // shopper to their own today.
  if (values.dates.checkIn < today) problems.add('checkIn');
  if (missingChildAges(values.rooms).length > 0) problems.add('rooms');
  const stay = staySchemaFor(today).safeParse({
    check_in: values.dates.checkIn,
    check_out: values.dates.checkOut,
    rooms: fromRoomDrafts(values.rooms),
    nationality: values.nationality,
  });
  for (const issue of stay.success ? [] : issuesToDetails(stay.error.issues)) {
    const field = stayFieldOfIssue(issue);
    if (field) problems.add(field);
  }
  return STAY_FIELD_ORDER.filter((field) => problems.has(field));
}

/** Where focus goes for each field's problem. */
export interface StayFieldRefs {
  checkIn: RefObject<HTMLInputElement | null>;
  checkOut: RefObject<HTMLInputElement | null>;
  missingAge: RefObject<HTMLSelectElement | null>;
  roomsButton: RefObject<HTMLButtonElement | null>;
  nationality: RefObject<HTMLInputElement | null>;
}

export function useStayFieldRefs(): StayFieldRefs {
  return {
    checkIn: useRef<HTMLInputElement>(null),
    checkOut: useRef<HTMLInputElement>(null),
    missingAge: useRef<HTMLSelectElement>(null),
    roomsButton: useRef<HTMLButtonElement>(null),
    nationality: useRef<HTMLInputElement>(null),
  };
}

/** Moves focus to a field with a problem. */
export function focusStayField(refs: StayFieldRefs, field: StayField): void {
  if (field === 'rooms') {
    // The panel opens on error; its first unanswered age is focused once it is shown.
    requestAnimationFrame(() => (refs.missingAge.current ?? refs.roomsButton.current)?.focus());
    return;
  }
  refs[field].current?.focus();
}
