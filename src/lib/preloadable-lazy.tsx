// A lazily loaded component whose code can be fetched ahead of its first render, and
// which renders at once, without suspending, once that code is in (a suspended reveal
// is throttled ~300 ms in React 19). Built on `use()` over one cached promise rather
// than React.lazy, for two reasons: React.lazy keeps a failed load for ever (a dropped
// connection would break the route until a reload), and it cannot be told that the
// code arrived earlier.
import { use, type ComponentType, type JSX } from 'react';

/**
 * How long a failed load is kept: React's own retries of the render (right after the
 * failure) see the same failure and hand it to the error boundary instead of starting
 * a fetch each; a later render, such as the next visit to the route, loads again.
 */
export const FAILED_LOAD_KEPT_MS = 3_000;

export interface PreloadableLazy<P> {
  Component: (props: P) => JSX.Element;
  /**
   * Starts (or joins) loading the code; safe to call any number of times. A failure
   * here is only a missed head start: the render that needs the code reports it.
   */
  preload: () => Promise<void>;
}

/**
 * A promise that says how it settled, the way React's `use()` reads one: a settled
 * promise it can read returns at once instead of suspending for a tick.
 */
type Settled<T> = Promise<T> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
};

export function preloadableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableLazy<P> {
  let loading: Settled<ComponentType<P>> | null = null;
  let failedAt = 0;
  const start = () => {
    if (loading && failedAt > 0 && Date.now() - failedAt > FAILED_LOAD_KEPT_MS) loading = null;
    if (!loading) {
      failedAt = 0;
      const promise: Settled<ComponentType<P>> = load();
      promise.status = 'pending';
      promise.then(
        (component) => {
          promise.status = 'fulfilled';
          promise.value = component;
        },
        (error: unknown) => {
          failedAt = Date.now();
          promise.status = 'rejected';
          promise.reason = error;
        },
      );
      loading = promise;
    }
    return loading;
  };
  function Component(props: P) {
    // Always use(): a render that suspended and one that did not call the same hooks.
    const code: Promise<ComponentType<P>> = start();
    const Loaded = use(code);
    return <Loaded {...props} />;
  }
  return {
    Component,
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  };
}
