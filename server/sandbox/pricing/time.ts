// Hotel-local time: cancellation deadlines are "midnight at the hotel", which is a
// different UTC instant in Tokyo and in Honolulu.
const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in ms (Asia/Tokyo: +9 h). */
export function zoneOffsetMs(atMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(atMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - Math.floor(atMs / 1000) * 1000;
}

/** The UTC instant of 00:00 local time on a day (days since 1970-01-01) in a zone. */
export function localMidnightUtc(day: number, timeZone: string): number {
  const guess = day * DAY_MS;
  const first = guess - zoneOffsetMs(guess, timeZone);
  // Around a DST change the offset at the first estimate can differ; one correction suffices.
  return guess - zoneOffsetMs(first, timeZone);
}
