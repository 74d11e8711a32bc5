// What a page rendered by the server cannot know: the browser's storage (recent searches,
// saved hotels), the shopper's own day and time zone. Parts that show it draw what the
// server drew in the render that hydrates the page, and their own right after, so the two
// renders agree; and when the page answers input.
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { PAGE_DATA_ELEMENT_ID } from '../contract/index.ts';
import { INTERACTIVE_ATTRIBUTE } from './early-input.ts';
import { localToday, renderedPageClock } from './format.ts';

/** A store that never changes and always reads false: for parts with nothing to watch yet. */
export const noSubscription = () => () => undefined;
export const noSnapshot = () => false;

/**
 * Whether React draws this part from the server's HTML (on the server, or hydrating in
 * the browser): React asks a store for its server snapshot exactly then, within the call.
 * Both snapshots are the same, so the answer never re-renders anything.
 */
/* eslint-disable react-hooks/immutability -- React calls the server snapshot within the
   useSyncExternalStore call, never after the render. */
function useDrawnFromServer(): boolean {
  let fromServer = false;
  useSyncExternalStore(noSubscription, noSnapshot, () => {
    fromServer = true;
    return false;
  });
  return fromServer;
}
/* eslint-enable react-hooks/immutability */

/**
 * False on the server and while hydrating; true in every client render after that. The
 * switch is a transition: React renders the part again in slices between which the page
 * answers input. (A store whose server snapshot differs would re-render it in one
 * synchronous pass: on a phone, the page's longest task.)
 */
export function useHydrated(): boolean {
  const fromServer = useDrawnFromServer();
  const [hydrated, setHydrated] = useState(!fromServer);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
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
 * from its own content, once that has hydrated and drawn the browser's view (the parts'
 * switches are one transition, committed together). A leaf of its own, so the switch
 * re-renders only it.
 */
export function InteractiveMark(): null {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, '');
  }, [hydrated]);
  return null;
}

/**
 * Resolves once a page the server rendered (its data in the document) answers input, at
 * once on a page the browser renders itself: for work that must not compete with hydration
 * for the network or the main thread, such as loading the checks of what storage holds.
 */
export function afterHydration(): Promise<void> {
  const root = document.documentElement;
  const hydrating =
    document.getElementById(PAGE_DATA_ELEMENT_ID) !== null &&
    !root.hasAttribute(INTERACTIVE_ATTRIBUTE);
  if (!hydrating) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!root.hasAttribute(INTERACTIVE_ATTRIBUTE)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: [INTERACTIVE_ATTRIBUTE] });
  });
}
