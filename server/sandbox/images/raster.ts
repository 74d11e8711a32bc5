// Hotel and room pictures drawn as PNGs: deterministic, small, no network. Each kind has a
// set number of drawings (colours, skyline and windows from a hash of the drawing's
// number; a façade's height from the hotel's stars), drawn once when first asked for; a
// hotel's pictures are its own pick among them. Drawing one takes about 15 ms, which the
// sandbox's thread, shared with the app when embedded, could not spend on every hotel.
// Raster, as a supplier's photos are: a browser decodes a PNG off its main thread, whereas
// each SVG picture was a document of its own that the page's thread built and laid out
// (10 to 30 ms apiece on a desktop CPU, four times that on the bench's phone).
import { PNG } from 'pngjs';
import { hashInts } from '../inventory/random.ts';
import { at } from '../inventory/checked.ts';

type Rgb = readonly [number, number, number];

function rgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const SKY_HEXES: readonly (readonly [string, string])[] = [
  ['#8ec5fc', '#e0c3fc'],
  ['#fddb92', '#d1fdff'],
  ['#a1c4fd', '#c2e9fb'],
  ['#f6d365', '#fda085'],
  ['#84fab0', '#8fd3f4'],
  ['#ffecd2', '#fcb69f'],
  ['#cfd9df', '#e2ebf0'],
  ['#fbc2eb', '#a6c1ee'],
];
const SKIES = SKY_HEXES.map(([top, bottom]) => [rgb(top), rgb(bottom)] as const);
const FACADES = ['#f4efe6', '#e8d9c5', '#d9e4ec', '#f1e3d3', '#e3e8de', '#efe1e1', '#d7d2cb'].map(
  rgb,
);
const ACCENTS = ['#1f4e79', '#7a3b2e', '#2e6b4f', '#6b4c9a', '#8a6d1f', '#2d5d7b', '#a23b52'].map(
  rgb,
);
const LIT = rgb('#ffe9a8');
const UNLIT = rgb('#9fb7c9');
const HILLS = rgb('#9cc5a1');
const STREET = rgb('#5b6770');
const FLOOR = rgb('#b99b7a');
const WHITE = rgb('#ffffff');
const PILLOW = rgb('#eef2f5');
const LAMP_STAND = rgb('#444444');

const PICTURE = { width: 800, height: 533 } as const;

/** RGB pixels with the few fills the pictures need; drawn in order, each over the last. */
class Canvas {
  readonly data: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = Buffer.alloc(width * height * 3);
  }

  private blend(offset: number, color: Rgb, alpha: number): void {
    if (alpha >= 1) {
      this.data[offset] = color[0];
      this.data[offset + 1] = color[1];
      this.data[offset + 2] = color[2];
      return;
    }
    const data = this.data;
    data[offset] = Math.round((data[offset] ?? 0) * (1 - alpha) + color[0] * alpha);
    data[offset + 1] = Math.round((data[offset + 1] ?? 0) * (1 - alpha) + color[1] * alpha);
    data[offset + 2] = Math.round((data[offset + 2] ?? 0) * (1 - alpha) + color[2] * alpha);
  }

  /** A horizontal run of pixels on row `y`, clipped to the canvas. */
  private span(y: number, x0: number, x1: number, color: Rgb, alpha: number): void {
    if (y < 0 || y >= this.height) return;
    const from = Math.max(0, Math.round(x0));
    const to = Math.min(this.width, Math.round(x1));
    for (let x = from; x < to; x++) this.blend((y * this.width + x) * 3, color, alpha);
  }

  rect(x: number, y: number, width: number, height: number, color: Rgb, alpha = 1): void {
    const bottom = Math.round(y + height);
    for (let row = Math.round(y); row < bottom; row++) this.span(row, x, x + width, color, alpha);
  }

  /** A rectangle shaded from `top` to `bottom` colour. */
  gradient(x: number, y: number, width: number, height: number, top: Rgb, bottom: Rgb): void {
    const rows = Math.round(height);
    for (let row = 0; row < rows; row++) {
      const t = rows > 1 ? row / (rows - 1) : 0;
      const mix = (from: number, to: number) => from + (to - from) * t;
      const color: Rgb = [mix(top[0], bottom[0]), mix(top[1], bottom[1]), mix(top[2], bottom[2])];
      this.span(Math.round(y) + row, x, x + width, color, 1);
    }
  }

  /** A rectangle's outline, `width` pixels thick, drawn inside and outside its edge. */
  outline(x: number, y: number, w: number, h: number, color: Rgb, width: number): void {
    const half = width / 2;
    this.rect(x - half, y - half, w + width, width, color);
    this.rect(x - half, y + h - half, w + width, width, color);
    this.rect(x - half, y - half, width, h + width, color);
    this.rect(x + w - half, y - half, width, h + width, color);
  }

  /** Everything below the curve `top(x)`, down to the bottom edge. */
  below(top: (x: number) => number, color: Rgb, alpha: number): void {
    for (let x = 0; x < this.width; x++) {
      for (let y = Math.max(0, Math.round(top(x))); y < this.height; y++) {
        this.blend((y * this.width + x) * 3, color, alpha);
      }
    }
  }

  circle(cx: number, cy: number, r: number, color: Rgb): void {
    for (let y = Math.ceil(cy - r); y <= cy + r; y++) {
      const half = Math.sqrt(Math.max(0, r * r - (y - cy) * (y - cy)));
      this.span(y, cx - half, cx + half, color, 1);
    }
  }

  png(): Buffer {
    // Paeth: flat areas, a sky that changes by row and windows that repeat by floor all
    // come to runs of zeros, about 4 KB a picture (the "Sub" filter alone gives 20 KB).
    const png = new PNG();
    png.width = this.width;
    png.height = this.height;
    png.data = this.data;
    return PNG.sync.write(png, {
      colorType: 2,
      inputColorType: 2,
      inputHasAlpha: false,
      filterType: 4,
    });
  }
}

