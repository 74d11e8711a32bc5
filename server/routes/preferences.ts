// POST /preferences: the header's language and currency menus as plain forms, for a
// shopper whose page has no script yet (a tap before it hydrated) or none at all. The
// answer sets the same cookie the page's script would, and sends the shopper back to the
// page they were on (See Other, so Back does not post again), now drawn with the choice.
import { Hono, type Context } from 'hono';
import {
  CURRENCY_COOKIE,
  DISPLAY_CURRENCIES,
  isDisplayCurrency,
  isLanguage,
  LANGUAGE_COOKIE,
  preferenceCookie,
  PREFERENCES_PATH,
  SUPPORTED_LANGUAGES,
} from '../../src/contract/index.ts';
import type { AppEnv } from '../http/env.ts';
import { readCapped } from '../shared/read-capped.ts';

/** The form is three short fields; anything longer is not ours. */
const MAX_FORM_BYTES = 4096;

/** Where the form may send the shopper back to: a path on this site, else home. */
function returnPath(value: string | null): string {
  if (value === null || value.length > 2048) return '/';
  // "//host" and "/\host" are other sites to a browser, and so is "/<tab>/host": browsers
  // drop tabs and line breaks from a Location. A path the page sends is percent-encoded
  // printable ASCII; anything else goes home.
  return /^\/(?![/\\])[\x21-\x7e]*$/.test(value) ? value : '/';
}

const badField = (c: Context<AppEnv>, field: string, allowed: readonly string[]) =>
  c.text(`${field}: must be one of ${allowed.join(', ')}`, 400);

export function preferenceRoutes(overTls: (c: Context<AppEnv>) => boolean): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(PREFERENCES_PATH, async (c) => {
    // Another site may not change a shopper's language: only a form of ours posts here.
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return c.text('preferences: only this site’s own forms may change them', 403);
    }
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      return c.text('preferences: send the form as application/x-www-form-urlencoded', 415);
    }
    const body = await readCapped(c.req.raw.body, MAX_FORM_BYTES);
    if (body === null) return c.text(`preferences: the form is over ${MAX_FORM_BYTES} bytes`, 413);
    const form = new URLSearchParams(new TextDecoder().decode(body));
    const language = form.get('language');
    const currency = form.get('currency');
    const cookies: string[] = [];
    const secure = overTls(c);
    if (language !== null) {
      if (!isLanguage(language)) return badField(c, 'language', SUPPORTED_LANGUAGES);
      cookies.push(preferenceCookie(LANGUAGE_COOKIE, language, secure));
    }
    if (currency !== null) {
      if (!isDisplayCurrency(currency)) {
        return badField(c, 'currency', DISPLAY_CURRENCIES);
      }
      cookies.push(preferenceCookie(CURRENCY_COOKIE, currency, secure));
    }
    if (cookies.length === 0) return c.text('language or currency: choose one', 400);
    const headers = new Headers({
      Location: returnPath(form.get('return')),
      'Cache-Control': 'no-store',
    });
    for (const cookie of cookies) headers.append('Set-Cookie', cookie);
    return new Response(null, { status: 303, headers });
  });
  return app;
}
