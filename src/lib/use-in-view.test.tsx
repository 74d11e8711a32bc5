// A part watching whether an element is on screen, hydrated from the server's HTML with
// React's real server renderer: it renders once, not again when its element is attached.
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { hydrateOverServerHtml } from '../testing/hydrate.tsx';
import { useInView } from './use-in-view.ts';

function Watched({ renders }: { renders: boolean[] }) {
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref, { initial: true });
  renders.push(inView);
  return <section ref={ref}>{inView ? 'on screen' : 'off screen'}</section>;
}

describe('useInView', () => {
  it('hydrates its owner in one render: attaching the element renders nothing again', async () => {
    const renders: boolean[] = [];
    const { container, errors } = await hydrateOverServerHtml(
      <Watched renders={[]} />,
      <Watched renders={renders} />,
    );
    expect(errors).toEqual([]);
    // jsdom has no IntersectionObserver: the initial answer stands.
    expect(renders).toEqual([true]);
    expect(container.textContent).toBe('on screen');
  });
});
