// The stay of the hotel page, editable in place with the search form's own fields: dates,
// rooms and guests, nationality. Applying a change writes it to the URL (the room options
// follow the URL), so the change is shareable and back/forward restore the previous stay.
import { Suspense, useId, useRef, useState, type SyntheticEvent } from 'react';
import type { ErrorDetail } from '../../contract/index.ts';
import { formatStayRange } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useLocalToday } from '../../lib/use-hydrated.ts';
import { describeGuests } from '../../stay/guests.ts';
import { stayNights, type Stay } from '../../stay/stay.ts';
import {
  focusStayField,
  STAY_FIELD_MESSAGE,
  stayFieldOfIssue,
  stayOfValues,
  stayValuesOf,
  useStayFieldRefs,
  validateStay,
  type StayField,
  type StayValues,
} from '../../stay/fields/stay-rules.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { LoadingStatus } from '../../components/ui/loading-status.tsx';

// The fields are drawn only once the shopper opens the editor (or the URL's stay needs
// fixing): their code is not part of the hotel page's first screen.
const stayFields = preloadableLazy(
  async () => (await import('../../stay/fields/stay-fields.tsx')).StayFields,
);
const StayFields = stayFields.Component;
import { buttonClass } from '../../components/ui/button.tsx';

function describeStay(t: ReturnType<typeof useT>['t'], language: string, stay: Stay): string {
  return [
    formatStayRange(stay.checkIn, stay.checkOut, language),
    t('stay.nights', { count: stayNights(stay) }),
    describeGuests(t, stay.rooms),
  ].join(' · ');
}

export function StayEditor({
  stay,
  valid,
  issues,
  onApply,
}: {
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
  const [values, setValues] = useState<StayValues>(() => stayValuesOf(stay, today));
  /** After the first Apply, problems are shown live as the shopper fixes them. */
  const [applied, setApplied] = useState(false);
  const refs = useStayFieldRefs();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const problems: ReadonlySet<StayField> = new Set(
    applied
      ? validateStay(values, today)
      : issues.map(stayFieldOfIssue).filter((field): field is StayField => field !== null),
  );
  const errorOf = (field: StayField) => (problems.has(field) ? t(STAY_FIELD_MESSAGE[field]) : null);

  function openEditor() {
    void stayFields.preload();
    setValues(stayValuesOf(stay, today));
    setApplied(false);
    setOpen(true);
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    setApplied(true);
    const [first] = validateStay(values, today);
    if (first) {
      focusStayField(refs, first);
      return;
    }
    setOpen(false);
    onApply(stayOfValues(values));
  }

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
        <form id={`${id}-form`} noValidate onSubmit={submit} className="mt-4 space-y-4">
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-[minmax(19.5rem,1.3fr)_minmax(13rem,1fr)_minmax(0,0.8fr)] lg:items-start">
            <Suspense fallback={<LoadingStatus>{t('app.loading')}</LoadingStatus>}>
              <StayFields
                values={values}
                onDatesChange={(dates) => setValues((current) => ({ ...current, dates }))}
                onRoomsChange={(rooms) => setValues((current) => ({ ...current, rooms }))}
                onNationalityChange={(nationality) =>
                  setValues((current) => ({ ...current, nationality }))
                }
                errorOf={errorOf}
                refs={refs}
                today={today}
              />
            </Suspense>
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
