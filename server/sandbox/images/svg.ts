// Hotel and room pictures drawn as SVG from the hotel's data: deterministic, small, no
// network. Colours, skyline and windows come from a hash of the hotel id and the picture.
import { hashInts } from '../inventory/random.ts';
import { at } from '../inventory/checked.ts';

const SKIES: readonly (readonly [string, string])[] = [
  ['#8ec5fc', '#e0c3fc'],
  ['#fddb92', '#d1fdff'],
  ['#a1c4fd', '#c2e9fb'],
  ['#f6d365', '#fda085'],
  ['#84fab0', '#8fd3f4'],
  ['#ffecd2', '#fcb69f'],
  ['#cfd9df', '#e2ebf0'],
  ['#fbc2eb', '#a6c1ee'],
];
const FACADES = ['#f4efe6', '#e8d9c5', '#d9e4ec', '#f1e3d3', '#e3e8de', '#efe1e1', '#d7d2cb'];
const ACCENTS = ['#1f4e79', '#7a3b2e', '#2e6b4f', '#6b4c9a', '#8a6d1f', '#2d5d7b', '#a23b52'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function pick<T>(items: readonly T[], hash: number, salt: number): T {
  return at(items, hashInts(hash, salt) % items.length);
}

export interface PictureSubject {
  id: number;
  name: string;
  stars: number | null;
}

/** Picture `index` of a hotel (0 is the main picture): a façade under a sky, with the name. */
export function hotelPictureSvg(hotel: PictureSubject, index: number): string {
  const h = hashInts(hotel.id, index, 9);
  const [skyTop, skyBottom] = pick(SKIES, h, 1);
  const facade = pick(FACADES, h, 2);
  const accent = pick(ACCENTS, h, 3);
  const floors = 3 + (hotel.stars ?? 2) + (hashInts(h, 4) % 4);
  const columns = 4 + (hashInts(h, 5) % 5);
  const width = 60 + columns * 56;
  const x0 = 400 - width / 2;
  const floorHeight = Math.min(44, 360 / floors);
  const top = 470 - floors * floorHeight;
  const windows: string[] = [];
  for (let f = 0; f < floors; f++) {
    for (let col = 0; col < columns; col++) {
      const lit = hashInts(h, f, col) % 5 === 0;
      windows.push(
        `<rect x="${x0 + 34 + col * 56}" y="${top + 10 + f * floorHeight}" width="30" height="${Math.round(floorHeight * 0.55)}" rx="3" fill="${lit ? '#ffe9a8' : '#9fb7c9'}"/>`,
      );
    }
  }
  const hills = `<path d="M0 420 Q 200 ${360 + (hashInts(h, 6) % 50)} 400 410 T 800 400 V 533 H 0 Z" fill="#9cc5a1" opacity="0.6"/>`;
  const stars = '★'.repeat(hotel.stars ?? 0);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 533" width="800" height="533" role="img" aria-label="${escapeXml(hotel.name)}">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>`,
    `<rect width="800" height="533" fill="url(#sky)"/>`,
    hills,
    `<rect x="${x0}" y="${top}" width="${width}" height="${470 - top}" fill="${facade}" stroke="${accent}" stroke-width="3"/>`,
    `<rect x="${x0 - 10}" y="${top - 14}" width="${width + 20}" height="16" fill="${accent}"/>`,
    ...windows,
    `<rect x="370" y="420" width="60" height="50" fill="${accent}"/>`,
    `<rect x="0" y="470" width="800" height="63" fill="#5b6770"/>`,
    `<text x="400" y="510" text-anchor="middle" font-family="Georgia, serif" font-size="26" fill="#ffffff">${escapeXml(hotel.name)}</text>`,
    stars
      ? `<text x="400" y="${top - 24}" text-anchor="middle" font-size="22" fill="${accent}">${stars}</text>`
      : '',
    '</svg>',
  ].join('');
}

/** A room picture: a bed, a window and a lamp, in the hotel's colours. */
export function roomPictureSvg(hotel: PictureSubject, room: string): string {
  let roomHash = 0;
  for (let i = 0; i < room.length; i++) roomHash = hashInts(roomHash, room.charCodeAt(i));
  const h = hashInts(hotel.id, roomHash, 21);
  const wall = pick(FACADES, h, 1);
  const accent = pick(ACCENTS, h, 2);
  const [skyTop, skyBottom] = pick(SKIES, h, 3);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 533" width="800" height="533" role="img" aria-label="${escapeXml(`${hotel.name}: ${room}`)}">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>`,
    `<rect width="800" height="533" fill="${wall}"/>`,
    `<rect x="520" y="80" width="200" height="200" fill="url(#sky)" stroke="${accent}" stroke-width="8"/>`,
    `<rect x="0" y="430" width="800" height="103" fill="#b99b7a"/>`,
    `<rect x="120" y="300" width="380" height="140" rx="12" fill="#ffffff" stroke="${accent}" stroke-width="4"/>`,
    `<rect x="100" y="240" width="40" height="200" rx="8" fill="${accent}"/>`,
    `<rect x="150" y="310" width="110" height="50" rx="14" fill="#eef2f5"/>`,
    `<rect x="280" y="310" width="110" height="50" rx="14" fill="#eef2f5"/>`,
    `<rect x="150" y="370" width="350" height="70" fill="${accent}" opacity="0.35"/>`,
    `<circle cx="600" cy="360" r="26" fill="#ffe9a8"/><rect x="596" y="386" width="8" height="50" fill="#444"/>`,
    '</svg>',
  ].join('');
}
