import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy.ts';

afterEach(cleanup);

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('preloadableLazy', () => {
  it('suspends while the code is still loading', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { Component } = preloadableLazy(async () => {
      await gate;
      return Hello;
    });
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Asha" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => {
      release();
      await gate;
    });
    expect(await screen.findByText('Hello Asha')).toBeInTheDocument();
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
});
