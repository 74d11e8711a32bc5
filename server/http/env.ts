// The Hono environment shared by the app server's middlewares and routes.
import type { Language } from '../../src/contract/index.ts';
import type { CspKind } from './security-headers.ts';

export interface AppEnv {
  Variables: {
    requestId: string;
    language: Language;
    /** Upstream attempts made for this request, for the access log. */
    upstreamAttempts: number;
    /** Sandbox mode only: the opaque id of this shopper, for the sandbox's session caps. */
    shopper?: string;
    /** The kind of Content Security Policy the answer gets (the app's by default). */
    csp?: CspKind;
    /** A page rendered here: the nonce its scripts carry, allowed by this answer's CSP alone. */
    cspNonce?: string;
  };
}
