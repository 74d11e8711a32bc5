// React.lazy that does not suspend once its code is in. React.lazy always suspends on
// first render, even when the module was fetched long before, because import() only
// answers through a promise; and a suspended reveal is throttled (~300 ms in React 19).
// Here, once preload() has resolved, the factory answers with a thenable that calls
// back at once, so React takes the component on the spot.
import { lazy, type ComponentType } from 'react';

export interface PreloadableLazy<P> {
  Component: ComponentType<P>;
  /** Starts (or joins) loading the code; safe to call any number of times. */
  preload: () => Promise<void>;
}

export function preloadableLazy<P>(load: () => Promise<ComponentType<P>>): PreloadableLazy<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
    });
    return loading;
  };
  const Component = lazy(() => {
    const ready = loaded;
    if (ready) {
      // A thenable that settles synchronously: React reads it before deciding to suspend.
      const immediate = {
        then(resolve: (module: { default: ComponentType<P> }) => void) {
          resolve({ default: ready });
        },
      };
      return immediate as unknown as Promise<{ default: ComponentType<P> }>;
    }
    return preload().then(() => ({ default: loaded as ComponentType<P> }));
  });
  return { Component, preload };
}
