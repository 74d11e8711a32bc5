// A short page that says where the shopper stands and what they can do next (nothing to
// book, a booking to look up, a booking just made). Its title takes focus on arrival, as
// every page's heading does.
import type { ReactNode } from 'react';
import { useFocusOnMount } from './focus.ts';

export function StatusPage({
  title,
  live = false,
  children,
}: {
  title: string;
  /** Announce the page when it replaces another in place (a booking just made). */
  live?: boolean;
  /** What it says and the ways on. */
  children: ReactNode;
}) {
  const ref = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="max-w-prose space-y-4" aria-live={live ? 'polite' : undefined}>
      <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold outline-none">
        {title}
      </h1>
      {children}
    </section>
  );
}
