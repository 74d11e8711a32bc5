// The Hono environment shared by the app server's middlewares and routes.
import type { Language } from '../../src/contract/index.ts';

export interface AppEnv {
  Variables: {
    requestId: string;
    language: Language;
    /** Upstream attempts made for this request, for the access log. */
    upstreamAttempts: number;
  };
}
