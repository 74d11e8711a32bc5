// Renders a search component as the app does: English catalog, a fresh QueryClient
// with the app's defaults, and a router at the given URL. Test-only.
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { i18n, initI18n } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';

await initI18n('en');

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderWithApp(ui: ReactNode, { url = '/' }: { url?: string } = {}) {
  const client = createQueryClient();
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, client };
}

interface StubbedCall {
  url: URL;
  init: RequestInit | undefined;
}

/**
 * Replaces fetch with a router over /api paths. A handler returns the `data` of a
 * success envelope, or a Response for anything else. Calls are recorded.
 */
export function stubApi(handlers: Record<string, (url: URL, init?: RequestInit) => unknown>) {
  const calls: StubbedCall[] = [];
  const fetchStub = (input: URL | string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    calls.push({ url, init });
    const handler = handlers[url.pathname];
    if (!handler) return Promise.reject(new TypeError(`no stub for ${url.pathname}`));
    const result = handler(url, init);
    if (result instanceof Promise) {
      return result.then((value: unknown) => toResponse(value));
    }
    return Promise.resolve(toResponse(result));
  };
  return { calls, fetchStub };
}

function toResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  return new Response(JSON.stringify({ success: true, message: 'ok', data: value }), {
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'req-test' },
  });
}
