// The stay of the hotel page, editable in place: dates, rooms and guests, nationality.
// Applying a change writes it to the URL (the room options follow the URL), so the
// change is shareable and back/forward restore the previous stay.
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { ISO_COUNTRY_CODES, SEARCH_LIMITS, type ErrorDetail } from '../../contract/index.ts';
import { formatStayRange, regionName } from '../../lib/format.ts';
import { useT, type MessageId } from '../../lib/i18n.ts';
import { stayNights } from '../../stay/stay.ts';
import { useLocalToday } from '../../lib/use-hydrated.ts';
import {
  describeGuests,
  fromRoomDrafts,
  missingChildAges,
  toRoomDrafts,
  type RoomDraft,
} from '../../stay/guests.ts';
import { checkStay, type Stay } from '../../stay/stay.ts';
import { sharedQueries } from '../../lib/queries.ts';
import { buttonClass } from '../../components/ui/button.tsx';

interface StayDraft {
  checkIn: string;
  checkOut: string;
  rooms: RoomDraft[];
  nationality: string;
}

const ADULTS = Array.from({ length: SEARCH_LIMITS.maxAdults }, (_, i) => i + 1);
const CHILD_AGES = Array.from({ length: SEARCH_LIMITS.maxChildAge + 1 }, (_, age) => age);

function toDraft(stay: Stay): StayDraft {
  return {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    rooms: toRoomDrafts(stay.rooms),
    nationality: stay.nationality,
  };
}

/** Which field of the editor an API issue belongs to, and what to say there. */
function issueTarget(field: string): { field: string; message: MessageId } {
  if (field === 'check_in') return { field, message: 'hotel.page.stay.error.checkIn' };
  if (field === 'check_out') return { field, message: 'hotel.page.stay.error.checkOut' };
  if (field === 'nationality') return { field, message: 'hotel.page.stay.error.nationality' };
  const age = /^rooms\[(\d+)\]\.child_ages\[(\d+)\]$/.exec(field);
  if (age) return { field, message: 'hotel.page.stay.error.childAge' };
  const room = /^rooms\[(\d+)\]/.exec(field);
  if (room) return { field: `rooms[${room[1]}]`, message: 'hotel.page.stay.error.room' };
  return { field: 'rooms', message: 'hotel.page.stay.error.rooms' };
}

export function describeStay(
  t: ReturnType<typeof useT>['t'],
  language: string,
  stay: Stay,
): string {
  return [
    formatStayRange(stay.checkIn, stay.checkOut, language),
    t('stay.nights', { count: stayNights(stay) }),
    describeGuests(t, stay.rooms),
  ].join(' · ');
}

