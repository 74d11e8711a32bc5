// fetch replaced by a router over the app server's /api paths, recording every call.
// A path answers either from a queue (each answer once, in order; the last one repeats)
// or from a function that returns the `data` of a success envelope or a whole Response.
// Test-only.

export interface StubbedCall {
  url: URL;
  /** The API path as apiFetch names it, without "/api": "/hotels/search". */
  path: string;
  init: RequestInit | undefined;
  headers: Headers;
  body: string | null;
}

export type Answer =
  { status: number; body: unknown; headers?: Record<string, string> } | 'network-error';

export type Route = Answer[] | ((url: URL, init?: RequestInit) => unknown);

const HEADERS = { 'Content-Type': 'application/json', 'X-Request-Id': 'req-test' };

export function stubApi(routes: Record<string, Route>) {
  const calls: StubbedCall[] = [];
  const fetchStub = (input: URL | string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({
      url,
      path,
      init,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    });
    const route = routes[path];
    if (typeof route === 'function') {
      return Promise.resolve(route(url, init)).then((value: unknown) =>
        value instanceof Response ? value : respond(success(value)),
      );
    }
    const answer = route && route.length > 1 ? route.shift() : route?.[0];
    if (!answer) return Promise.reject(new TypeError(`no stub for ${path}`));
    if (answer === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(respond(answer));
  };
  return { calls, fetchStub };
}

/** An answer as the Response fetch resolves with (for handlers that decide per call). */
export function respond(answer: Exclude<Answer, 'network-error'>): Response {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { ...HEADERS, ...answer.headers },
  });
}

export function success(data: unknown, status = 200) {
  return { status, body: { success: true, message: 'ok', data } };
}

export function failure(
  status: number,
  code: string,
  details: { field: string; message: string }[] = [],
  { message = code, requestId = 'req-test' }: { message?: string; requestId?: string } = {},
) {
  return {
    status,
    body: { success: false, message, error: { code, details, request_id: requestId } },
  };
}
