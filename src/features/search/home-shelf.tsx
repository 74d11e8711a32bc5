// A shelf of the home page (recent searches, saved hotels): a title with one action beside
// it, and the cards in a grid below.
import type { ReactNode } from 'react';

export function HomeShelf({
  titleId,
  title,
  action,
  children,
}: {
  titleId: string;
  title: string;
  action: ReactNode;
  /** The cards, each an <li>. */
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        {action}
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>
    </section>
  );
}
