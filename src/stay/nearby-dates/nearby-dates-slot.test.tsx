// The slot the pages keep for their nearby dates: the server draws its placeholder only, and
// what goes in it (the code, the searches) is drawn once the page has hydrated and the slot
// is near the screen, never before.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateOverServerHtml } from '../../testing/hydrate.tsx';
import { NearbyDatesSlot } from './nearby-dates-slot.tsx';

afterEach(() => vi.unstubAllGlobals());

/** An IntersectionObserver whose targets come on screen when the test says so. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; target: Element | null }[] = [];
  class FakeObserver {
    private readonly entry: { callback: IntersectionObserverCallback; target: Element | null };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, target: null };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.target = target;
    }
    disconnect() {
      this.entry.target = null;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    show(isIntersecting: boolean) {
      for (const { callback, target } of observers) {
        if (!target) continue;
        callback(
          [{ isIntersecting, target } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        );
      }
    },
  };
}

function Dates({ drawn }: { drawn: string[] }) {
  drawn.push('dates');
  return <p>the dates</p>;
}

describe('NearbyDatesSlot', () => {
  it('is drawn by the server as its placeholder alone, and stays so until near the screen', async () => {
    const drawn: string[] = [];
    const { container, serverText, errors } = await hydrateOverServerHtml(
      <NearbyDatesSlot>
        <Dates drawn={drawn} />
      </NearbyDatesSlot>,
      <NearbyDatesSlot>
        <Dates drawn={drawn} />
      </NearbyDatesSlot>,
    );
    expect(errors).toEqual([]);
    expect(serverText).toBe('');
    expect(drawn).toEqual([]);
    // jsdom has no IntersectionObserver: never proven on screen, never drawn.
    expect(container.textContent).toBe('');
    expect(container.querySelector('[aria-hidden="true"]')?.children).toHaveLength(7);
  });

  it('draws what goes in once near the screen, and keeps it when scrolled away', async () => {
    const screenEdge = stubIntersectionObserver();
    const drawn: string[] = [];
    const slot = (
      <NearbyDatesSlot>
        <Dates drawn={drawn} />
      </NearbyDatesSlot>
    );
    const { container, errors } = await hydrateOverServerHtml(slot, slot);
    expect(errors).toEqual([]);
    expect(drawn).toEqual([]);
    await act(async () => {
      screenEdge.show(true);
      await Promise.resolve();
    });
    expect(container.textContent).toBe('the dates');
    await act(async () => {
      screenEdge.show(false);
      await Promise.resolve();
    });
    expect(container.textContent).toBe('the dates');
  });
});
