// The offline basemap's cells, cut at build time: clipping keeps what is inside a cell and
// nothing else, the encoding is exact to a thousandth of a degree, and the cell that holds
// a city has land under it and sea beside it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { landMaskOf } from '../server/sandbox/inventory/land.ts';
import { basemapCells, CELL_DEGREES, clipLine, encodeCell, encodeLine } from './basemap-cells.ts';

type Point = [number, number];

function decode(steps: readonly number[]): Point[] {
  const points: Point[] = [];
  let lon = 0;
  let lat = 0;
  for (let at = 0; at + 1 < steps.length; at += 2) {
    lon += steps[at]!;
    lat += steps[at + 1]!;
    points.push([lon / 1000, lat / 1000]);
  }
  return points;
}

describe('basemap cells', () => {
  it('clips a line to the runs inside the cell', () => {
    const runs = clipLine(
      [
        [-5, 5],
        [5, 5],
        [15, 5],
        [15, 15],
      ],
      0,
      0,
      10,
      10,
    );
    expect(runs).toEqual([
      [
        [0, 5],
        [5, 5],
        [10, 5],
      ],
    ]);
    expect(
      clipLine(
        [
          [20, 20],
          [30, 30],
        ],
        0,
        0,
        10,
        10,
      ),
    ).toEqual([]);
  });

  it('encodes points as thousandths of a degree, first point then steps', () => {
    const points: Point[] = [
      [2.3522, 48.8566],
      [2.361, 48.85],
      [-9.1393, 38.7223],
    ];
    expect(encodeLine(points)).toEqual([2352, 48857, 9, -7, -11500, -10128]);
    expect(decode(encodeLine(points))).toEqual([
      [2.352, 48.857],
      [2.361, 48.85],
      [-9.139, 38.722],
    ]);
  });

  it('cuts the world into cells whose land holds the cities and leaves the open sea out', () => {
    const require = createRequire(import.meta.url);
    const topology = JSON.parse(
      readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8'),
    ) as Topology;
    const cells = basemapCells(topology);
    const byKey = new Map(cells.map((cell) => [`${cell.south},${cell.west}`, cell]));
    // Mid-Atlantic and mid-Pacific cells have no land: no asset.
    expect(byKey.has('30,-50')).toBe(false);
    expect(byKey.has('0,-150')).toBe(false);
    for (const [name, lat, lon] of [
      ['Paris', 48.8566, 2.3522],
      ['Tokyo', 35.68, 139.69],
      ['São Paulo', -23.55, -46.63],
    ] as const) {
      const key = `${Math.floor(lat / CELL_DEGREES) * CELL_DEGREES},${Math.floor(lon / CELL_DEGREES) * CELL_DEGREES}`;
      const cell = byKey.get(key);
      expect(cell, name).toBeDefined();
      // Every point of the cell is inside it, and its land (as the map decodes it) has
      // the city on it.
      const encoded = encodeCell(cell!);
      const rings = encoded.land.flatMap((polygon) => polygon.map(decode));
      for (const ring of rings) {
        for (const [x, y] of ring) {
          expect(x).toBeGreaterThanOrEqual(cell!.west);
          expect(x).toBeLessThanOrEqual(cell!.west + CELL_DEGREES);
          expect(y).toBeGreaterThanOrEqual(cell!.south);
          expect(y).toBeLessThanOrEqual(cell!.south + CELL_DEGREES);
        }
      }
      expect(landMaskOf(rings).isLand(lat, lon), name).toBe(true);
    }
  });
});
