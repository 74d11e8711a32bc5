import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element of `ref` intersects the viewport (grown by `rootMargin`). Until the
 * first observation, and where IntersectionObserver does not exist (jsdom), it reports
 * `initial`: say true for "keep working unless proven hidden", false for "do nothing
 * until proven visible".
 *
 * A ref rather than the element: an element kept in state through a callback ref is set
 * while React commits, which re-renders its whole owner synchronously right after (on a
 * page the server rendered, right after hydrating it: a long task on a phone). The ref's
 * element is read once mounted, so it must be one the part always draws.
 */
export function useInView(
  ref: RefObject<Element | null>,
  { rootMargin = '0px', initial }: { rootMargin?: string; initial: boolean },
): boolean {
  const [inView, setInView] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries[entries.length - 1];
        if (last) setInView(last.isIntersecting);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin]);
  return inView;
}
