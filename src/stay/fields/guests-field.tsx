// Rooms and guests: a disclosure with one block per room. A step the rules forbid is
// aria-disabled (still focusable, so a keyboard or screen-reader user learns why) and
// its reason is written beside it.
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { SEARCH_LIMITS } from '../../contract/index.ts';
import { useT, type MessageId } from '../../lib/i18n.ts';
import {
  addRoomLimit,
  changeGuests,
  roomLimits,
  type GuestsAction,
  type LimitReason,
} from '../guests-rules.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { FieldError } from '../../components/ui/field.tsx';
import { describeGuests, missingChildAges, type RoomDraft } from '../guests.ts';

const REASON: Record<LimitReason, MessageId> = {
  maxRooms: 'stay.guests.reason.maxRooms',
  minRooms: 'stay.guests.reason.minRooms',
  maxAdults: 'stay.guests.reason.maxAdults',
  minAdults: 'stay.guests.reason.minAdults',
  maxOccupants: 'stay.guests.reason.maxOccupants',
  noChildren: 'stay.guests.reason.noChildren',
};

/** Reasons worth showing: the floor of a counter needs no explanation. */
const SHOWN_REASONS: ReadonlySet<LimitReason> = new Set(['maxRooms', 'maxAdults', 'maxOccupants']);

const AGES = Array.from({ length: SEARCH_LIMITS.maxChildAge + 1 }, (_, age) => age);

function Stepper({
  label,
  value,
  onDecrement,
  onIncrement,
  decrementLabel,
  incrementLabel,
  decrementBlocked,
  incrementBlocked,
  reasonId,
}: {
  label: string;
  value: number;
  onDecrement: () => void;
  onIncrement: () => void;
  decrementLabel: string;
  incrementLabel: string;
  decrementBlocked: boolean;
  incrementBlocked: boolean;
  reasonId: string | undefined;
}) {
  const button =
    'grid size-9 place-items-center rounded-full border text-lg leading-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';
  const enabled = 'border-blue-700 text-blue-800 hover:bg-blue-50';
  const blocked = 'cursor-not-allowed border-slate-300 text-slate-500';
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="text-slate-900">{label}</span>
      <span className="flex items-center gap-3">
        <button
          type="button"
          aria-label={decrementLabel}
          aria-disabled={decrementBlocked || undefined}
          onClick={() => !decrementBlocked && onDecrement()}
          className={`${button} ${decrementBlocked ? blocked : enabled}`}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output aria-live="polite" className="w-5 text-center font-semibold tabular-nums">
          {value}
        </output>
        <button
          type="button"
          aria-label={incrementLabel}
          aria-disabled={incrementBlocked || undefined}
          aria-describedby={incrementBlocked ? reasonId : undefined}
          onClick={() => !incrementBlocked && onIncrement()}
          className={`${button} ${incrementBlocked ? blocked : enabled}`}
        >
          <span aria-hidden="true">+</span>
        </button>
      </span>
    </div>
  );
}

