import { useEffect, useState } from 'react';

/**
 * Whether `element` intersects the viewport (grown by `rootMargin`). Until the first
 * observation, and where IntersectionObserver does not exist (jsdom), it reports
 * `initial`: say true for "keep working unless proven hidden", false for "do nothing
 * until proven visible".
 */
export function useInView(
  element: Element | null,
  { rootMargin = '0px', initial }: { rootMargin?: string; initial: boolean },
): boolean {
  const [inView, setInView] = useState(initial);
  useEffect(() => {
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
  }, [element, rootMargin]);
  return inView;
}
