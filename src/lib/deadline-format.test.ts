import { describe, expect, it } from 'vitest';
import { formatDeadline, formatTimeLeft } from './deadline-format.ts';

// ICU puts a narrow no-break space before AM/PM in recent versions; compare words.
const plain = (text: string | null) => text?.replace(/\s/g, ' ');

describe('formatDeadline', () => {
  it('shows the hotel-local and the traveller time of one instant', () => {
    const text = formatDeadline('2026-12-10T23:59:00Z', 'en', 'Asia/Kolkata', 'America/New_York');
    expect(plain(text.hotel)).toBe('Dec 11, 2026, 5:29 AM');
    expect(plain(text.traveller)).toBe('Dec 10, 2026, 6:59 PM');
    expect(text.sameWallClock).toBe(false);
  });

  it('says it once when both clocks read the same', () => {
    const text = formatDeadline('2026-12-10T23:59:00Z', 'en', 'Europe/Lisbon', 'Europe/London');
    expect(plain(text.hotel)).toBe('Dec 10, 2026, 11:59 PM');
    expect(text.sameWallClock).toBe(true);
  });

  it('formats in the UI language', () => {
    const text = formatDeadline('2026-12-10T23:59:00Z', 'fr', 'Europe/Paris', 'Asia/Tokyo');
    expect(plain(text.hotel)).toBe('11 déc. 2026, 00:59');
    expect(plain(text.traveller)).toBe('11 déc. 2026, 08:59');
  });

  it('falls back to the traveller clock alone for an unknown zone', () => {
    const text = formatDeadline('2026-12-10T23:59:00Z', 'en', 'Mars/Olympus', 'UTC');
    expect(text.hotel).toBeNull();
    expect(text.sameWallClock).toBe(true);
    expect(plain(text.traveller)).toBe('Dec 10, 2026, 11:59 PM');
  });
});

describe('formatTimeLeft', () => {
  it('counts down in minutes and seconds, hours when needed, never below zero', () => {
    expect(formatTimeLeft(581_000)).toBe('9:41');
    expect(formatTimeLeft(19_200)).toBe('0:20');
    expect(formatTimeLeft(3_725_000)).toBe('1:02:05');
    expect(formatTimeLeft(-5_000)).toBe('0:00');
  });

  it('uses the digits of the locale', () => {
    expect(formatTimeLeft(65_000, 'ar-u-nu-arab')).toBe('١:٠٥');
  });
});
