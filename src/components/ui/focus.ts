// Where the keyboard starts: a new page, a new search or a new state moves focus to its
// heading (or its alert), so keyboard and screen-reader users begin there, as they would
// after a full page load.
import { useEffect, useRef, type RefObject } from 'react';

export interface FocusOnMountOptions {
  /** Focus again whenever this value changes (a new search, a booking just cancelled). */
  trigger?: unknown;
  /**
   * Scroll the element into view. Off for page headings: where the page scrolls to is the
   * router's scroll restoration's call.
   */
  scroll?: boolean;
}

/**
 * A ref whose element takes focus when it mounts, and again when `trigger` changes. An
 * alert that took focus to be heard first keeps it (children's effects run before their
 * page's).
 */
export function useFocusOnMount<T extends HTMLElement>({
  trigger,
  scroll = false,
}: FocusOnMountOptions = {}): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const focused = document.activeElement;
    if (focused !== element && focused?.closest('[role="alert"]')) return;
    element.focus({ preventScroll: !scroll });
  }, [trigger, scroll]);
  return ref;
}
