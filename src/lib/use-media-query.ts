import { useCallback, useSyncExternalStore } from 'react';
import { noSnapshot, noSubscription, useHydrated } from './use-hydrated.ts';

/**
 * Whether a CSS media query matches, kept current as the viewport changes. A page the
 * server rendered draws "no match" (the server has no viewport) and switches to the
 * browser's answer with the part's other browser-only views, in their transition. A store
 * whose browser snapshot differed from its server one would instead re-render the part in
 * one synchronous pass right after hydrating it.
 */
export function useMediaQuery(query: string): boolean {
  const live = useHydrated() && typeof window.matchMedia === 'function';
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = useCallback(() => window.matchMedia(query).matches, [query]);
  return useSyncExternalStore(
    live ? subscribe : noSubscription,
    live ? matches : noSnapshot,
    noSnapshot,
  );
}
