// Deadlines (free cancellation, a hold's expiry) shown in two clocks: the hotel's,
// which the hotel's terms are written in, and the traveller's own. When both read
// the same wall-clock time the page says it once. Each clock is formatInstant's, so a
// deadline reads the same in the server's render and the browser's.
import { formatInstant } from './format.ts';

export interface DeadlineText {
  /** In the hotel's time zone; null when the zone is unknown or not a valid IANA name. */
  hotel: string | null;
  /** In the traveller's time zone (the browser's unless given). */
  traveller: string;
  /** Both clocks show the same date and time: say it once. */
  sameWallClock: boolean;
}

export function formatDeadline(
  iso: string,
  language: string,
  hotelTimeZone: string | null | undefined,
  travellerTimeZone?: string,
): DeadlineText {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { hotel: null, traveller: iso, sameWallClock: true };
  const traveller = formatInstant(iso, language, travellerTimeZone);
  let hotel: string | null = null;
  if (hotelTimeZone) {
    try {
      hotel = formatInstant(iso, language, hotelTimeZone);
    } catch {
      // An unknown zone name: the traveller's clock alone is still right.
      hotel = null;
    }
  }
  return { hotel, traveller, sameWallClock: hotel === null || hotel === traveller };
}

const digitCache = new Map<string, Intl.NumberFormat>();

function twoDigits(value: number, language: string, pad: boolean): string {
  const key = `${language}|${pad}`;
  let format = digitCache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      minimumIntegerDigits: pad ? 2 : 1,
      useGrouping: false,
    });
    digitCache.set(key, format);
  }
  return format.format(value);
}

/** "9:41" (or "1:02:05") for a time left, never negative, in the language's digits. */
export function formatTimeLeft(msLeft: number, language = 'en'): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = twoDigits(seconds, language, true);
  return hours > 0
    ? `${twoDigits(hours, language, false)}:${twoDigits(minutes, language, true)}:${ss}`
    : `${twoDigits(minutes, language, false)}:${ss}`;
}
