// GET /images/<tag>/hotels/<id>/<n>.png and /images/<tag>/rooms/<id>/<room>.png: public
// (no key), cacheable forever (the tag changes with the seed).
import type { Hono } from 'hono';
import type { SandboxContext } from '../context.ts';
import type { SandboxEnv } from '../http/env.ts';
import { errorResponse } from '../http/errors.ts';
import { findApiHotel } from '../inventory/inventory.ts';
import { PictureBook } from './raster.ts';
import { at } from '../inventory/checked.ts';

const PICTURE_HEADERS = {
  'Content-Type': 'image/png',
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
  // Opened directly, the picture loads nothing.
  'Content-Security-Policy': "default-src 'none'",
};

export function registerImageRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  const { inventory, images } = ctx;
  const pictures = new PictureBook();

  app.get('/images/:tag/hotels/:hotelId/:file', (c) => {
    const { tag, hotelId, file } = c.req.param();
    const match = /^(0|[1-9][0-9]?)\.png$/.exec(file);
    const hotel = /^[1-9][0-9]{0,15}$/.test(hotelId)
      ? findApiHotel(inventory, Number(hotelId))
      : undefined;
    const index = match ? Number(match[1]) : -1;
    if (tag !== images.tag || !hotel || index < 0 || index >= hotel.imageCount) {
      return errorResponse(c, 'NOT_FOUND', { message: 'No such image' });
    }
    const etag = `"${tag}-${hotel.id}-${index}"`;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag });
    return c.body(pictures.hotel(hotel, index), 200, { ...PICTURE_HEADERS, ETag: etag });
  });

  app.get('/images/:tag/rooms/:hotelId/:file', (c) => {
    const { tag, hotelId, file } = c.req.param();
    const match = /^([a-z0-9-]{1,40})\.png$/.exec(file);
    const hotel = /^[1-9][0-9]{0,15}$/.test(hotelId)
      ? findApiHotel(inventory, Number(hotelId))
      : undefined;
    if (tag !== images.tag || !hotel || !match) {
      return errorResponse(c, 'NOT_FOUND', { message: 'No such image' });
    }
    const room = at(match, 1);
    const etag = `"${tag}-${hotel.id}-${room}"`;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag });
    return c.body(pictures.room(hotel, room), 200, { ...PICTURE_HEADERS, ETag: etag });
  });
}