export function GuestsField({
  rooms,
  onChange,
  error,
  firstMissingAgeRef,
  buttonRef,
}: {
  rooms: RoomDraft[];
  onChange: (rooms: RoomDraft[]) => void;
  error: string | null;
  firstMissingAgeRef?: RefObject<HTMLSelectElement | null>;
  buttonRef?: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const ownButtonRef = useRef<HTMLButtonElement>(null);
  const toggleRef = buttonRef ?? ownButtonRef;
  const summary = describeGuests(t, rooms);
  const apply = (action: GuestsAction) => onChange(changeGuests(rooms, action));
  const addRoomBlocked = addRoomLimit(rooms);
  const firstMissing = missingChildAges(rooms)[0];
  const containerRef = useRef<HTMLDivElement>(null);

  // A new error about rooms (a missing age) opens the panel so the field can be reached.
  const [seenError, setSeenError] = useState(error);
  if (error !== seenError) {
    setSeenError(error);
    if (error) setOpen(true);
  }

  // A click elsewhere closes the popover, and Escape inside it closes it back to its button.
  // On click, not pointerdown: on a phone the panel is in the flow, and closing it before
  // the click would move the button the shopper is tapping (Search) from under the finger.
  useEffect(() => {
    if (!open) return;
    const onOutsideClick = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !containerRef.current?.contains(event.target as Node)) return;
      event.preventDefault();
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('click', onOutsideClick);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('click', onOutsideClick);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, toggleRef]);

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <div ref={containerRef} className="relative min-w-0">
      <span id={`${id}-label`} className="mb-1 block text-sm font-semibold text-slate-800">
        {t('stay.guests.label')}
      </span>
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-labelledby={`${id}-label ${id}-summary`}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => setOpen((value) => !value)}
        className={`flex w-full items-center justify-between gap-2 rounded-lg border bg-white px-3 py-2.5 text-start text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 ${
          error ? 'border-red-700' : 'border-slate-400'
        }`}
      >
        <span id={`${id}-summary`} className="truncate">
          {summary}
        </span>
        <span aria-hidden="true" className="text-slate-600">
          {open ? '▴' : '▾'}
        </span>
      </button>
      <FieldError id={`${id}-error`} error={error} />
      <div
        id={`${id}-panel`}
        hidden={!open}
        className="z-20 mt-2 w-full min-w-72 space-y-4 rounded-lg border border-slate-300 bg-white p-4 shadow-lg md:absolute md:end-0 md:w-96"
      >
        {rooms.map((room, roomIndex) => {
          const limits = roomLimits(room);
          const roomNumber = roomIndex + 1;
          const reasonId = `${id}-room-${roomIndex}-reason`;
          const reason = [limits.addAdult, limits.addChild].find(
            (limit): limit is LimitReason => limit !== null && SHOWN_REASONS.has(limit),
          );
          return (
            <fieldset key={roomIndex} className="space-y-3 border-b border-slate-200 pb-4">
              <legend className="flex w-full items-center justify-between font-semibold">
                {t('stay.guests.room', { number: roomNumber })}
              </legend>
              <Stepper
                label={t('stay.guests.adults')}
                value={room.adults}
                onDecrement={() => apply({ type: 'removeAdult', room: roomIndex })}
                onIncrement={() => apply({ type: 'addAdult', room: roomIndex })}
                decrementLabel={t('stay.guests.removeAdult', { number: roomNumber })}
                incrementLabel={t('stay.guests.addAdult', { number: roomNumber })}
                decrementBlocked={limits.removeAdult !== null}
                incrementBlocked={limits.addAdult !== null}
                reasonId={reason ? reasonId : undefined}
              />
              <Stepper
                label={t('stay.guests.children')}
                value={room.child_ages.length}
                onDecrement={() => apply({ type: 'removeChild', room: roomIndex })}
                onIncrement={() => apply({ type: 'addChild', room: roomIndex })}
                decrementLabel={t('stay.guests.removeChild', { number: roomNumber })}
                incrementLabel={t('stay.guests.addChild', { number: roomNumber })}
                decrementBlocked={limits.removeChild !== null}
                incrementBlocked={limits.addChild !== null}
                reasonId={reason ? reasonId : undefined}
              />
              {reason && (
                <p id={reasonId} className="text-sm text-slate-700">
                  {t(REASON[reason])}
                </p>
              )}
              {room.child_ages.length > 0 && (
                <div className="grid grid-cols-2 gap-2">
                  {room.child_ages.map((age, child) => {
                    const selectId = `${id}-room-${roomIndex}-child-${child}`;
                    const missing = age === null;
                    const attachRef =
                      firstMissing?.room === roomIndex && firstMissing.child === child;
                    return (
                      <div key={child}>
                        <label htmlFor={selectId} className="block text-sm text-slate-800">
                          {t('stay.guests.childAge', { number: child + 1 })}
                        </label>
                        <select
                          id={selectId}
                          ref={attachRef ? firstMissingAgeRef : undefined}
                          value={age ?? ''}
                          required
                          aria-invalid={missing && error ? true : undefined}
                          onChange={(event) =>
                            apply({
                              type: 'setChildAge',
                              room: roomIndex,
                              child,
                              age: event.target.value === '' ? null : Number(event.target.value),
                            })
                          }
                          className={`w-full rounded-lg border bg-white px-2 py-2 ${
                            missing && error ? 'border-red-700' : 'border-slate-400'
                          }`}
                        >
                          <option value="">{t('stay.guests.chooseAge')}</option>
                          {AGES.map((value) => (
                            <option key={value} value={value}>
                              {value === 0
                                ? t('stay.guests.ageUnderOne')
                                : t('stay.guests.age', { age: value })}
                            </option>
                          ))}
                        </select>
                      </div>
                    );
                  })}
                </div>
              )}
              {rooms.length > 1 && (
                <button
                  type="button"
                  onClick={() => apply({ type: 'removeRoom', room: roomIndex })}
                  className="text-sm font-medium text-red-800 underline underline-offset-2"
                >
                  {t('stay.guests.removeRoom', { number: roomNumber })}
                </button>
              )}
            </fieldset>
          );
        })}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <button
              type="button"
              aria-disabled={addRoomBlocked !== null || undefined}
              aria-describedby={addRoomBlocked ? `${id}-rooms-reason` : undefined}
              onClick={() => addRoomBlocked === null && apply({ type: 'addRoom' })}
              className={`rounded-lg border px-3 py-2 font-medium ${
                addRoomBlocked
                  ? 'cursor-not-allowed border-slate-300 text-slate-500'
                  : 'border-blue-700 text-blue-800 hover:bg-blue-50'
              }`}
            >
              {t('stay.guests.addRoom')}
            </button>
            {addRoomBlocked && (
              <p id={`${id}-rooms-reason`} className="mt-1 text-sm text-slate-700">
                {t(REASON[addRoomBlocked])}
              </p>
            )}
          </div>
          <button type="button" onClick={close} className={buttonClass()}>
            {t('stay.guests.done')}
          </button>
        </div>
      </div>
    </div>
  );
}
