import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <h1 tabIndex={-1}>Behind</h1>
      <Dialog open={open} onClose={() => setOpen(false)} title="Filters" closeLabel="Close">
        <label>
          <input type="checkbox" /> Pool
        </label>
        <label>
          <input type="checkbox" /> Spa
        </label>
      </Dialog>
    </>
  );
}

async function opened() {
  const user = userEvent.setup();
  render(<Page />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Filters' }) };
}

describe('the dialog', () => {
  it('opens as a modal named by its title, the keyboard on its first control', async () => {
    const { dialog } = await opened();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab among its own controls', async () => {
    const { user } = await opened();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Pool' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Spa' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('checkbox', { name: 'Spa' })).toHaveFocus();
  });

  it('takes back focus sent behind it, to where it was', async () => {
    const { user } = await opened();
    await user.tab();
    screen.getByRole('heading', { name: 'Behind' }).focus();
    expect(screen.getByRole('checkbox', { name: 'Pool' })).toHaveFocus();
  });

  it('keeps focus when the backdrop is pressed', async () => {
    const { dialog } = await opened();
    const backdrop = dialog.parentElement;
    if (!backdrop) throw new Error('no backdrop');
    expect(fireEvent.mouseDown(backdrop)).toBe(false);
  });

  it('closes on Escape and gives focus back to what opened it', async () => {
    const { user } = await opened();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('leaves Escape to a control inside that used it', async () => {
    const { user, dialog } = await opened();
    screen.getByRole('checkbox', { name: 'Pool' }).addEventListener('keydown', (event) => {
      if (event.key === 'Escape') event.preventDefault();
    });
    await user.click(screen.getByRole('checkbox', { name: 'Pool' }));
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
  });

  it('answers a Tab pressed before it has found its controls, once it has', async () => {
    // A dialog module of its own, whose walk of the controls has not been asked for yet.
    vi.resetModules();
    const { Dialog: FirstDialog } = await import('./dialog.tsx');
    render(
      <FirstDialog open onClose={() => undefined} title="Dates" closeLabel="Close">
        <input aria-label="Check-in" />
      </FirstDialog>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    // The key is held (focus does not leave the dialog meanwhile), then answered.
    expect(fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Tab' })).toBe(false);
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'Check-in' })).toHaveFocus();
    });
  });
});