function pick<T>(items: readonly T[], hash: number, salt: number): T {
  return at(items, hashInts(hash, salt) % items.length);
}

export interface PictureSubject {
  id: number;
  stars: number | null;
}

/** Drawings per kind, and per star rating for hotels: 224 pictures at most, under 1 MB. */
const DRAWINGS = 32;

/** The y of a quadratic curve from y0 over control y1 to y2, at t in 0..1. */
function quadratic(y0: number, y1: number, y2: number, t: number): number {
  return (1 - t) * (1 - t) * y0 + 2 * t * (1 - t) * y1 + t * t * y2;
}

/** Hotel drawing `drawing` for a hotel of `stars` stars: a façade under a sky, on a street. */
function drawHotel(stars: number, drawing: number): Buffer {
  const h = hashInts(drawing, 9);
  const [skyTop, skyBottom] = pick(SKIES, h, 1);
  const facade = pick(FACADES, h, 2);
  const accent = pick(ACCENTS, h, 3);
  const floors = 3 + stars + (hashInts(h, 4) % 4);
  const columns = 4 + (hashInts(h, 5) % 5);
  const width = 60 + columns * 56;
  const x0 = 400 - width / 2;
  const floorHeight = Math.min(44, 360 / floors);
  const top = 470 - floors * floorHeight;
  const canvas = new Canvas(PICTURE.width, PICTURE.height);
  canvas.gradient(0, 0, PICTURE.width, PICTURE.height, skyTop, skyBottom);
  // Rolling hills: two quadratic arcs, the second mirroring the first's control point.
  const crest = 360 + (hashInts(h, 6) % 50);
  canvas.below(
    (x) =>
      x < 400
        ? quadratic(420, crest, 410, x / 400)
        : quadratic(410, 820 - crest, 400, (x - 400) / 400),
    HILLS,
    0.6,
  );
  canvas.rect(x0, top, width, 470 - top, facade);
  canvas.outline(x0, top, width, 470 - top, accent, 3);
  canvas.rect(x0 - 10, top - 14, width + 20, 16, accent);
  for (let floor = 0; floor < floors; floor++) {
    for (let column = 0; column < columns; column++) {
      const lit = hashInts(h, floor, column) % 5 === 0;
      canvas.rect(
        x0 + 34 + column * 56,
        top + 10 + floor * floorHeight,
        30,
        Math.round(floorHeight * 0.55),
        lit ? LIT : UNLIT,
      );
    }
  }
  canvas.rect(370, 420, 60, 50, accent);
  canvas.rect(0, 470, PICTURE.width, 63, STREET);
  return canvas.png();
}

/** Room drawing `drawing`: a bed, a window and a lamp. */
function drawRoom(drawing: number): Buffer {
  const h = hashInts(drawing, 21);
  const wall = pick(FACADES, h, 1);
  const accent = pick(ACCENTS, h, 2);
  const [skyTop, skyBottom] = pick(SKIES, h, 3);
  const canvas = new Canvas(PICTURE.width, PICTURE.height);
  canvas.rect(0, 0, PICTURE.width, PICTURE.height, wall);
  canvas.gradient(520, 80, 200, 200, skyTop, skyBottom);
  canvas.outline(520, 80, 200, 200, accent, 8);
  canvas.rect(0, 430, PICTURE.width, 103, FLOOR);
  canvas.rect(120, 300, 380, 140, WHITE);
  canvas.outline(120, 300, 380, 140, accent, 4);
  canvas.rect(100, 240, 40, 200, accent);
  canvas.rect(150, 310, 110, 50, PILLOW);
  canvas.rect(280, 310, 110, 50, PILLOW);
  canvas.rect(150, 370, 350, 70, accent, 0.35);
  canvas.circle(600, 360, 26, LIT);
  canvas.rect(596, 386, 8, 50, LAMP_STAND);
  return canvas.png();
}

/** How a picture book draws; the real painter unless a test counts the drawings instead. */
export interface Painter {
  hotel(stars: number, drawing: number): Buffer;
  room(drawing: number): Buffer;
}

const painter: Painter = { hotel: drawHotel, room: drawRoom };

/** The pictures of one sandbox: each drawing drawn the first time a hotel shows it. */
export class PictureBook {
  private readonly drawn = new Map<string, Uint8Array<ArrayBuffer>>();

  constructor(private readonly paint: Painter = painter) {}

  private picture(key: string, draw: () => Buffer): Uint8Array<ArrayBuffer> {
    const known = this.drawn.get(key);
    if (known) return known;
    const drawn = new Uint8Array(draw());
    this.drawn.set(key, drawn);
    return drawn;
  }

  /** Picture `index` of a hotel (0 is the main picture). */
  hotel(hotel: PictureSubject, index: number): Uint8Array<ArrayBuffer> {
    const stars = Math.min(Math.max(hotel.stars ?? 2, 0), 5);
    const drawing = hashInts(hotel.id, index, 9) % DRAWINGS;
    return this.picture(`hotel:${stars}:${drawing}`, () => this.paint.hotel(stars, drawing));
  }

  /** The picture of a hotel's room, by the room's short name ("dbl", "suite-2"). */
  room(hotel: PictureSubject, room: string): Uint8Array<ArrayBuffer> {
    let roomHash = 0;
    for (let i = 0; i < room.length; i++) roomHash = hashInts(roomHash, room.charCodeAt(i));
    const drawing = hashInts(hotel.id, roomHash, 21) % DRAWINGS;
    return this.picture(`room:${drawing}`, () => this.paint.room(drawing));
  }
}
