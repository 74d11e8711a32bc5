// What a page rendered by the server cannot know: the browser's storage (recent searches,
// saved hotels), the shopper's own day and time zone. Parts that show it draw what the
// server drew in the render that hydrates the page, and their own right after, so the two
// renders agree; and when the page answers input.
import { useEffect, useSyncExternalStore } from 'react';
import { localToday, renderedPageClock } from './format.ts';

const never = () => () => undefined;

/** False on the server and while hydrating; true in every client render after that. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * The shopper's own today; while hydrating a page rendered by the server, the day it was
 * drawn for (see PageClock). A component using it renders again once hydrated.
 */
export function useLocalToday(): string {
  const hydrated = useHydrated();
  return (hydrated ? null : renderedPageClock()?.day) ?? localToday();
}

/**
 * The zone to draw clock times in: the shopper's own (undefined: the browser's), or while
 * hydrating a page rendered by the server, the zone it was drawn in.
 */
export function useDrawingTimeZone(): string | undefined {
  const hydrated = useHydrated();
  return hydrated ? undefined : renderedPageClock()?.timeZone;
}

/**
 * Marks the page as answering input (`<html data-interactive>`), what tests and monitoring
 * wait for: a page the server rendered is on screen before its script runs, and input
 * before then is lost. React hydrates what is inside a Suspense boundary after the rest, so
 * the layout marks pages the browser renders, and a page the server renders marks itself
 * from its own content.
 */
export function useInteractiveMark(enabled = true): void {
  const hydrated = useHydrated();
  useEffect(() => {
    if (enabled && hydrated) document.documentElement.dataset.interactive = '';
  }, [enabled, hydrated]);
}
