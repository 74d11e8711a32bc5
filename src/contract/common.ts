// Conventions shared by every endpoint of the hotel API (docs/api.md, "Conventions")
// and by the app server's /api surface: languages, error codes, dates. The schemas of the
// shared pieces (envelopes, ids, money, dates) are common-schemas.ts's, so that a page can
// use these rules without loading the library that runs the schemas.
import type * as z from 'zod/mini';
import type { ErrorDetail } from './common-schemas.ts';

/* ------------------------------------------------------------------ languages */

export const SUPPORTED_LANGUAGES = ['en', 'fr', 'de', 'es', 'ar', 'hi', 'ja'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: string): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The `language` header names one code ("fr"); a regional tag ("fr-CA") or an
 * Accept-Language-like list is reduced to its first supported primary subtag.
 * Anything else falls back to English, as the contract says.
 */
export function resolveLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.slice(0, 200).split(',')) {
    const primary = part.split(';')[0]?.trim().split('-')[0]?.toLowerCase() ?? '';
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** Languages written right to left: the page's `dir` flips for them. */
export function isRightToLeft(language: string): boolean {
  return language === 'ar';
}

/** Where the header's language and currency menus post to when the page has no script yet. */
export const PREFERENCES_PATH = '/preferences';

/** The cookie that carries the shopper's chosen UI language, so pages are served in it. */
export const LANGUAGE_COOKIE = 'staylane_lang';

/** A cookie's value in a Cookie header (or document.cookie), or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/**
 * A shopper's choice of language or currency as a cookie, set by the browser or by the
 * server answering the preferences form: a year, the whole site, sent on top-level
 * navigations from elsewhere (so a shared link opens in the shopper's language), and only
 * over HTTPS when the page came over it.
 */
export function preferenceCookie(name: string, value: string, secure: boolean): string {
  return `${name}=${value}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The language of a page: the shopper's choice (the cookie), else the first language the
 * browser asks for that the app speaks, else English.
 */
export function pageLanguage(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Language {
  const chosen = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  return chosen !== null && isLanguage(chosen) ? chosen : resolveLanguage(acceptLanguage);
}

/* ------------------------------------------------------------------ request ids */

export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

export function isValidRequestId(value: string | null | undefined): value is string {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value);
}

/* ------------------------------------------------------------------ errors */

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_CURSOR',
  'IDEMPOTENCY_KEY_REQUIRED',
  'INVALID_JSON',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'DESTINATION_NOT_FOUND',
  'HOTEL_NOT_FOUND',
  'SEARCH_NOT_FOUND',
  'BOOKING_NOT_FOUND',
  'RATE_UNAVAILABLE',
  'PREBOOK_ALREADY_BOOKED',
  'IDEMPOTENCY_IN_PROGRESS',
  'BOOKING_TOKEN_EXPIRED',
  'PREBOOK_EXPIRED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'IDEMPOTENCY_KEY_MISMATCH',
  'RATE_LIMITED',
  'INTERNAL',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
  'NOT_READY',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status that goes with each code (docs/api.md, "Error codes"). */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 400,
  INVALID_CURSOR: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  DESTINATION_NOT_FOUND: 404,
  HOTEL_NOT_FOUND: 404,
  SEARCH_NOT_FOUND: 404,
  BOOKING_NOT_FOUND: 404,
  RATE_UNAVAILABLE: 409,
  PREBOOK_ALREADY_BOOKED: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  BOOKING_TOKEN_EXPIRED: 410,
  PREBOOK_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_MISMATCH: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_UNAVAILABLE: 502,
  UPSTREAM_TIMEOUT: 504,
  NOT_READY: 503,
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  data: T;
}

export function successEnvelope<T>(message: string, data: T): SuccessEnvelope<T> {
  return { success: true, message, data };
}

/* ------------------------------------------------------------------ issues → details */

/** ['rooms', 0, 'child_ages', 1] → "rooms[0].child_ages[1]" */
export function formatFieldPath(path: readonly PropertyKey[], root = ''): string {
  let out = root;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(body)' : out;
}

/**
 * Every field with a problem, once, with its first message (a form shows one
 * message per field). `root` prefixes paths, e.g. "holder" for a sub-form.
 */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[], root = ''): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = formatFieldPath(issue.path, root);
    if (seen.has(field)) continue;
    seen.add(field);
    details.push({ field, message: issue.message });
  }
  return details;
}

/** The human summary of a list of details: the first one, plus how many more. */
export function summarizeDetails(details: readonly ErrorDetail[]): string {
  const first = details[0];
  if (!first) return 'The request is not valid';
  const head = first.field === '(body)' ? first.message : `${first.field} ${first.message}`;
  return details.length === 1 ? head : `${head} (and ${details.length - 1} more problems)`;
}

/* ------------------------------------------------------------------ dates */

export const MAX_NIGHTS = 30;
export const MAX_DAYS_AHEAD = 500;
const DAY_MS = 86_400_000;

/** A clock: every rule that depends on "now" takes one, so tests and the sandbox can fix it. */
export type Now = () => Date;
export const systemNow: Now = () => new Date();

export function isValidIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days since 1970-01-01 for a valid YYYY-MM-DD. */
export function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dateFromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateFromDayNumber(dayNumber(date) + days);
}

export function nightsBetween(checkIn: string, checkOut: string): number {
  return dayNumber(checkOut) - dayNumber(checkIn);
}

/**
 * "Today" for check_in is the date in UTC−12, the last place on Earth where a
 * day is still going on, so no traveller's own today is ever refused.
 */
export function todayForCheckIn(now: Date): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}
