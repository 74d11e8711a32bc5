// GET /images/<tag>/hotels/<id>/<n>.png and /images/<tag>/rooms/<id>/<room>.png: public
// (no key), drawn on request, cacheable forever (the tag changes with the seed). The last
// pictures drawn are kept, so the first results of a busy city are drawn once, not once
// per shopper.
import type { Hono } from 'hono';
import type { SandboxContext } from '../context.ts';
import type { SandboxEnv } from '../http/env.ts';
import { sandboxError } from '../http/errors.ts';
import { findApiHotel } from '../inventory/inventory.ts';
import { hotelPicturePng, roomPicturePng } from './raster.ts';
import { at } from '../inventory/checked.ts';

const PICTURE_HEADERS = {
  'Content-Type': 'image/png',
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
  // Opened directly, the picture loads nothing.
  'Content-Security-Policy': "default-src 'none'",
};
/** About 18 KB each: a few megabytes at most. */
const KEPT_PICTURES = 256;

/** The picture under `key`, drawn by `draw` unless it is among the last ones drawn. */
function keptPicture(
  kept: Map<string, Uint8Array<ArrayBuffer>>,
  key: string,
  draw: () => Buffer,
): Uint8Array<ArrayBuffer> {
  const known = kept.get(key);
  if (known) {
    kept.delete(key);
    kept.set(key, known);
    return known;
  }
  const drawn = new Uint8Array(draw());
  kept.set(key, drawn);
  if (kept.size > KEPT_PICTURES) kept.delete(kept.keys().next().value ?? key);
  return drawn;
}

export function registerImageRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  const { inventory, images } = ctx;
  const kept = new Map<string, Uint8Array<ArrayBuffer>>();

  app.get('/images/:tag/hotels/:hotelId/:file', (c) => {
    const { tag, hotelId, file } = c.req.param();
    const match = /^(0|[1-9][0-9]?)\.png$/.exec(file);
    const hotel = /^[1-9][0-9]{0,15}$/.test(hotelId)
      ? findApiHotel(inventory, Number(hotelId))
      : undefined;
    const index = match ? Number(match[1]) : -1;
    if (tag !== images.tag || !hotel || index < 0 || index >= hotel.imageCount) {
      return sandboxError(c, 'NOT_FOUND', { message: 'No such image' });
    }
    const etag = `"${tag}-${hotel.id}-${index}"`;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag });
    const picture = keptPicture(kept, etag, () => hotelPicturePng(hotel, index));
    return c.body(picture, 200, { ...PICTURE_HEADERS, ETag: etag });
  });

  app.get('/images/:tag/rooms/:hotelId/:file', (c) => {
    const { tag, hotelId, file } = c.req.param();
    const match = /^([a-z0-9-]{1,40})\.png$/.exec(file);
    const hotel = /^[1-9][0-9]{0,15}$/.test(hotelId)
      ? findApiHotel(inventory, Number(hotelId))
      : undefined;
    if (tag !== images.tag || !hotel || !match) {
      return sandboxError(c, 'NOT_FOUND', { message: 'No such image' });
    }
    const room = at(match, 1);
    const etag = `"${tag}-${hotel.id}-${room}"`;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag });
    const picture = keptPicture(kept, etag, () => roomPicturePng(hotel, room));
    return c.body(picture, 200, { ...PICTURE_HEADERS, ETag: etag });
  });
}
