import { useEffect, useState } from 'react';

/**
 * Whether `element` intersects the viewport (grown by `rootMargin`). Without
 * IntersectionObserver (old browsers, jsdom) it reports true, so nothing that
 * depends on it is ever stuck.
 */
export function useInView(element: Element | null, rootMargin = '0px'): boolean {
  const [inView, setInView] = useState(true);
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
