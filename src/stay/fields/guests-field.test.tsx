import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { GuestsField } from './guests-field.tsx';
import type { RoomDraft } from '../guests.ts';
import { renderWithApp } from '../../testing/render.tsx';

function Harness({ initial }: { initial: RoomDraft[] }) {
  const [rooms, setRooms] = useState(initial);
  return <GuestsField rooms={rooms} onChange={setRooms} error={null} />;
}

describe('GuestsField', () => {
  it('summarizes the guests on its button and opens a panel per room', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial={[{ adults: 2, child_ages: [] }]} />);
    const toggle = screen.getByRole('button', { name: /Rooms and guests 2 adults · 1 room/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Room 1' })).toBeVisible();
  });

  it('blocks a sixth person in a room with a visible reason, before any submit', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial={[{ adults: 4, child_ages: [] }]} />);
    await user.click(screen.getByRole('button', { name: /Rooms and guests/ }));
    const addChild = screen.getByRole('button', { name: 'Add a child to room 1' });
    await user.click(addChild);
    const addAdult = screen.getByRole('button', { name: 'Add an adult to room 1' });
    expect(addAdult).toHaveAttribute('aria-disabled', 'true');
    expect(addChild).toHaveAttribute('aria-disabled', 'true');
    const reason = 'A room holds at most 5 people, children included. Add a room for more.';
    expect(screen.getByText(reason)).toBeVisible();
    expect(addAdult).toHaveAccessibleDescription(reason);
    await user.click(addAdult);
    expect(
      screen.getByRole('button', { name: /Rooms and guests 4 adults · 1 child · 1 room/ }),
    ).toBeInTheDocument();
  });

  it('asks for each child’s age, from “Under 1 year” to 17', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial={[{ adults: 1, child_ages: [] }]} />);
    await user.click(screen.getByRole('button', { name: /Rooms and guests/ }));
    await user.click(screen.getByRole('button', { name: 'Add a child to room 1' }));
    const age = screen.getByRole('combobox', { name: 'Age of child 1' });
    expect(age).toHaveValue('');
    const options = within(age)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options[1]).toBe('Under 1 year');
    expect(options.at(-1)).toBe('17 years');
    expect(options).toHaveLength(19);
    await user.selectOptions(age, '7');
    expect(age).toHaveValue('7');
  });

  it('stops at 5 rooms and says why', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial={[{ adults: 1, child_ages: [] }]} />);
    await user.click(screen.getByRole('button', { name: /Rooms and guests/ }));
    const addRoom = screen.getByRole('button', { name: 'Add a room' });
    for (let i = 0; i < 6; i++) await user.click(addRoom);
    expect(screen.getAllByRole('group', { name: /^Room \d$/ })).toHaveLength(5);
    expect(addRoom).toHaveAttribute('aria-disabled', 'true');
    expect(addRoom).toHaveAccessibleDescription('Up to 5 rooms per search.');
    await user.click(screen.getByRole('button', { name: 'Remove room 3' }));
    expect(screen.getAllByRole('group', { name: /^Room \d$/ })).toHaveLength(4);
    expect(addRoom).not.toHaveAttribute('aria-disabled');
  });

  it('closes with Escape back onto its button', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial={[{ adults: 2, child_ages: [] }]} />);
    const toggle = screen.getByRole('button', { name: /Rooms and guests/ });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Add an adult to room 1' }));
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
