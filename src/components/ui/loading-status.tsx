import type { ReactNode } from 'react';

/**
 * A loading state, marked as one. Screen readers hear it (role=status); `data-loading`
 * tells the e2e suite's guard that it is meant to go away, and the guard fails a test
 * when one stays on screen longer than its budget (5 s unless `budgetMs` says more, for
 * a wait the page announces as longer).
 */
export function LoadingStatus({
  children,
  className,
  budgetMs,
}: {
  children?: ReactNode;
  className?: string;
  budgetMs?: number;
}) {
  return (
    <p role="status" data-loading="" data-loading-budget-ms={budgetMs} className={className}>
      {children}
    </p>
  );
}
