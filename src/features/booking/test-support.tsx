// Renders a booking component as the app does (English catalog, the app's QueryClient
// defaults, a router at a URL, strict mode) and stubs fetch as a router over /api
// paths that records every call. Test-only.
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { i18n, initI18n } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';

await initI18n('en');

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderAt(path: string, ui: ReactNode, { url = path }: { url?: string } = {}) {
  const client = createQueryClient();
  const view = render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={path} element={ui} />
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
  return { ...view, client };
}

export interface RecordedCall {
  path: string;
  headers: Headers;
  body: string | null;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> } | 'network-error';

/** fetch over /api: each path answers from its queue (the last answer repeats). */
export function stubApi(answers: Record<string, Answer[]>) {
  const calls: RecordedCall[] = [];
  const fetchStub = (input: URL | string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({
      path,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    });
    const queue = answers[path];
    // Each answer once, in order; the last one repeats.
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!answer) return Promise.reject(new TypeError(`no stub for ${path}`));
    if (answer === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: {
          'Content-Type': 'application/json',
          'X-Request-Id': 'req-test',
          ...answer.headers,
        },
      }),
    );
  };
  return { calls, fetchStub };
}

export function success(data: unknown, status = 200) {
  return { status, body: { success: true, message: 'ok', data } };
}

export function failure(
  status: number,
  code: string,
  details: { field: string; message: string }[] = [],
) {
  return {
    status,
    body: { success: false, message: code, error: { code, details, request_id: 'req-test' } },
  };
}
