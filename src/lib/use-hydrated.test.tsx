// The switch from what the server drew to the browser's own view, with React's real
// server renderer and hydration: no mismatch, parts inside a Suspense boundary (hydrated
// after the rest) included, and the page marked as answering input only once its parts
// outside such a boundary show the browser's view.
import { Suspense } from 'react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateOverServerHtml } from '../testing/hydrate.tsx';
import { InteractiveMark, useHydrated } from './use-hydrated.ts';

interface Drawn {
  hydrated: boolean;
  /** Whether the page was marked as answering input when this was committed. */
  marked: boolean;
}

function isMarked(): boolean {
  return document.documentElement.dataset.interactive !== undefined;
}

function View({ name, log }: { name: string; log: Map<string, Drawn[]> }) {
  const hydrated = useHydrated();
  return (
    <p
      ref={(element) => {
        if (!element) return;
        const drawn = log.get(name) ?? [];
        drawn.push({ hydrated, marked: isMarked() });
        log.set(name, drawn);
      }}
    >
      {hydrated ? 'browser view' : 'server view'}
    </p>
  );
}

function page(log: Map<string, Drawn[]>) {
  return (
    <main>
      <InteractiveMark />
      <View name="outside" log={log} />
      <Suspense fallback={<p>loading</p>}>
        <View name="inside" log={log} />
      </Suspense>
    </main>
  );
}

afterEach(() => {
  delete document.documentElement.dataset.interactive;
});

describe('useHydrated', () => {
  it('hydrates the server’s view, then draws the browser’s, with no mismatch; the page is marked after', async () => {
    const log = new Map<string, Drawn[]>();
    const { container, serverText, errors } = await hydrateOverServerHtml(
      page(new Map()),
      page(log),
    );
    expect(serverText).toBe('server viewserver view');
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('browser viewbrowser view');
    for (const name of ['outside', 'inside']) {
      const drawn = log.get(name) ?? [];
      expect(drawn[0]?.hydrated).toBe(false);
      expect(drawn.at(-1)?.hydrated).toBe(true);
    }
    expect(log.get('outside')?.map((drawn) => drawn.marked)).toEqual([false, false]);
    expect(isMarked()).toBe(true);
  });

  it('draws the browser’s view from the first render of a page the browser renders, and marks it', () => {
    const log = new Map<string, Drawn[]>();
    const { container } = render(page(log));
    expect(container.textContent).toBe('browser viewbrowser view');
    expect([...log.values()].flat().every((drawn) => drawn.hydrated)).toBe(true);
    expect(isMarked()).toBe(true);
  });
});
