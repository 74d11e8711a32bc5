// Work that may wait for the browser to be idle (code for the next likely page, a form
// below the fold), so it never competes with the first paint or the shopper's input.

/** Runs `task` when the browser is idle (or soon, where it has no idle callback); returns a cancel. */
export function whenIdle(task: () => void): () => void {
  // Safari has no requestIdleCallback; a short delay keeps the task off the critical path.
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1500);
  return () => clearTimeout(handle);
}
