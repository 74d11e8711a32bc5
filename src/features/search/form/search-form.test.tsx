import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../contract/index.ts';
import { localToday } from '../../../lib/format.ts';
import { readSearchDraft, type SearchDraft } from '../../../stay/search-url.ts';
import { moveCheckIn } from '../../../stay/fields/date-range-field.tsx';
import { filterNationalities } from '../../../stay/fields/nationality-field.tsx';
import { SearchForm, validateSearchForm } from './search-form.tsx';
import { useSearchPreferences } from './search-preferences.ts';
import { stubApi, type Route } from '../../../testing/api-stub.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { hotelItem, searchAnswer } from '../../../testing/search-fixtures.ts';

const PARIS = {
  type: 'city',
  id: 2988507,
  name: 'Paris',
  label: 'Paris, Île-de-France, France',
  country_code: 'FR',
  country: 'France',
  hotel_count: 812,
};

const today = localToday();
const emptyDraft = (): SearchDraft => readSearchDraft(new URLSearchParams());

function location() {
  return screen.getByTestId('location').textContent;
}

const checkIn = addDays(today, 10);
const checkOut = addDays(today, 13);
const parisPath =
  `/search?dest=city:2988507&label=Paris,%20%C3%8Ele-de-France,%20France` +
  `&checkin=${checkIn}&checkout=${checkOut}&rooms=2:7&nat=IN`;
const parisAnswer = () => searchAnswer([hotelItem('1', 10_000)], { checkIn, checkOut });

function stubApiWith(search: Route) {
  const api = stubApi({
    '/destinations/autocomplete': () => ({ destinations: [PARIS] }),
    '/master-data/nationalities': () => ({
      nationalities: [
        { iso_code: 'FR', name: 'France' },
        { iso_code: 'IN', name: 'India' },
      ],
    }),
    '/hotels/search': search,
  });
  vi.stubGlobal('fetch', api.fetchStub);
  return { searches: () => api.calls.filter((call) => call.path === '/hotels/search').length };
}

