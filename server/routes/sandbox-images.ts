// GET /sandbox/images/*: the embedded sandbox's generated hotel images, served
// in-process from its own app (GET /images/*, public, no key). Same origin as the
// app, so the CSP needs no image host in sandbox mode.
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import type { FetchHandler } from '../upstream/transport.ts';

const IMAGE_PATH = /^\/images\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/;
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'etag',
  'last-modified',
  'vary',
];

export function sandboxImageRoutes(sandbox: FetchHandler, mountPath: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/images/*', async (c) => {
    c.set('csp', 'picture');
    const path = c.req.path.slice(mountPath.length);
    if (!IMAGE_PATH.test(path) || path.split('/').some((segment) => /^\.+$/.test(segment))) {
      return c.text('Not found', 404);
    }
    const headers = new Headers();
    for (const name of ['if-none-match', 'if-modified-since', 'accept']) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    const answer = await sandbox(new Request(`http://sandbox.internal${path}`, { headers }));
    // Only pictures come back this way: any other answer of the sandbox (its API's 401
    // for a path that is no image route, an error envelope) is a plain 404 here.
    if (answer.status !== 200 && answer.status !== 304) {
      await answer.body?.cancel();
      return c.text('Not found', 404);
    }
    const out = new Headers();
    for (const name of PASSED_HEADERS) {
      const value = answer.headers.get(name);
      if (value) out.set(name, value);
    }
    return new Response(answer.body, { status: answer.status, headers: out });
  });
  return app;
}
