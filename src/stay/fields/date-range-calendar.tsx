// The range calendar (react-day-picker + date-fns), in its own chunk: downloaded the
// first time a shopper opens it, never on first paint. Picks check-in then check-out;
// a third pick starts a new range. Dates beyond 30 nights are disabled, not refused.
import { useEffect, useState, type CSSProperties } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import type { DayPickerLocale } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { addDays, MAX_NIGHTS, nightsBetween } from '../../contract/index.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import type { StayDates } from './date-range-field.tsx';
import { buttonClass } from '../../components/ui/button.tsx';

const LOCALES: Record<string, () => Promise<DayPickerLocale>> = {
  fr: async () => (await import('react-day-picker/locale/fr')).fr,
  es: async () => (await import('react-day-picker/locale/es')).es,
  de: async () => (await import('react-day-picker/locale/de')).de,
  hi: async () => (await import('react-day-picker/locale/hi')).hi,
  ar: async () => (await import('react-day-picker/locale/ar')).ar,
  ja: async () => (await import('react-day-picker/locale/ja')).ja,
};

function toDate(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

function toIso(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export default function DateRangeCalendar({
  value,
  today,
  lastCheckIn,
  language,
  onDone,
  describeRange,
  doneLabel,
}: {
  value: StayDates | null;
  today: string;
  lastCheckIn: string;
  language: string;
  onDone: (range: StayDates) => void;
  describeRange: (range: StayDates | null) => string;
  doneLabel: string;
}) {
  const wide = useMediaQuery('(min-width: 768px)');
  const [loaded, setLoaded] = useState<{ language: string; locale: DayPickerLocale } | null>(null);
  const locale = loaded?.language === language ? loaded.locale : undefined;
  const [range, setRange] = useState<DateRange | undefined>(
    value ? { from: toDate(value.checkIn), to: toDate(value.checkOut) } : undefined,
  );

  useEffect(() => {
    let current = true;
    const load = LOCALES[language];
    if (!load) return;
    void load().then((dayPickerLocale) => {
      if (current) setLoaded({ language, locale: dayPickerLocale });
    });
    return () => {
      current = false;
    };
  }, [language]);

  const from = range?.from ? toIso(range.from) : null;
  const to = range?.to ? toIso(range.to) : null;
  const complete =
    from !== null && to !== null && to > from ? { checkIn: from, checkOut: to } : null;
  const lastDay = from && !to ? addDays(from, MAX_NIGHTS) : addDays(lastCheckIn, MAX_NIGHTS);

  return (
    <div className="flex flex-col items-center gap-3">
      <DayPicker
        mode="range"
        locale={locale}
        dir={language === 'ar' ? 'rtl' : 'ltr'}
        numberOfMonths={wide ? 2 : 1}
        defaultMonth={range?.from ?? toDate(today)}
        startMonth={toDate(today)}
        endMonth={toDate(lastDay)}
        selected={range}
        disabled={[{ before: toDate(today) }, { after: toDate(lastDay) }]}
        onSelect={(_next, picked) => {
          const day = toIso(picked);
          if (!from || to || day <= from || nightsBetween(from, day) > MAX_NIGHTS) {
            setRange({ from: picked, to: undefined });
          } else {
            setRange({ from: range?.from, to: picked });
          }
        }}
        // Two months side by side in the dialog on a wide screen; 40 px days stay easy to tap.
        style={
          {
            '--rdp-accent-color': '#1d4ed8',
            '--rdp-accent-background-color': '#dbeafe',
            '--rdp-day-width': '40px',
            '--rdp-day-height': '40px',
            '--rdp-day_button-width': '38px',
            '--rdp-day_button-height': '38px',
            '--rdp-months-gap': '1.5rem',
          } as CSSProperties
        }
      />
      <p aria-live="polite" className="text-sm text-slate-800">
        {describeRange(complete)}
      </p>
      <button
        type="button"
        disabled={!complete}
        onClick={() => complete && onDone(complete)}
        className={buttonClass()}
      >
        {doneLabel}
      </button>
    </div>
  );
}
