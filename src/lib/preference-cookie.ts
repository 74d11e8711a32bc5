// A shopper's choice of language or currency, kept in a cookie rather than storage so that
// the server draws the next page with it from its first byte.
const ONE_YEAR_S = 365 * 24 * 3600;

export function rememberChoice(cookie: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${cookie}=${value}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}