/** Paris, ten days ahead for three nights, two adults and a child of 7, from India. */
async function fillParisStay(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: 'Where are you going?' }), 'par');
  await screen.findByRole('option', { name: /Paris/ });
  await user.keyboard('{Enter}');
  fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: checkIn } });
  fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: checkOut } });
  expect(screen.getByText('3 nights')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /Rooms and guests/ }));
  await user.click(screen.getByRole('button', { name: 'Add a child to room 1' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Age of child 1' }), '7');
}

/**
 * The form rendered, filled and submitted, with the wait for a slow answer on a fake clock
 * that only the test moves, moved on by `ms`.
 */
async function submitParisStay(ms: number) {
  const user = userEvent.setup();
  renderWithApp(<SearchForm draft={emptyDraft()} />);
  await fillParisStay(user);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  useSearchPreferences.setState({ recent: [], nationality: null });
  stubApiWith(() => parisAnswer());
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SearchForm', () => {
  it('puts every input in the URL on submit', async () => {
    const user = userEvent.setup();
    renderWithApp(<SearchForm draft={emptyDraft()} />);
    await fillParisStay(user);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe(parisPath));
    expect(useSearchPreferences.getState().recent[0]).toMatchObject({
      type: 'city',
      id: 2988507,
    });
  });

  it('leaves for the results once the search has answered, asking for it once', async () => {
    let answer = () => {};
    const api = stubApiWith(
      () => new Promise((resolve) => (answer = () => resolve(parisAnswer()))),
    );
    await submitParisStay(0);
    expect(api.searches()).toBe(1);
    expect(location()).toBe('/');
    await act(async () => {
      answer();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(location()).toBe(parisPath);
    expect(api.searches()).toBe(1);
  });

  it('leaves without the answer when it is slow: the results page shows it searching', async () => {
    const api = stubApiWith(() => new Promise(() => {}));
    await submitParisStay(100);
    expect(api.searches()).toBe(1);
    expect(location()).toBe('/');
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(location()).toBe(parisPath);
  });

  it('refuses to search without a destination from the list, and focuses it', async () => {
    const user = userEvent.setup();
    renderWithApp(<SearchForm draft={emptyDraft()} />);
    await user.type(screen.getByRole('combobox', { name: 'Where are you going?' }), 'nowhere');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const destination = screen.getByRole('combobox', { name: 'Where are you going?' });
    expect(destination).toHaveFocus();
    expect(destination).toHaveAccessibleDescription('Choose a destination from the list.');
    expect(destination).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/');
  });

  it('asks for a missing child age at the field itself', async () => {
    const user = userEvent.setup();
    const draft: SearchDraft = {
      ...emptyDraft(),
      destination: { type: 'city', id: 1 },
      label: 'Paris',
    };
    renderWithApp(<SearchForm draft={draft} />);
    await user.click(screen.getByRole('button', { name: /Rooms and guests/ }));
    await user.click(screen.getByRole('button', { name: 'Add a child to room 1' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Age of child 1' })).toHaveFocus(),
    );
    expect(screen.getByText(/Choose the age of each child/)).toBeVisible();
    expect(location()).toBe('/');
  });

  it('shows the server’s field problems at their fields until the field is changed', () => {
    const draft: SearchDraft = {
      ...emptyDraft(),
      destination: { type: 'city', id: 1 },
      label: 'Paris',
      checkIn: addDays(today, 5),
      checkOut: addDays(today, 4),
    };
    renderWithApp(
      <SearchForm
        draft={draft}
        serverIssues={[{ field: 'check_out', message: 'must be after check_in' }]}
      />,
    );
    const checkOut = screen.getByLabelText('Check-out');
    expect(checkOut).toHaveAttribute('aria-invalid', 'true');
    expect(checkOut).toHaveAccessibleDescription(
      'Choose a check-out date after check-in, at most 30 nights later.',
    );
    fireEvent.change(checkOut, { target: { value: addDays(today, 7) } });
    expect(checkOut).not.toHaveAttribute('aria-invalid');
  });

  it('offers check-in from the traveller’s today and check-out within 30 nights', () => {
    renderWithApp(<SearchForm draft={emptyDraft()} />);
    const checkIn = screen.getByLabelText('Check-in');
    expect(checkIn).toHaveAttribute('min', today);
    fireEvent.change(checkIn, { target: { value: addDays(today, 20) } });
    const checkOut = screen.getByLabelText('Check-out');
    expect(checkOut).toHaveAttribute('min', addDays(today, 21));
    expect(checkOut).toHaveAttribute('max', addDays(today, 50));
  });

  it('shows the remembered nationality by name, and remembers a new choice', async () => {
    const user = userEvent.setup();
    renderWithApp(<SearchForm draft={{ ...emptyDraft(), nationality: 'IN' }} />);
    const nationality = screen.getByRole('combobox', { name: 'Nationality' });
    expect(nationality).toHaveValue('India');
    await user.click(nationality);
    await user.keyboard('fra');
    await screen.findByRole('option', { name: 'France' });
    await user.keyboard('{Enter}');
    expect(nationality).toHaveValue('France');
    expect(useSearchPreferences.getState().nationality).toBe('FR');
  });
});

describe('date and nationality helpers', () => {
  it('keeps the stay length when check-in moves past check-out', () => {
    expect(moveCheckIn({ checkIn: '2026-12-01', checkOut: '2026-12-04' }, '2026-12-10')).toEqual({
      checkIn: '2026-12-10',
      checkOut: '2026-12-13',
    });
    expect(moveCheckIn({ checkIn: '2026-12-01', checkOut: '2026-12-04' }, '2026-12-02')).toEqual({
      checkIn: '2026-12-02',
      checkOut: '2026-12-04',
    });
  });

  it('finds nationalities by name prefix first, ignoring accents, and by code', () => {
    const list = [
      { iso_code: 'CI', name: 'Côte d’Ivoire' },
      { iso_code: 'FR', name: 'France' },
      { iso_code: 'TR', name: 'Türkiye' },
      { iso_code: 'PF', name: 'French Polynesia' },
    ];
    expect(filterNationalities(list, 'cote').map((n) => n.iso_code)).toEqual(['CI']);
    expect(filterNationalities(list, 'turk').map((n) => n.iso_code)).toEqual(['TR']);
    expect(filterNationalities(list, 'fr').map((n) => n.iso_code)).toEqual(['FR', 'PF']);
    expect(filterNationalities(list, 'nesia').map((n) => n.iso_code)).toEqual(['PF']);
  });
});

describe('validateSearchForm', () => {
  type FormInput = Parameters<typeof validateSearchForm>[0];
  const valid: FormInput = {
    destination: { ref: { type: 'city', id: 2988507 }, label: 'Paris' },
    stay: {
      dates: { checkIn: '2026-12-01', checkOut: '2026-12-03' },
      rooms: [{ adults: 2, child_ages: [] }],
      nationality: 'IN',
    },
  };
  const check = (patch: Partial<FormInput>) =>
    validateSearchForm({ ...valid, ...patch }, '2026-11-24');

  it('accepts a stay the API accepts', () => {
    expect(check({})).toEqual([]);
  });

  it('names each field the stay rules refuse, in the order of the form', () => {
    expect(
      check({
        destination: null,
        stay: {
          dates: { checkIn: '2026-12-03', checkOut: '2026-12-03' },
          rooms: [{ adults: 1, child_ages: [null] }],
          nationality: 'XX',
        },
      }),
    ).toEqual(['destination', 'checkOut', 'rooms', 'nationality']);
  });
});
