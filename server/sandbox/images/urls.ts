// Image URLs of the sandbox: `${publicBaseUrl}/images/<tag>/hotels/<id>/<n>.png`. The tag
// changes with the seed (and the drawing version), so the pictures can be cached forever.
import { hashString } from '../inventory/random.ts';
import type { Hotel } from '../inventory/inventory.ts';

const DRAWING_VERSION = 2;

export function imageTag(seed: string): string {
  return `v${DRAWING_VERSION}-${hashString(seed).toString(36)}`;
}

export interface ImageUrls {
  tag: string;
  /** Picture `index` (0 = main) of a hotel; index < hotel.imageCount. */
  hotel(hotel: Hotel, index: number): string;
  /** A room picture: `room` is a short slug such as "dbl" or "suite-2". */
  room(hotel: Hotel, room: string): string;
}

export function imageUrls(publicBaseUrl: string, seed: string): ImageUrls {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const tag = imageTag(seed);
  return {
    tag,
    hotel: (hotel, index) => `${base}/images/${tag}/hotels/${hotel.id}/${index}.png`,
    room: (hotel, room) =>
      `${base}/images/${tag}/rooms/${hotel.id}/${encodeURIComponent(room)}.png`,
  };
}
