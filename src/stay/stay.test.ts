import { describe, expect, it } from 'vitest';
import { hotelStayPath } from './stay.ts';
import { parseStay, resultsPathOf } from './stay-check.ts';

const now = () => new Date('2026-11-22T12:00:00Z');
const search =
  'dest=city:2267057&label=Lisbon%2C%20Portugal&checkin=2026-12-12&checkout=2026-12-14&rooms=2,1:7&nat=PT&sort=stars&stars=4';

describe('parseStay', () => {
  it('reads the same dates, occupancy and nationality as the search', () => {
    const parsed = parseStay(search, '8760001', now);
    expect(parsed.ok).toBe(true);
    expect(parsed.stay).toEqual({
      checkIn: '2026-12-12',
      checkOut: '2026-12-14',
      rooms: [
        { adults: 2, child_ages: [] },
        { adults: 1, child_ages: [7] },
      ],
      nationality: 'PT',
    });
  });

  it('names what cannot be priced, as the API would', () => {
    const parsed = parseStay('checkin=2026-12-14&checkout=2026-12-12&rooms=6', '1', now);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.map((issue) => issue.field)).toEqual(
      expect.arrayContaining(['check_out', 'rooms[0].adults']),
    );
  });

  it('needs dates: a bare hotel link has none', () => {
    const parsed = parseStay('', '1', now);
    expect(parsed.ok).toBe(false);
  });
});

describe('hotelStayPath', () => {
  it('changes the stay and keeps every other search input', () => {
    const parsed = parseStay(search, '8760001', now);
    const path = hotelStayPath('8760001', parsed.draft, {
      ...parsed.stay,
      checkOut: '2026-12-15',
      rooms: [{ adults: 3, child_ages: [] }],
    });
    const url = new URL(path, 'http://localhost');
    expect(url.pathname).toBe('/hotels/8760001');
    expect(url.searchParams.get('checkout')).toBe('2026-12-15');
    expect(url.searchParams.get('rooms')).toBe('3');
    expect(url.searchParams.get('dest')).toBe('city:2267057');
    expect(url.searchParams.get('sort')).toBe('stars');
    expect(url.searchParams.get('stars')).toBe('4');
  });
});

describe('resultsPathOf', () => {
  it('is the results of the same search, or null without one', () => {
    const path = resultsPathOf(search, now);
    expect(path?.startsWith('/search?dest=city:2267057&')).toBe(true);
    expect(path).toContain('checkin=2026-12-12');
    expect(resultsPathOf('checkin=2026-12-12&checkout=2026-12-14', now)).toBeNull();
  });
});
