// The range calendar (react-day-picker + date-fns), in its own chunk: downloaded the
// first time a shopper opens it, never on first paint. Picks check-in then check-out;
// a third pick starts a new range. Dates beyond 30 nights are disabled, not refused.
// Under a day it shows what a stay checking in then costs, when the page already has that
// price (its nearby dates found it): read from the cache, never searched for here.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useEffect, useState, type CSSProperties } from 'react';
import { DayButton, DayPicker, type DateRange, type DayButtonProps } from 'react-day-picker';
import type { DayPickerLocale } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { addDays, MAX_NIGHTS, nightsBetween } from '../../contract/index.ts';
import { useT } from '../../lib/i18n.ts';
import { useMoney } from '../../lib/money.tsx';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { cachedCheckInPrices } from '../nearby-dates/nearby-queries.ts';
import { NearbyScopeContext } from '../nearby-dates/nearby-scope.ts';
import { priceWords } from '../nearby-dates/price-words.ts';
import type { SearchRoom } from '../search-url.ts';
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

/** A day's price: as it shows under the day, and as its button's name says it. */
interface DayPrice {
  shown: string;
  spoken: string;
}

const DayPricesContext = createContext<ReadonlyMap<string, DayPrice>>(new Map());

/** A day with the price of checking in then, when the page has one. */
function PricedDayButton({ children, ...props }: DayButtonProps) {
  const price = use(DayPricesContext).get(toIso(props.day.date));
  if (!price) return <DayButton {...props}>{children}</DayButton>;
  return (
    <DayButton
      {...props}
      aria-label={`${props['aria-label'] ?? ''}, ${price.spoken}`}
      style={{ ...props.style, flexDirection: 'column' }}
    >
      {children}
      <span className="block text-[10px] leading-tight font-normal tabular-nums">
        {price.shown}
      </span>
    </DayButton>
  );
}

const DAY_COMPONENTS = { DayButton: PricedDayButton };

/**
 * The prices the page has for stays like the chosen one (as many nights, the same rooms
 * and nationality), by check-in, as the days show them.
 */
function useDayPrices(
  value: StayDates | null,
  pricesFor: { rooms: readonly SearchRoom[]; nationality: string } | undefined,
): ReadonlyMap<string, DayPrice> {
  const scope = use(NearbyScopeContext);
  const client = useQueryClient();
  const money = useMoney();
  const { t } = useT();
  const days = new Map<string, DayPrice>();
  if (!scope || !pricesFor || !value) return days;
  const nights = nightsBetween(value.checkIn, value.checkOut);
  const cached = cachedCheckInPrices(client, scope, { nights, ...pricesFor });
  for (const [checkIn, price] of cached) {
    if (price.kind !== 'price') continue;
    const { shown, spoken } = priceWords(price, money, t);
    days.set(checkIn, {
      shown,
      spoken: t(scope.kind === 'hotel' ? 'stay.dates.dayPrice' : 'stay.dates.dayLowest', {
        price: spoken,
        count: nights,
      }),
    });
  }
  return days;
}

export default function DateRangeCalendar({
  value,
  pricesFor,
  today,
  lastCheckIn,
  language,
  onDone,
  describeRange,
  doneLabel,
}: {
  value: StayDates | null;
  /** Who the stay is for: the prices shown are for them, and as many nights as `value`. */
  pricesFor?: { rooms: readonly SearchRoom[]; nationality: string };
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
  const prices = useDayPrices(value, pricesFor);
  const priced = prices.size > 0;

  return (
    <div className="flex flex-col items-center gap-3">
      <DayPricesContext value={prices}>
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
          components={DAY_COMPONENTS}
          // Two months side by side in the dialog on a wide screen; 40 px days stay easy to tap.
          // Days with prices are taller and a little wider, and still fit two months.
          style={
            {
              '--rdp-accent-color': '#1d4ed8',
              '--rdp-accent-background-color': '#dbeafe',
              '--rdp-day-width': priced ? '44px' : '40px',
              '--rdp-day-height': priced ? '50px' : '40px',
              '--rdp-day_button-width': priced ? '42px' : '38px',
              '--rdp-day_button-height': priced ? '48px' : '38px',
              '--rdp-day_button-border-radius': priced ? '0.75rem' : '100%',
              '--rdp-months-gap': priced ? '1rem' : '1.5rem',
            } as CSSProperties
          }
        />
      </DayPricesContext>
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
