// The instant every test clock starts at, on every side (the contract's tests, the
// browser's, the app server's, the sandbox's) and in the benches: one "now" for all.
// It sits beside the contract because the contract's stay rules are what make it
// matter: "today" for a check-in is the earliest calendar date anywhere on Earth.

/**
 * 2026-11-22T10:00Z (ms): in UTC−12 it is still 2026-11-21, the earliest accepted
 * check_in; the tests' December stays lie ahead of it.
 */
export const TEST_NOW = Date.parse('2026-11-22T10:00:00Z');

/**
 * A date `days` from the machine's own today, as YYYY-MM-DD: for the journeys and the
 * benches, which run against a server on the real clock rather than at TEST_NOW.
 */
export function isoDate(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