export function StayEditor({
  hotelId,
  stay,
  valid,
  issues,
  onApply,
}: {
  hotelId: string;
  stay: Stay;
  /** The URL's stay can be priced; when not, the editor starts open with its problems. */
  valid: boolean;
  issues: ErrorDetail[];
  onApply: (stay: Stay) => void;
}) {
  const { t, language } = useT();
  const id = useId();
  const today = useLocalToday();
  const [open, setOpen] = useState(!valid);
  const [draft, setDraft] = useState<StayDraft>(() => toDraft(stay));
  const [errors, setErrors] = useState<Map<string, MessageId>>(
    () =>
      new Map(
        issues.map((issue) => [issueTarget(issue.field).field, issueTarget(issue.field).message]),
      ),
  );
  const toggleRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const nationalities = useQuery({ ...sharedQueries.nationalities(language), enabled: open });
  // Named only while the editor is open: two hundred names on every render of the page.
  const nationalityOptions = useMemo(
    () =>
      !open
        ? []
        : (nationalities.data?.nationalities ??
          [...ISO_COUNTRY_CODES]
            .map((code) => ({ iso_code: code, name: regionName(code, language) }))
            .sort((a, b) => a.name.localeCompare(b.name, language))),
    [open, nationalities.data, language],
  );

  function openEditor() {
    setDraft(toDraft(stay));
    setErrors(new Map());
    setOpen(true);
  }

  function updateRoom(index: number, room: RoomDraft) {
    setDraft((current) => ({
      ...current,
      rooms: current.rooms.map((existing, i) => (i === index ? room : existing)),
    }));
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = new Map<string, MessageId>();
    for (const { room, child } of missingChildAges(draft.rooms)) {
      found.set(`rooms[${room}].child_ages[${child}]`, 'hotel.page.stay.error.childAge');
    }
    const next: Stay = {
      checkIn: draft.checkIn,
      checkOut: draft.checkOut,
      rooms: fromRoomDrafts(draft.rooms),
      nationality: draft.nationality,
    };
    for (const issue of checkStay(hotelId, next)) {
      const target = issueTarget(issue.field);
      if (!found.has(target.field)) found.set(target.field, target.message);
    }
    setErrors(found);
    if (found.size > 0) {
      // Focus the first field with a problem, in the form's order.
      requestAnimationFrame(() => {
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
      return;
    }
    setOpen(false);
    onApply(next);
  }

  const errorOf = (field: string) => errors.get(field);
  const describedBy = (field: string) => (errors.has(field) ? `${id}-${field}-error` : undefined);
  const fieldError = (field: string) => {
    const message = errorOf(field);
    return message ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-800">
        {t(message)}
      </p>
    ) : null;
  };
  const input =
    'w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 aria-[invalid=true]:border-red-700';
  const label = 'mb-1 block text-sm font-semibold text-slate-800';

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {t('hotel.page.stay.title')}
          </h2>
          {valid && <p className="text-slate-700">{describeStay(t, language, stay)}</p>}
        </div>
        {!open && (
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={false}
            aria-controls={`${id}-form`}
            onClick={openEditor}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            {t('hotel.page.stay.change')}
          </button>
        )}
      </div>
      {open && (
        <form
          ref={formRef}
          id={`${id}-form`}
          noValidate
          onSubmit={submit}
          className="mt-4 space-y-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-checkin`} className={label}>
                {t('hotel.page.stay.checkIn')}
              </label>
              <input
                id={`${id}-checkin`}
                type="date"
                className={input}
                min={today}
                value={draft.checkIn}
                aria-invalid={errors.has('check_in') || undefined}
                aria-describedby={describedBy('check_in')}
                onChange={(event) => setDraft({ ...draft, checkIn: event.target.value })}
              />
              {fieldError('check_in')}
            </div>
            <div>
              <label htmlFor={`${id}-checkout`} className={label}>
                {t('hotel.page.stay.checkOut')}
              </label>
              <input
                id={`${id}-checkout`}
                type="date"
                className={input}
                min={draft.checkIn || today}
                value={draft.checkOut}
                aria-invalid={errors.has('check_out') || undefined}
                aria-describedby={describedBy('check_out')}
                onChange={(event) => setDraft({ ...draft, checkOut: event.target.value })}
              />
              {fieldError('check_out')}
            </div>
          </div>
          {draft.rooms.map((room, r) => (
            <fieldset key={r} className="rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-bold">
                {t('stay.room', { number: r + 1 })}
              </legend>
              <div className="flex flex-wrap items-end gap-3">
                <div>
                  <label htmlFor={`${id}-adults-${r}`} className={label}>
                    {t('hotel.page.stay.adults')}
                  </label>
                  <select
                    id={`${id}-adults-${r}`}
                    className={input}
                    value={room.adults}
                    onChange={(event) =>
                      updateRoom(r, { ...room, adults: Number(event.target.value) })
                    }
                  >
                    {ADULTS.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor={`${id}-children-${r}`} className={label}>
                    {t('hotel.page.stay.children')}
                  </label>
                  <select
                    id={`${id}-children-${r}`}
                    className={input}
                    value={room.child_ages.length}
                    onChange={(event) => {
                      const count = Number(event.target.value);
                      updateRoom(r, {
                        ...room,
                        child_ages: Array.from(
                          { length: count },
                          (_, c) => room.child_ages[c] ?? null,
                        ),
                      });
                    }}
                  >
                    {Array.from({ length: SEARCH_LIMITS.maxOccupantsPerRoom }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
                {room.child_ages.map((age, c) => {
                  const field = `rooms[${r}].child_ages[${c}]`;
                  return (
                    <div key={c}>
                      <label htmlFor={`${id}-age-${r}-${c}`} className={label}>
                        {t('hotel.page.stay.childAge', { number: c + 1 })}
                      </label>
                      <select
                        id={`${id}-age-${r}-${c}`}
                        className={input}
                        value={age ?? ''}
                        aria-invalid={errors.has(field) || undefined}
                        aria-describedby={describedBy(field)}
                        onChange={(event) =>
                          updateRoom(r, {
                            ...room,
                            child_ages: room.child_ages.map((existing, i) =>
                              i === c
                                ? event.target.value === ''
                                  ? null
                                  : Number(event.target.value)
                                : existing,
                            ),
                          })
                        }
                      >
                        <option value="">{t('hotel.page.stay.chooseAge')}</option>
                        {CHILD_AGES.map((n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </select>
                      {fieldError(field)}
                    </div>
                  );
                })}
                {draft.rooms.length > 1 && (
                  <button
                    type="button"
                    onClick={() =>
                      setDraft({ ...draft, rooms: draft.rooms.filter((_, i) => i !== r) })
                    }
                    className="rounded-md px-2 py-2 text-sm font-semibold text-red-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
                  >
                    {t('hotel.page.stay.removeRoom', { number: r + 1 })}
                  </button>
                )}
              </div>
              {fieldError(`rooms[${r}]`)}
            </fieldset>
          ))}
          {fieldError('rooms')}
          {draft.rooms.length < SEARCH_LIMITS.maxRooms && (
            <button
              type="button"
              onClick={() =>
                setDraft({ ...draft, rooms: [...draft.rooms, { adults: 1, child_ages: [] }] })
              }
              className="rounded-md text-sm font-semibold text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              {t('hotel.page.stay.addRoom')}
            </button>
          )}
          <div className="max-w-sm">
            <label htmlFor={`${id}-nationality`} className={label}>
              {t('hotel.page.stay.nationality')}
            </label>
            <select
              id={`${id}-nationality`}
              className={input}
              value={draft.nationality}
              aria-invalid={errors.has('nationality') || undefined}
              aria-describedby={describedBy('nationality')}
              onChange={(event) => setDraft({ ...draft, nationality: event.target.value })}
            >
              {nationalityOptions.map((item) => (
                <option key={item.iso_code} value={item.iso_code}>
                  {item.name}
                </option>
              ))}
            </select>
            {fieldError('nationality')}
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={buttonClass()}>
              {t('hotel.page.stay.apply')}
            </button>
            {valid && (
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  requestAnimationFrame(() => toggleRef.current?.focus());
                }}
                className="rounded-lg px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
              >
                {t('hotel.page.stay.cancel')}
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
