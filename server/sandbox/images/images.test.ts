import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { isMapped } from '../inventory/inventory.ts';
import { createHarness, december } from '../test-support/harness.ts';
import { PictureBook } from './raster.ts';

const h = createHarness();
const local = (url: string) => url.replace('http://sandbox.test', '');

describe('sandbox images', () => {
  it('serves the main picture of every search result without a key, as a cacheable PNG', async () => {
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
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const png = new Uint8Array(await response.arrayBuffer());
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    }
  });

  it('draws the same picture every time; two hotels, and a hotel’s two pictures, differ here', async () => {
    const [a, b] = h.inventory.hotels.filter(isMapped).slice(0, 2);
    const url = (hotel: typeof a, index: number) =>
      local(h.sandbox.context.images.hotel(hotel!, index));
    const bytes = async (path: string) =>
      Buffer.from(await (await h.sandbox.app.request(path)).arrayBuffer()).toString('base64');
    const first = await bytes(url(a, 0));
    const again = await bytes(url(a, 0));
    const other = await bytes(url(b, 0));
    const second = await bytes(url(a, 1));
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(second).not.toBe(first);
  });

  it('draws a bounded set of pictures, each once, however many hotels show them', () => {
    // Counted, not painted: a real drawing takes milliseconds, and the rule here is the count.
    const painted: string[] = [];
    const paint = (name: string) => {
      painted.push(name);
      return Buffer.from(name);
    };
    const book = new PictureBook({
      hotel: (stars, drawing) => paint(`hotel ${stars} ${drawing}`),
      room: (drawing) => paint(`room ${drawing}`),
    });
    const shown = new Set<Uint8Array>();
    for (let id = 1; id <= 2000; id++) {
      for (const index of [0, 1, 2]) shown.add(book.hotel({ id, stars: id % 6 }, index));
      shown.add(book.room({ id, stars: null }, 'dbl'));
    }
    // Each drawing painted once and its bytes kept: 32 per star rating (0 to 5) and 32 rooms.
    expect(new Set(painted).size).toBe(painted.length);
    expect(shown.size).toBe(painted.length);
    expect(painted.length).toBeLessThanOrEqual(32 * 6 + 32);
    expect(painted.length).toBeGreaterThan(32 * 6);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const hotel = h.inventory.hotels.find(isMapped)!;
    const url = local(h.sandbox.context.images.hotel(hotel, 0));
    const etag = (await h.sandbox.app.request(url)).headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const cached = await h.sandbox.app.request(url, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
  });

  it('serves room pictures: whole PNGs of the size they say, one per room', async () => {
    const hotel = h.inventory.hotels.find(isMapped)!;
    const picture = async (room: string) => {
      const response = await h.sandbox.app.request(
        local(h.sandbox.context.images.room(hotel, room)),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      return PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    };
    const double = await picture('dbl');
    expect([double.width, double.height]).toEqual([800, 533]);
    expect((await picture('suite-2')).data.equals(double.data)).toBe(false);
  });

  it('answers 404 for unknown hotels, pictures past the last, other tags and unmapped hotels', async () => {
    const hotel = h.inventory.hotels.find(isMapped)!;
    const unmapped = h.inventory.hotels.find((x) => !isMapped(x))!;
    const { tag } = h.sandbox.context.images;
    for (const path of [
      `/images/${tag}/hotels/999999999/0.png`,
      `/images/${tag}/hotels/${hotel.id}/${hotel.imageCount}.png`,
      `/images/v0-old/hotels/${hotel.id}/0.png`,
      `/images/${tag}/hotels/${unmapped.id}/0.png`,
      `/images/${tag}/hotels/${hotel.id}/0.svg`,
      `/images/${tag}/rooms/${hotel.id}/NOT_A_SLUG.png`,
    ]) {
      const response = await h.sandbox.app.request(path);
      expect(response.status, path).toBe(404);
    }
  });
});
