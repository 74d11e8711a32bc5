import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine } from './calendar.ts';

describe('buildIcs', () => {
  const ics = buildIcs({
    uid: 'ABC1234@staylane',
    startDate: '2026-12-12',
    endDate: '2026-12-15',
    summary: 'Stay at Hotel Lumière, Opéra',
    location: 'Lisbon; Portugal',
    description: 'Reference ABC1234\nDouble Room',
    stamp: new Date('2026-11-22T04:56:25.123Z'),
  });

  it('is one all-day VEVENT with CRLF line endings', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Staylane//Booking//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ]);
    // No bare LF anywhere: every line break is CRLF.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes the dates as VALUE=DATE and the stamp in UTC', () => {
    expect(ics).toContain('\r\nDTSTART;VALUE=DATE:20261212\r\n');
    expect(ics).toContain('\r\nDTEND;VALUE=DATE:20261215\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261122T045625Z\r\n');
  });

  it('escapes text values', () => {
    expect(ics).toContain('\r\nSUMMARY:Stay at Hotel Lumière\\, Opéra\r\n');
    expect(ics).toContain('\r\nLOCATION:Lisbon\\; Portugal\r\n');
    expect(ics).toContain('\r\nDESCRIPTION:Reference ABC1234\\nDouble Room\r\n');
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() =>
      buildIcs({
        uid: 'x',
        startDate: '12/12/2026',
        endDate: '2026-12-13',
        summary: 's',
        stamp: new Date(),
      }),
    ).toThrow(/not a date/);
  });
});

describe('escapeIcsText', () => {
  it('escapes backslashes first, then ; , and line breaks', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});

describe('foldIcsLine', () => {
  const octets = (text: string) => new TextEncoder().encode(text).length;

  it('leaves a line of 75 octets alone', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(foldIcsLine(line)).toBe(line);
  });

  it('folds longer lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    parts.slice(1).forEach((part) => expect(part.startsWith(' ')).toBe(true));
    // Unfolding gives the original line back.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});
