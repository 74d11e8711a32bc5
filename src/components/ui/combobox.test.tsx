import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxGroup } from './combobox.tsx';

interface Place {
  id: string;
  name: string;
}

const GROUPS: ComboboxGroup<Place>[] = [
  {
    key: 'city',
    label: 'Cities',
    options: [
      { id: 'paris', name: 'Paris' },
      { id: 'parma', name: 'Parma' },
    ],
  },
  { key: 'hotel', label: 'Hotels', options: [{ id: 'h1', name: 'Hotel Paradis' }] },
];

function Harness({
  onSelect = () => undefined,
  groups = GROUPS,
  autoActivateFirst = true,
}: {
  onSelect?: (place: Place) => void;
  groups?: ComboboxGroup<Place>[];
  autoActivateFirst?: boolean;
}) {
  const [text, setText] = useState('');
  return (
    <Combobox<Place>
      label="Destination"
      value={text}
      onValueChange={setText}
      groups={text === '' ? [] : groups}
      optionKey={(place) => place.id}
      renderOption={(place) => place.name}
      onSelect={(place) => {
        setText(place.name);
        onSelect(place);
      }}
      emptyText={text === '' ? null : 'No matches'}
      autoActivateFirst={autoActivateFirst}
      announceCount={(count) => `${count} suggestions`}
    />
  );
}

/** The harness on screen (or `ui`), with "par" typed into its combobox. */
async function typedPar(ui = <Harness />) {
  const user = userEvent.setup();
  render(ui);
  const input = screen.getByRole('combobox');
  await user.type(input, 'par');
  return { user, input };
}

function activeOption(input: HTMLElement): HTMLElement | null {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
}

describe('Combobox (ARIA 1.2 editable combobox with listbox popup)', () => {
  it('links the input to its listbox and labels it', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Destination' });
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(input.getAttribute('aria-controls')!)).toHaveAttribute(
      'role',
      'listbox',
    );
  });

  it('opens while typing with the first option active, and announces the count', async () => {
    const { input } = await typedPar();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption(input)).toHaveTextContent('Paris');
    expect(activeOption(input)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('3 suggestions');
  });

  it('groups options under labelled groups', async () => {
    await typedPar();
    const cities = screen.getByRole('group', { name: 'Cities' });
    expect(
      within(cities)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Paris', 'Parma']);
    expect(
      within(screen.getByRole('group', { name: 'Hotels' })).getByRole('option'),
    ).toHaveTextContent('Hotel Paradis');
  });

  it('moves with Down and Up across groups, wrapping at both ends', async () => {
    const { user, input } = await typedPar();
    await user.keyboard('{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Parma');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Hotel Paradis');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Paris');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(input)).toHaveTextContent('Hotel Paradis');
    expect(input).toHaveFocus();
  });

  it('takes the active option with Enter and closes', async () => {
    const onSelect = vi.fn();
    const { user, input } = await typedPar(<Harness onSelect={onSelect} />);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith({ id: 'parma', name: 'Parma' });
    expect(input).toHaveValue('Parma');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('lets Enter submit the surrounding form when no option is active', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Harness autoActivateFirst={false} />
      </form>,
    );
    await user.type(screen.getByRole('combobox'), 'par');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape, then clears the text with a second Escape', async () => {
    const { user, input } = await typedPar();
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('par');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('opens with Alt+Down without moving, and with Down onto the first option', async () => {
    const { user, input } = await typedPar();
    await user.keyboard('{Escape}');
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Escape}{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Paris');
  });

  it('selects with the mouse without losing focus', async () => {
    const onSelect = vi.fn();
    const { user, input } = await typedPar(<Harness onSelect={onSelect} />);
    await user.click(screen.getByRole('option', { name: 'Hotel Paradis' }));
    expect(onSelect).toHaveBeenCalledWith({ id: 'h1', name: 'Hotel Paradis' });
    expect(input).toHaveFocus();
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness groups={[]} />);
    await user.type(screen.getByRole('combobox'), 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No matches');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  });
});
