// Check-in and check-out: two native date inputs (small, keyboard- and screen-reader-
// friendly everywhere) plus a range calendar that is only downloaded when opened.
// Check-in runs from the traveller's own today; check-out is 1 to 30 nights later.
import { lazy, Suspense, useState, type Ref } from 'react';
import {
  addDays,
  isValidIsoDate,
  MAX_DAYS_AHEAD,
  MAX_NIGHTS,
  nightsBetween,
} from '../../contract/index.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { formatStayDate } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { LoadingStatus } from '../../components/ui/loading-status.tsx';

const DateRangeCalendar = lazy(() => import('./date-range-calendar.tsx'));

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
}: {
  value: StayDates;
  onChange: (value: StayDates) => void;
  today: string;
  errors: { checkIn: string | null; checkOut: string | null };
  checkInRef?: Ref<HTMLInputElement>;
  checkOutRef?: Ref<HTMLInputElement>;
}) {
  const { t, language } = useT();
  const [calendarOpen, setCalendarOpen] = useState(false);
  const validIn = isValidIsoDate(value.checkIn);
  const validOut = isValidIsoDate(value.checkOut);
  const nights = validIn && validOut ? nightsBetween(value.checkIn, value.checkOut) : 0;
  const lastCheckIn = addDays(today, MAX_DAYS_AHEAD);
  const checkOutMin = validIn ? addDays(value.checkIn, 1) : addDays(today, 1);
  const checkOutMax = validIn ? addDays(value.checkIn, MAX_NIGHTS) : undefined;
  const inputClass = (invalid: boolean) =>
    `w-full rounded-lg border bg-white px-2 py-2 text-base text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-blue-700 ${
      invalid ? 'border-red-700' : 'border-slate-400'
    }`;

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold text-slate-800">
        {t('search.dates.legend')}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor="search-check-in" className="block text-xs text-slate-700">
            {t('search.dates.checkIn')}
          </label>
          <input
            ref={checkInRef}
            id="search-check-in"
            name="checkin"
            type="date"
            required
            min={today}
            max={lastCheckIn}
            value={value.checkIn}
            aria-invalid={errors.checkIn ? true : undefined}
            aria-describedby={errors.checkIn ? 'search-check-in-error' : 'search-nights'}
            onChange={(event) => onChange(moveCheckIn(value, event.target.value))}
            className={inputClass(Boolean(errors.checkIn))}
          />
        </div>
        <div>
          <label htmlFor="search-check-out" className="block text-xs text-slate-700">
            {t('search.dates.checkOut')}
          </label>
          <input
            ref={checkOutRef}
            id="search-check-out"
            name="checkout"
            type="date"
            required
            min={checkOutMin}
            max={checkOutMax}
            value={value.checkOut}
            aria-invalid={errors.checkOut ? true : undefined}
            aria-describedby={errors.checkOut ? 'search-check-out-error' : 'search-nights'}
            onChange={(event) => onChange({ ...value, checkOut: event.target.value })}
            className={inputClass(Boolean(errors.checkOut))}
          />
        </div>
      </div>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 text-sm">
        <p id="search-nights" aria-live="polite" className="text-slate-700">
          {nights > 0 ? t('search.dates.nights', { count: nights }) : ''}
        </p>
        <button
          type="button"
          onClick={() => setCalendarOpen(true)}
          className="rounded px-1 font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {t('search.dates.openCalendar')}
        </button>
      </div>
      {errors.checkIn && (
        <p id="search-check-in-error" className="mt-1 text-sm font-medium text-red-700">
          {errors.checkIn}
        </p>
      )}
      {errors.checkOut && (
        <p id="search-check-out-error" className="mt-1 text-sm font-medium text-red-700">
          {errors.checkOut}
        </p>
      )}
      <Dialog
        open={calendarOpen}
        onClose={() => setCalendarOpen(false)}
        title={t('search.dates.calendarTitle')}
        closeLabel={t('common.close')}
      >
        <Suspense fallback={<LoadingStatus>{t('app.loading')}</LoadingStatus>}>
          <DateRangeCalendar
            value={validIn && validOut ? value : null}
            today={today}
            lastCheckIn={lastCheckIn}
            language={language}
            onDone={(range) => {
              onChange(range);
              setCalendarOpen(false);
            }}
            describeRange={(range) =>
              range
                ? t('search.dates.rangeSummary', {
                    checkIn: formatStayDate(range.checkIn, language),
                    checkOut: formatStayDate(range.checkOut, language),
                    count: nightsBetween(range.checkIn, range.checkOut),
                  })
                : t('search.dates.pickCheckIn')
            }
            doneLabel={t('search.dates.done')}
          />
        </Suspense>
      </Dialog>
    </fieldset>
  );
}
