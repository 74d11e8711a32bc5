// Check-in and check-out: two native date inputs (small, keyboard- and screen-reader-
// friendly everywhere) plus a range calendar that is downloaded once the page is idle,
// never with the first paint. Check-in runs from the traveller's own today; check-out is
// 1 to 30 nights later.
import { Suspense, useDeferredValue, useEffect, useState, type Ref } from 'react';
import {
  addDays,
  isValidIsoDate,
  MAX_DAYS_AHEAD,
  MAX_NIGHTS,
  nightsBetween,
} from '../../contract/index.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FieldError } from '../../components/ui/field.tsx';
import { formatStayDate } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { LoadingStatus } from '../../components/ui/loading-status.tsx';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { whenIdle } from '../../lib/when-idle.ts';
import type { SearchRoom } from '../search-url.ts';

// Fetched when the page is idle rather than by the tap that opens it: starting the
// download (a link per file in the document's head) would be part of that tap's frame.
const dateRangeCalendar = preloadableLazy(
  async () => (await import('./date-range-calendar.tsx')).default,
);
const DateRangeCalendar = dateRangeCalendar.Component;

export interface StayDates {
  checkIn: string;
  checkOut: string;
}

/** A new check-in keeps the stay's length when it can, within 1 to 30 nights. */
export function moveCheckIn(current: StayDates, checkIn: string): StayDates {
  if (!isValidIsoDate(checkIn)) return { ...current, checkIn };
  const nights =
    isValidIsoDate(current.checkIn) && isValidIsoDate(current.checkOut)
      ? nightsBetween(current.checkIn, current.checkOut)
      : 1;
  const checkOutOk =
    isValidIsoDate(current.checkOut) &&
    current.checkOut > checkIn &&
    nightsBetween(checkIn, current.checkOut) <= MAX_NIGHTS;
  if (checkOutOk) return { checkIn, checkOut: current.checkOut };
  return { checkIn, checkOut: addDays(checkIn, Math.min(Math.max(nights, 1), MAX_NIGHTS)) };
}

export function DateRangeField({
  value,
  onChange,
  today,
  errors,
  checkInRef,
  checkOutRef,
  pricesFor,
}: {
  value: StayDates;
  onChange: (value: StayDates) => void;
  today: string;
  errors: { checkIn: string | null; checkOut: string | null };
  checkInRef?: Ref<HTMLInputElement>;
  checkOutRef?: Ref<HTMLInputElement>;
  /**
   * Who the stay is for: the calendar shows the prices the page already has for stays of
   * as many nights, for the same rooms and nationality.
   */
  pricesFor?: { rooms: readonly SearchRoom[]; nationality: string };
}) {
  const { t, language } = useT();
  const [calendarOpen, setCalendarOpen] = useState(false);
  // The dialog opens in the tap; its month grid, a few hundred day cells, is drawn in the
  // render just after, which React slices between frames.
  const calendarShown = useDeferredValue(calendarOpen);
  useEffect(() => whenIdle(() => void dateRangeCalendar.preload()), []);
  const validIn = isValidIsoDate(value.checkIn);
  const validOut = isValidIsoDate(value.checkOut);
  const nights = validIn && validOut ? nightsBetween(value.checkIn, value.checkOut) : 0;
  const lastCheckIn = addDays(today, MAX_DAYS_AHEAD);
  const checkOutMin = validIn ? addDays(value.checkIn, 1) : addDays(today, 1);
  const checkOutMax = validIn ? addDays(value.checkIn, MAX_NIGHTS) : undefined;

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold text-slate-800">
        {t('stay.dates.legend')}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        <DateInput
          inputRef={checkInRef}
          id="search-check-in"
          name="checkin"
          label={t('stay.dates.checkIn')}
          min={today}
          max={lastCheckIn}
          value={value.checkIn}
          error={errors.checkIn}
          onChange={(checkIn) => onChange(moveCheckIn(value, checkIn))}
        />
        <DateInput
          inputRef={checkOutRef}
          id="search-check-out"
          name="checkout"
          label={t('stay.dates.checkOut')}
          min={checkOutMin}
          max={checkOutMax}
          value={value.checkOut}
          error={errors.checkOut}
          onChange={(checkOut) => onChange({ ...value, checkOut })}
        />
      </div>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 text-sm">
        <p id="search-nights" aria-live="polite" className="text-slate-700">
          {nights > 0 ? t('stay.dates.nights', { count: nights }) : ''}
        </p>
        <button
          type="button"
          onClick={() => setCalendarOpen(true)}
          className="rounded px-1 font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {t('stay.dates.openCalendar')}
        </button>
      </div>
      <Dialog
        open={calendarOpen}
        onClose={() => setCalendarOpen(false)}
        title={t('stay.dates.calendarTitle')}
        closeLabel={t('common.close')}
      >
        {calendarShown ? (
          <Suspense fallback={<LoadingStatus>{t('app.loading')}</LoadingStatus>}>
            <DateRangeCalendar
              value={validIn && validOut ? value : null}
              pricesFor={pricesFor}
              today={today}
              lastCheckIn={lastCheckIn}
              language={language}
              onDone={(range) => {
                onChange(range);
                setCalendarOpen(false);
              }}
              describeRange={(range) =>
                range
                  ? t('stay.dates.rangeSummary', {
                      checkIn: formatStayDate(range.checkIn, language),
                      checkOut: formatStayDate(range.checkOut, language),
                      count: nightsBetween(range.checkIn, range.checkOut),
                    })
                  : t('stay.dates.pickCheckIn')
              }
              doneLabel={t('stay.dates.done')}
            />
          </Suspense>
        ) : (
          <LoadingStatus>{t('app.loading')}</LoadingStatus>
        )}
      </Dialog>
    </fieldset>
  );
}

/**
 * One of the two native date inputs (the calendar is the richer way in), its error under
 * it; without an error it is described by the nights.
 */
function DateInput({
  inputRef,
  id,
  name,
  label,
  min,
  max,
  value,
  error,
  onChange,
}: {
  inputRef: Ref<HTMLInputElement> | undefined;
  id: string;
  name: string;
  label: string;
  min: string;
  max: string | undefined;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const invalid = Boolean(error);
  return (
    <div>
      <label htmlFor={id} className="block text-xs text-slate-700">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="date"
        required
        min={min}
        max={max}
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : 'search-nights'}
        onChange={(event) => onChange(event.target.value)}
        className={`w-full rounded-lg border bg-white px-2 py-2 text-base text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-blue-700 ${
          invalid ? 'border-red-700' : 'border-slate-400'
        }`}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
