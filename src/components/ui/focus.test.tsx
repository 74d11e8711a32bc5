import { render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusOnMount } from './focus.ts';

function Page({ trigger, alert = false }: { trigger?: string; alert?: boolean }) {
  const heading = useFocusOnMount<HTMLHeadingElement>({ trigger });
  return (
    <section>
      <h1 ref={heading} tabIndex={-1}>
        Page
      </h1>
      <button type="button">Elsewhere</button>
      {alert && <Alert />}
    </section>
  );
}

/** A notice that takes focus itself, as the checkout's hold-expired alert does. */
function Alert() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="alert">
      Your hold expired
    </div>
  );
}

describe('useFocusOnMount', () => {
  it('moves focus to its element when it mounts', () => {
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Page' })).toHaveFocus();
  });

  it('focuses again when the trigger changes, and not on other renders', () => {
    const { rerender } = render(<Page trigger="a" />);
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    rerender(<Page trigger="a" />);
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    rerender(<Page trigger="b" />);
    expect(screen.getByRole('heading', { name: 'Page' })).toHaveFocus();
  });

  it('leaves focus on an alert that took it to be heard first', () => {
    render(<Page alert />);
    expect(screen.getByRole('alert')).toHaveFocus();
  });
});
