// A media query's answer on a page the server rendered (with React's real server renderer
// and hydration): the server's "no match" first, with no mismatch, then the browser's.
import { act } from 'react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateOverServerHtml } from '../testing/hydrate.tsx';
import { useMediaQuery } from './use-media-query.ts';

const PHONE = '(max-width: 639px)';

function Layout({ drawn }: { drawn: boolean[] }) {
  const phone = useMediaQuery(PHONE);
  drawn.push(phone);
  return <p>{phone ? 'phone' : 'wide'}</p>;
}

/** A viewport where `PHONE` matches, and whose listeners the test can call. */
function phoneViewport() {
  const listeners = new Set<() => void>();
  let matches = true;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === PHONE && matches;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    resize(phone: boolean) {
      matches = phone;
      listeners.forEach((listener) => listener());
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useMediaQuery', () => {
  it('hydrates the server’s answer with no mismatch, then follows the viewport', async () => {
    const viewport = phoneViewport();
    const drawn: boolean[] = [];
    const { container, serverText, errors } = await hydrateOverServerHtml(
      <Layout drawn={[]} />,
      <Layout drawn={drawn} />,
    );
    expect(serverText).toBe('wide');
    expect(errors).toEqual([]);
    expect(drawn).toEqual([false, true]);
    expect(container.textContent).toBe('phone');

    act(() => viewport.resize(false));
    expect(container.textContent).toBe('wide');
  });

  it('answers from the first render of a part the browser renders', () => {
    const viewport = phoneViewport();
    const drawn: boolean[] = [];
    const { container } = render(<Layout drawn={drawn} />);
    expect(drawn[0]).toBe(true);
    expect(container.textContent).toBe('phone');
    act(() => viewport.resize(false));
    expect(container.textContent).toBe('wide');
  });
});
