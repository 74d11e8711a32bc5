// A part watching whether an element is on screen, hydrated from the server's HTML with
// React's real server renderer: it renders once, not again when its element is attached.
import { act, useRef } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { useInView } from './use-in-view.ts';

function Watched({ renders }: { renders: boolean[] }) {
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref, { initial: true });
  renders.push(inView);
  return <section ref={ref}>{inView ? 'on screen' : 'off screen'}</section>;
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

describe('useInView', () => {
  it('hydrates its owner in one render: attaching the element renders nothing again', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Watched renders={[]} />);
    const renders: boolean[] = [];
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Watched renders={renders} />, {
        onRecoverableError: (error) => errors.push(error),
      });
      await Promise.resolve();
    });
    expect(errors).toEqual([]);
    // jsdom has no IntersectionObserver: the initial answer stands.
    expect(renders).toEqual([true]);
    expect(container.textContent).toBe('on screen');
  });
});
