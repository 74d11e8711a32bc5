import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DestinationField, type ChosenDestination } from './destination-field.tsx';
import { useSearchPreferences } from './search-preferences.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderWithApp } from '../../../testing/render.tsx';

const PARIS = {
  type: 'city',
  id: 2988507,
  name: 'Paris',
  label: 'Paris, Île-de-France, France',
  city_id: 2988507,
  country_code: 'FR',
  country: 'France',
  hotel_count: 812,
};
const IDF = {
  type: 'place',
  id: 90011,
  name: 'Île-de-France',
  label: 'Île-de-France, France',
  place_type: 'region',
  country_code: 'FR',
  country: 'France',
  hotel_count: 1200,
};
const LUMIERE = {
  type: 'hotel',
  id: 1044,
  name: 'Hotel Lumière Opéra',
  label: 'Hotel Lumière Opéra, Paris, France',
  city_id: 2988507,
  country_code: 'FR',
  country: 'France',
};

function Harness({
  onChoose,
  debounceMs,
}: {
  onChoose: (choice: ChosenDestination) => void;
  debounceMs?: number;
}) {
  const [text, setText] = useState('');
  return (
    <DestinationField
      debounceMs={debounceMs}
      text={text}
      onTextChange={setText}
      onChoose={(choice) => {
        setText(choice.label);
        onChoose(choice);
      }}
      error={null}
    />
  );
}

beforeEach(() => {
  useSearchPreferences.setState({ recent: [], nationality: null });
});

describe('DestinationField', () => {
  it('waits for typing to pause, then asks once, and groups cities, places and hotels', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      '/destinations/autocomplete': () => ({ destinations: [PARIS, IDF, LUMIERE] }),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    // A long pause window, so that even a slow machine types "pari" inside it.
    renderWithApp(<Harness onChoose={() => undefined} debounceMs={800} />);
    await user.type(screen.getByRole('combobox', { name: 'Where are you going?' }), 'pari');
    expect(api.calls).toHaveLength(0);
    const cities = await screen.findByRole('group', { name: 'Cities' }, { timeout: 3000 });
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.url.searchParams.get('query')).toBe('pari');
    expect(within(cities).getByRole('option')).toHaveTextContent(
      /Paris.*Paris, Île-de-France, France.*City · 812 hotels/,
    );
    expect(
      within(screen.getByRole('group', { name: 'Regions and areas' })).getByRole('option'),
    ).toHaveTextContent(/Île-de-France.*Region/);
    expect(
      within(screen.getByRole('group', { name: 'Hotels' })).getByRole('option'),
    ).toHaveTextContent(/Hotel Lumière Opéra.*Hotel/);
  });

  it('aborts the request of a query the shopper has typed past', async () => {
    const signals: AbortSignal[] = [];
    const api = stubApi({
      '/destinations/autocomplete': (url, init) => {
        signals.push(init!.signal!);
        // The answer for "par" never comes: the shopper types on before it would.
        return url.searchParams.get('query') === 'par'
          ? new Promise(() => undefined)
          : { destinations: [PARIS] };
      },
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const user = userEvent.setup();
    renderWithApp(<Harness onChoose={() => undefined} />);
    const input = screen.getByRole('combobox');
    await user.type(input, 'par');
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await user.paste('is');
    await screen.findByRole('option', { name: /Paris/ });
    expect(api.calls.map((call) => call.url.searchParams.get('query'))).toEqual(['par', 'paris']);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
  });

  it('keeps type and id together when a destination is chosen', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      stubApi({ '/destinations/autocomplete': () => ({ destinations: [PARIS, LUMIERE] }) })
        .fetchStub,
    );
    const onChoose = vi.fn();
    renderWithApp(<Harness onChoose={onChoose} />);
    await user.type(screen.getByRole('combobox'), 'lumi');
    await screen.findByRole('group', { name: 'Hotels' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith({
      ref: { type: 'hotel', id: 1044 },
      label: 'Hotel Lumière Opéra, Paris, France',
    });
  });

  it('offers recent searches before anything is typed', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', stubApi({}).fetchStub);
    useSearchPreferences.setState({
      recent: [{ type: 'place', id: 7, label: 'Bali, Indonesia', query: 'dest=place:7' }],
    });
    const onChoose = vi.fn();
    renderWithApp(<Harness onChoose={onChoose} />);
    await user.click(screen.getByRole('combobox'));
    const recent = screen.getByRole('group', { name: 'Recent searches' });
    await user.click(within(recent).getByRole('option', { name: /Bali, Indonesia/ }));
    expect(onChoose).toHaveBeenCalledWith({
      ref: { type: 'place', id: 7 },
      label: 'Bali, Indonesia',
    });
  });
});
