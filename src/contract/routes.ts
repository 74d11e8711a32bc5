// A route of our /api as the browser calls it: its method, its path (a Hono pattern, with
// `:name` parameters) and the schema of its answer's `data`. The routes live in two tables
// by part (shopping-routes.ts, booking-routes.ts), so that a page importing the shopping
// routes does not download the booking's schemas; the hotel API's endpoints table
// (endpoints.ts) takes the routes they share from them.
import type * as z from 'zod/mini';

export interface ApiRoute<S extends z.ZodMiniType = z.ZodMiniType> {
  method: 'GET' | 'POST';
  path: string;
  /** The `data` of a successful envelope. */
  data: S;
}

/**
 * A route whose answer's schema is asked for when a call needs it (shopping-paths.ts): the
 * call goes out at once, and the schema arrives while it is on its way.
 */
export interface LazyApiRoute<S extends z.ZodMiniType = z.ZodMiniType> {
  method: 'GET' | 'POST';
  path: string;
  answer: () => Promise<S>;
}

/** The route's path with its `:name` parameters filled in (each one URL-encoded). */
export function routePath(route: Pick<ApiRoute, 'path'>, params: Record<string, string> = {}) {
  return route.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path} needs :${name}`);
    return encodeURIComponent(value);
  });
}
