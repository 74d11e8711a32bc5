// A shopper's choice of language or currency, kept in a cookie rather than storage so that
// the server draws the next page with it from its first byte.
import { preferenceCookie } from '../contract/index.ts';

export function rememberChoice(cookie: string, value: string): void {
  document.cookie = preferenceCookie(cookie, value, window.location.protocol === 'https:');
}
