import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  Component as ClassComponent,
  startTransition,
  Suspense,
  useState,
  type ReactNode,
} from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAILED_LOAD_KEPT_MS, preloadableLazy } from './preloadable-lazy.tsx';

/** Renders inside an awaited act, so a component that suspends on mount settles. */
async function renderSettled(ui: ReactNode) {
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(ui);
    await Promise.resolve();
  });
  return view!;
}

afterEach(() => {
  vi.useRealTimers();
});

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** Hello, whose code arrives when `release` is awaited. */
function gatedHello() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const lazy = preloadableLazy(async () => {
    await gate;
    return Hello;
  });
  const release = async () => {
    open();
    await gate;
  };
  return { ...lazy, release };
}

describe('preloadableLazy', () => {
  it('suspends while the code is still loading', async () => {
    const { Component, release } = gatedHello();
    await renderSettled(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Asha" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(release);
    expect(await screen.findByText('Hello Asha')).toBeInTheDocument();
  });

  it('calls use() on every render: a transition that suspended resumes without a warning', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { Component, release } = gatedHello();
    function Page() {
      const [on, setOn] = useState(false);
      return (
        <>
          {/* A navigation is a transition: React replays the suspended render when the code lands. */}
          <button type="button" onClick={() => startTransition(() => setOn(true))}>
            Show
          </button>
          <Suspense fallback={<p>Loading</p>}>{on ? <Component name="Mei" /> : null}</Suspense>
        </>
      );
    }
    render(<Page />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show' }));
      await Promise.resolve();
    });
    await act(release);
    expect(await screen.findByText('Hello Mei')).toBeInTheDocument();
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    errors.mockRestore();
  });

  it('renders at once, without a fallback, once preloaded', async () => {
    let loads = 0;
    const { Component, preload } = preloadableLazy(() => {
      loads += 1;
      return Promise.resolve(Hello);
    });
    await Promise.all([preload(), preload()]);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Ravi" />
      </Suspense>,
    );
    // Synchronously in the first commit: no fallback was ever shown.
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByText('Hello Ravi')).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('tries a failed load again on a later render instead of keeping the failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let loads = 0;
    const { Component, preload } = preloadableLazy(() => {
      loads += 1;
      return loads === 1 ? Promise.reject(new Error('connection dropped')) : Promise.resolve(Hello);
    });
    await preload();
    vi.setSystemTime(Date.now() + FAILED_LOAD_KEPT_MS + 1);
    await renderSettled(
      <CatchError>
        <Suspense fallback={<p>Loading</p>}>
          <Component name="Mei" />
        </Suspense>
      </CatchError>,
    );
    expect(await screen.findByText('Hello Mei')).toBeInTheDocument();
    expect(loads).toBe(2);
  });

  it('reports a load that fails during render to the error boundary, and recovers after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let loads = 0;
    const { Component } = preloadableLazy(() => {
      loads += 1;
      return loads === 1 ? Promise.reject(new Error('connection dropped')) : Promise.resolve(Hello);
    });
    const guarded = (key: string) => (
      <CatchError key={key}>
        <Suspense fallback={<p>Loading</p>}>
          <Component name="Ola" />
        </Suspense>
      </CatchError>
    );
    const view = await renderSettled(guarded('first'));
    expect(await screen.findByText('Failed: connection dropped')).toBeInTheDocument();
    // React's own retries right after the failure met the same failure: one fetch so far.
    expect(loads).toBe(1);
    vi.setSystemTime(Date.now() + FAILED_LOAD_KEPT_MS + 1);
    await act(async () => {
      await Promise.resolve();
      view.rerender(guarded('second'));
    });
    expect(await screen.findByText('Hello Ola')).toBeInTheDocument();
    expect(loads).toBe(2);
  });
});

class CatchError extends ClassComponent<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children;
  }
}
