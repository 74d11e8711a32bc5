import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../../contract/index.ts';
import { localToday } from '../../../lib/format.ts';
import type { SearchInput } from '../../../stay/search-url.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { RecentSearches } from './recent-searches.tsx';
import { exampleSearch } from '../../../testing/search-fixtures.ts';
import { runAgain, useSearchPreferences } from './search-preferences.ts';

const today = localToday();

const search = exampleSearch;

const submit = (input: SearchInput) => useSearchPreferences.getState().searchSubmitted(input);

beforeEach(() => {
  localStorage.clear();
  useSearchPreferences.setState({ recent: [], nationality: null });
});

describe('recent searches', () => {
  it('keeps whole searches, distinct by place, dates, guests and nationality, latest first', () => {
    submit(search());
    submit(search({ checkIn: addDays(today, 20), checkOut: addDays(today, 21) }));
    submit(search({ rooms: [{ adults: 1, child_ages: [7] }] }));
    submit(search({ sort: 'stars' })); // the same search, sorted otherwise: moves to the top
    const recent = useSearchPreferences.getState().recent;
    expect(recent).toHaveLength(3);
    expect(recent[0]?.query).toContain('sort=stars');
    for (let n = 0; n < 6; n++)
      submit(search({ checkIn: addDays(today, 30 + n), checkOut: addDays(today, 31 + n) }));
    expect(useSearchPreferences.getState().recent).toHaveLength(5);
  });

  it('runs a search whose dates have passed from today, for the same number of nights', () => {
    const past = { type: 'city' as const, id: 1, label: 'Lisbon', query: '' };
    past.query = `dest=city:2267057&label=Lisbon&checkin=${addDays(today, -9)}&checkout=${addDays(today, -6)}&rooms=2&nat=FR`;
    expect(runAgain(past, today)).toMatchObject({
      checkIn: today,
      checkOut: addDays(today, 3),
      nationality: 'FR',
    });
    expect(runAgain({ ...past, query: 'dest=nowhere' }, today)).toBeNull();
  });

  it('lists them on the home page to run again in one tap, and Clear removes them', async () => {
    submit(search());
    submit(search({ label: 'Lisbon, Portugal', destination: { type: 'city', id: 2267057 } }));
    renderWithApp(<RecentSearches />);
    const list = screen.getByRole('region', { name: 'Your recent searches' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Lisbon, Portugal'),
      expect.stringContaining('Paris, France'),
    ]);
    expect(links[0]).toHaveTextContent('2 nights');
    expect(links[0]).toHaveTextContent('2 adults · 1 room');
    await userEvent.click(links[1]!);
    expect(screen.getByTestId('location').textContent).toMatch(/^\/search\?dest=city:2988507&/);
  });

  it('shows nothing without recent searches, and nothing after Clear', async () => {
    renderWithApp(<RecentSearches />);
    expect(screen.queryByRole('region', { name: 'Your recent searches' })).toBeNull();
    cleanup();
    submit(search());
    renderWithApp(<RecentSearches />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Your recent searches' })).toBeNull();
    expect(useSearchPreferences.getState().recent).toEqual([]);
    expect(localStorage.getItem('staylane.search')).toContain('"recent":[]');
  });
});
