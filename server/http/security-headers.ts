// Security headers for every answer (docs/api.md, "Response headers"). No CORS headers
// are ever sent, so browsers refuse cross-origin reads of /api. The CSP is what the built
// app needs: its own scripts, styles, fonts and API; images from itself, data: URIs and
// (upstream mode) the hotel API's image origins. React's style props go through the
// CSSOM, which style-src does not restrict, so no 'unsafe-inline' is needed.
import type { MiddlewareHandler } from 'hono';

export function securityHeaders(options: { imageOrigins: readonly string[] }): MiddlewareHandler {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: ${options.imageOrigins.join(' ')}`.trim(),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('Content-Security-Policy', csp);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    // Other sites cannot embed our answers (API JSON, images) as no-cors resources.
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  };
}
