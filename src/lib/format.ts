// Money, dates, percentages and distances through Intl, in the UI language. Formatters
// are cached per language and options: a results list formats thousands of values.
import { dayNumber } from '../contract/index.ts';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The formatter under `key`, made on first use. */
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let format = cache.get(key) as F | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(
    `n|${language}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(language, options),
  );
}

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(
    `d|${language}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(language, options),
  );
}

/**
 * The server's ICU and the browser's differ in spacing (CLDR moved to thin and narrow
 * no-break spaces in ranges, times and French numbers), and a page rendered by the server
 * must read the same once the browser hydrates it: every formatted text goes through here.
 */
function sameEverywhere(text: string): string {
  return text.replace(/\u2009/g, ' ').replace(/\u202f/g, '\u00a0');
}

/** Money is integer USD cents; shoppers compare whole amounts, so no decimals. */
export function formatMoney(cents: number, currency: string, language: string): string {
  return sameEverywhere(
    numberFormat(language, {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }).format(Math.round(cents / 100)),
  );
}

/**
 * An amount converted into the shopper's display currency, in its whole units and marked
 * approximate ("≈ €1,712", "≈ ¥268,400"): a conversion at the day's reference rate is never
 * what the card is charged.
 */
export function formatApproxMoney(units: number, currency: string, language: string): string {
  const amount = numberFormat(language, {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(Math.round(units));
  return sameEverywhere(`\u2248\u00a0${amount}`);
}

/**
 * Money as it is charged, with the currency's minor units ("$170.96"): for the payment
 * breakdown, whose parts must add up to the total as shown.
 */
export function formatExactMoney(cents: number, currency: string, language: string): string {
  return sameEverywhere(
    numberFormat(language, { style: 'currency', currency }).format(cents / 100),
  );
}

/** 19 → "19%" (fr "19 %", ar "١٩٪"). */
export function formatPercent(percent: number, language: string): string {
  return sameEverywhere(
    numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
      Math.abs(percent) / 100,
    ),
  );
}

export function formatNumber(value: number, language: string): string {
  return sameEverywhere(numberFormat(language, { maximumFractionDigits: 0 }).format(value));
}

/** 1.234 → "1.2 km"; under a kilometre in metres, rounded to 50 m. */
export function formatDistance(km: number, language: string): string {
  if (km < 1) {
    return sameEverywhere(
      numberFormat(language, {
        style: 'unit',
        unit: 'meter',
        maximumFractionDigits: 0,
      }).format(Math.max(50, Math.round((km * 1000) / 50) * 50)),
    );
  }
  return sameEverywhere(
    numberFormat(language, {
      style: 'unit',
      unit: 'kilometer',
      maximumFractionDigits: km < 10 ? 1 : 0,
    }).format(km),
  );
}

/** A calendar date (YYYY-MM-DD) is not an instant: format it in UTC so no zone shifts it. */
function calendarDate(isoDate: string): Date {
  return new Date(dayNumber(isoDate) * 86_400_000);
}

/** A day of a stay: weekday, day and month, of the calendar date itself. */
const STAY_DAY: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
};

/** "Tue, 1 Dec" */
export function formatStayDate(isoDate: string, language: string): string {
  return sameEverywhere(dateFormat(language, STAY_DAY).format(calendarDate(isoDate)));
}

/** "Tue, 1 Dec – Thu, 3 Dec" with the language's own range rules. */
export function formatStayRange(checkIn: string, checkOut: string, language: string): string {
  return sameEverywhere(
    dateFormat(language, STAY_DAY).formatRange(calendarDate(checkIn), calendarDate(checkOut)),
  );
}

/**
 * The day and time zone a page rendered by the server was drawn for. The server cannot know
 * the shopper's zone, so a component hydrating such a page draws "today" and clock times
 * with the page's (both renders must agree), and the shopper's own once hydrated: see
 * useLocalToday and useDrawingTimeZone, which are what components use.
 */
export interface PageClock {
  day: string;
  timeZone: string;
}

let pageClock: PageClock | null = null;

/** Set once by the browser's entry before it hydrates a rendered page. */
export function setPageClock(clock: PageClock): void {
  // A zone this browser's ICU does not know leaves the page drawn in the shopper's own.
  pageClock = knownTimeZone(clock.timeZone) ? clock : null;
}

export function renderedPageClock(): PageClock | null {
  return pageClock;
}

function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** What this process draws with: its own day and zone (the server's, for a page it renders). */
export function ownClock(): PageClock {
  return { day: localToday(), timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone };
}

/**
 * A deadline instant in the traveller's own time zone (or `timeZone`, see useDrawingTimeZone):
 * "30 Nov 2026, 12:00".
 */
export function formatInstant(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = timeZone ? { timeZone } : {};
  return sameEverywhere(
    dateFormat(language, { dateStyle: 'medium', timeStyle: 'short', ...zone }).format(date),
  );
}

/** The traveller's own today, as YYYY-MM-DD in their time zone. */
export function localToday(now: Date = new Date()): string {
  const year = String(now.getFullYear()).padStart(4, '0');
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A country's name in the UI language, for showing a code before its list has loaded. */
export function regionName(code: string, language: string): string {
  let names = regionNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(language, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A hotel's address as one line: street, city and (where the page names it) country, in the
 * hotel API's own words, leaving out what the hotel does not have.
 */
export function formatAddress(
  address: string | null | undefined,
  city: string | null | undefined,
  country?: string | null,
): string {
  return [address, city, country].filter(Boolean).join(', ');
}
