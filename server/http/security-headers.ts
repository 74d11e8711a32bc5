// Security headers for every answer (docs/api.md, "Response headers"). No CORS headers
// are ever sent, so browsers refuse cross-origin reads of /api. The Content Security
// Policy is built here, in one place, for the kind of answer a route says it sends
// (`c.set('csp', …)`): the app's pages and API by default, a strict one for pictures, and
// the sandbox outbox's page and the e-mails it frames; a page rendered by the server adds
// its own nonce (`c.set('cspNonce', …)`).
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';

/** What an answer is, as far as its Content Security Policy goes. */
export type CspKind = 'app' | 'picture' | 'outbox' | 'mail';

/** Whether the shopper reached us over TLS: said by the operator, or by a proxy we trust. */
export function reachedOverTls(
  c: Context<AppEnv>,
  options: { behindTls: boolean; viaTrustedProxy: (c: Context<AppEnv>) => boolean },
): boolean {
  return (
    options.behindTls ||
    (c.req.header('x-forwarded-proto')?.trim().toLowerCase() === 'https' &&
      options.viaTrustedProxy(c))
  );
}

/**
 * - app: what the built app needs: its own scripts, styles, fonts and API; images from
 *   itself, data: URIs and (upstream mode) the hotel API's image origins. React's style
 *   props go through the CSSOM, which style-src does not restrict; no inline style
 *   elements, style attributes only (see below).
 * - picture: a sandbox picture opened on its own loads and runs nothing (no styles, no
 *   scripts, no fetches, no forms), in a sandbox with an opaque origin.
 * - outbox: the sandbox's outbox page, written by the server: no script at all, its own
 *   stylesheet, and the e-mails it shows in frames from this origin.
 * - mail: an e-mail's HTML, framed by the outbox page only. E-mails carry their styles
 *   inline (mail clients drop style sheets), so inline styles are allowed; nothing runs or
 *   loads, and the opaque-origin sandbox lets only a link the shopper clicks open a tab.
 */
export function buildCsp(
  kind: CspKind,
  options: { imageOrigins: readonly string[]; nonce?: string },
): string {
  if (kind === 'picture') return "default-src 'none'; sandbox";
  if (kind === 'mail') {
    return [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      'img-src data:',
      "form-action 'none'",
      'sandbox allow-popups allow-popups-to-escape-sandbox',
      "frame-ancestors 'self'",
    ].join('; ');
  }
  if (kind === 'outbox') {
    return [
      "default-src 'none'",
      "style-src 'self'",
      "frame-src 'self'",
      "form-action 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; ');
  }
  return [
    "default-src 'self'",
    // A nonce is for this answer only: the scripts React may write into a rendered page.
    options.nonce ? `script-src 'self' 'nonce-${options.nonce}'` : "script-src 'self'",
    "style-src 'self'",
    // Style attributes in the HTML of a page rendered by the server (the virtual list's
    // positions, sizes): they cannot run script, load anything or select elements, and
    // without them the page would draw wrong until its script ran. Style elements stay
    // 'self' only.
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: ${options.imageOrigins.join(' ')}`.trim(),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const HSTS = 'max-age=31536000';

export function securityHeaders(options: {
  imageOrigins: readonly string[];
  /** Reached over TLS (a TLS-terminating proxy in front): always send HSTS. */
  behindTls: boolean;
  /** Whether the request came through a trusted proxy, whose X-Forwarded-Proto counts. */
  viaTrustedProxy: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => boolean;
}): MiddlewareHandler<AppEnv> {
  const policies: Record<CspKind, string> = {
    app: buildCsp('app', options),
    picture: buildCsp('picture', options),
    outbox: buildCsp('outbox', options),
    mail: buildCsp('mail', options),
  };
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    const nonce = c.get('cspNonce');
    const kind = c.get('csp') ?? 'app';
    h.set(
      'Content-Security-Policy',
      nonce ? buildCsp('app', { ...options, nonce }) : policies[kind],
    );
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    // Only an e-mail shown in the outbox is ever framed, and only by this origin.
    h.set('X-Frame-Options', kind === 'mail' ? 'SAMEORIGIN' : 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    // Other sites cannot embed our answers (API JSON, images) as no-cors resources.
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (reachedOverTls(c, options)) h.set('Strict-Transport-Security', HSTS);
  };
}
