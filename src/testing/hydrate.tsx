// A page part rendered by React's real server renderer, then hydrated in the browser's
// place (jsdom), as a page the server rendered is: what was drawn, and any hydration
// error React reported (a mismatch is recoverable, so it would otherwise pass unseen).
// Test-only.
import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * `server` drawn to HTML, then `client` (the same part, with the test's probes) hydrated
 * over it, with its effects and the transitions they start run to the end. `serverText` is
 * what the server's HTML read before hydrating.
 */
export async function hydrateOverServerHtml(
  server: ReactNode,
  client: ReactNode,
): Promise<{ container: HTMLElement; serverText: string; errors: unknown[] }> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(server);
  const serverText = container.textContent;
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, client, { onRecoverableError: (error) => errors.push(error) });
    await Promise.resolve();
  });
  return { container, serverText, errors };
}
