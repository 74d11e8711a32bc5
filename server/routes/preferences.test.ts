import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app.ts';

const post = (body: string, headers: Record<string, string> = {}) => {
  const { app } = createTestApp({ behindTls: headers['x-tls'] === '1' });
  return app.request('/preferences', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
};

describe('POST /preferences', () => {
  it('sets the chosen language and sends the shopper back to their page, See Other', async () => {
    const response = await post(
      `language=fr&return=${encodeURIComponent('/search?d=city:1&sort=stars')}`,
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/search?d=city:1&sort=stars');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.getSetCookie()).toEqual([
      'staylane_lang=fr; Path=/; Max-Age=31536000; SameSite=Lax',
    ]);
  });

  it('sets only what the form sent: a currency alone leaves the language to the page', async () => {
    const response = await post('currency=JPY&return=/');
    expect(response.headers.getSetCookie()).toEqual([
      'staylane_currency=JPY; Path=/; Max-Age=31536000; SameSite=Lax',
    ]);
  });

  it('marks the cookie Secure when the shopper came over TLS', async () => {
    const response = await post('currency=EUR&return=/', { 'x-tls': '1' });
    expect(response.headers.getSetCookie()[0]).toMatch(/; Secure$/);
  });

  it('sends the shopper home rather than to another site', async () => {
    for (const target of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/\t/evil.example',
      '/\n/evil.example',
      '/ /evil.example',
      '/café',
      '',
    ]) {
      const response = await post(`language=de&return=${encodeURIComponent(target)}`);
      expect(response.headers.get('location'), target).toBe('/');
    }
    expect((await post('language=de')).headers.get('location')).toBe('/');
  });

  it('names the field it cannot use, and sets nothing', async () => {
    const language = await post('language=xx&currency=EUR&return=/');
    expect(language.status).toBe(400);
    expect(await language.text()).toBe('language: must be one of en, fr, de, es, ar, hi, ja');
    expect(language.headers.getSetCookie()).toEqual([]);

    const currency = await post('currency=XAU&return=/');
    expect(currency.status).toBe(400);
    expect(await currency.text()).toMatch(/^currency: must be one of USD, EUR, /);

    const neither = await post('return=/');
    expect(neither.status).toBe(400);
    expect(await neither.text()).toBe('language or currency: choose one');
  });

  it('takes only this site’s own forms, as a form, of a form’s size', async () => {
    const crossSite = await post('language=fr', { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.getSetCookie()).toEqual([]);

    const json = await post('{"language":"fr"}', { 'content-type': 'application/json' });
    expect(json.status).toBe(415);

    const huge = await post(`language=fr&return=/${'a'.repeat(5000)}`);
    expect(huge.status).toBe(413);
  });
});
