import { describe, expect, it } from 'vitest';
import { isMapped } from '../inventory/inventory.ts';
import { createHarness, december } from '../test-support/harness.ts';

const h = createHarness();
const local = (url: string) => url.replace('http://sandbox.test', '');

describe('sandbox images', () => {
  it('serves the main picture of every search result without a key, as a cacheable SVG', async () => {
    const data = await h.search({
      destination: { type: 'city', id: 1850147 },
      check_in: december(3),
      check_out: december(5),
      rooms: [{ adults: 1 }],
      limit: 5,
    });
    for (const hotel of data.hotels) {
      const response = await h.sandbox.app.request(local(hotel.main_image_url ?? ''));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const svg = await response.text();
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/<script|javascript:|href=/i);
    }
  });

  it('draws the same picture every time, different ones for different hotels', async () => {
    const [a, b] = h.inventory.hotels.filter(isMapped).slice(0, 2);
    const url = (hotel: typeof a, index: number) =>
      local(h.sandbox.context.images.hotel(hotel!, index));
    const first = await (await h.sandbox.app.request(url(a, 0))).text();
    const again = await (await h.sandbox.app.request(url(a, 0))).text();
    const other = await (await h.sandbox.app.request(url(b, 0))).text();
    const second = await (await h.sandbox.app.request(url(a, 1))).text();
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(second).not.toBe(first);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const hotel = h.inventory.hotels.find(isMapped)!;
    const url = local(h.sandbox.context.images.hotel(hotel, 0));
    const etag = (await h.sandbox.app.request(url)).headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const cached = await h.sandbox.app.request(url, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
  });

  it('escapes hotel names and serves room pictures', async () => {
    const hotel = h.inventory.hotels.find((x) => isMapped(x) && x.name.includes('&'))!;
    const svg = await (
      await h.sandbox.app.request(local(h.sandbox.context.images.hotel(hotel, 0)))
    ).text();
    expect(svg).toContain(hotel.name.replace(/&/g, '&#38;'));
    const room = await h.sandbox.app.request(local(h.sandbox.context.images.room(hotel, 'dbl')));
    expect(room.status).toBe(200);
    expect(await room.text()).toContain('<svg');
  });

  it('answers 404 for unknown hotels, pictures past the last, other tags and unmapped hotels', async () => {
    const hotel = h.inventory.hotels.find(isMapped)!;
    const unmapped = h.inventory.hotels.find((x) => !isMapped(x))!;
    const { tag } = h.sandbox.context.images;
    for (const path of [
      `/images/${tag}/hotels/999999999/0.svg`,
      `/images/${tag}/hotels/${hotel.id}/${hotel.imageCount}.svg`,
      `/images/v0-old/hotels/${hotel.id}/0.svg`,
      `/images/${tag}/hotels/${unmapped.id}/0.svg`,
      `/images/${tag}/hotels/${hotel.id}/0.png`,
      `/images/${tag}/rooms/${hotel.id}/NOT_A_SLUG.svg`,
    ]) {
      const response = await h.sandbox.app.request(path);
      expect(response.status, path).toBe(404);
    }
  });
});
