// A list page's heading: the tab title and the h1 (focused on arrival, as every page's
// heading is), with the page's own actions beside it ("Remove all", "Forget trips").
import type { ReactNode } from 'react';
import { useFocusOnMount } from './focus.ts';
import { PageTitle } from './page-title.tsx';

export function PageHeading({
  id,
  title,
  children,
}: {
  /** The h1's id, for the section it names. */
  id: string;
  title: string;
  children?: ReactNode;
}) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1
          id={id}
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold outline-none sm:text-3xl"
        >
          {title}
        </h1>
        {children}
      </div>
    </>
  );
}
