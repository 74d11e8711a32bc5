// The offline basemap at street zoom, cut at build time: Natural Earth's countries at 1:10m
// (world-atlas) in cells of CELL_DEGREES, each a small JSON asset with the land to fill and
// the coastlines and borders to draw, so a city view fetches the one to four cells it
// shows instead of the whole world. Land is clipped with Sutherland–Hodgman (a cell is a
// convex window); it is only filled, so the seams clipping leaves along a cell's edge never
// show. Lines are clipped segment by segment. Coordinates are kept in thousandths of a
// degree (~100 m: the 1:10m data itself is good to about a kilometre), repeated points
// dropped, and written as the first point then steps from each point to the next, so an
// asset is mostly one- and two-digit numbers (see encodeLine; the map decodes them).
import { mesh, feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export const CELL_DEGREES = 10;

type Point = [number, number];
type Ring = Point[];

export interface Cell {
  /** South-west corner, in whole degrees. */
  south: number;
  west: number;
  /** Polygons, each an outer ring and its holes, as GeoJSON coordinates. */
  land: Ring[][];
  /** Coastlines and borders, as GeoJSON MultiLineString coordinates. */
  coast: Point[][];
  borders: Point[][];
}

export function cellKey(south: number, west: number): string {
  return `${south},${west}`;
}

/** What a cell's asset holds: every ring and line as encodeLine writes it. */
export interface EncodedCell {
  land: number[][][];
  coast: number[][];
  borders: number[][];
}

/** [lon, lat] points as thousandths of a degree: the first point, then each step. */
export function encodeLine(points: readonly Point[]): number[] {
  const out: number[] = [];
  let lastLon = 0;
  let lastLat = 0;
  for (const [lon, lat] of points) {
    const x = Math.round(lon * 1000);
    const y = Math.round(lat * 1000);
    out.push(x - lastLon, y - lastLat);
    lastLon = x;
    lastLat = y;
  }
  return out;
}

export function encodeCell(cell: Cell): EncodedCell {
  return {
    land: cell.land.map((rings) => rings.map(encodeLine)),
    coast: cell.coast.map(encodeLine),
    borders: cell.borders.map(encodeLine),
  };
}

const round3 = (value: number) => Math.round(value * 1e3) / 1e3;

/** Points rounded, each one that repeats the one before dropped. */
function rounded(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const [lon, lat] of points) {
    const point: Point = [round3(lon), round3(lat)];
    const last = out[out.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point);
  }
  return out;
}

/** One edge of the window: inside test and the crossing with a segment. */
interface Edge {
  inside: (p: Point) => boolean;
  cross: (a: Point, b: Point) => Point;
}

/** The window's edges: west, east, south, north. */
function edgesOf(south: number, west: number, north: number, east: number): Edge[] {
  const atLon =
    (lon: number) =>
    (a: Point, b: Point): Point => [lon, a[1] + ((lon - a[0]) / (b[0] - a[0])) * (b[1] - a[1])];
  const atLat =
    (lat: number) =>
    (a: Point, b: Point): Point => [a[0] + ((lat - a[1]) / (b[1] - a[1])) * (b[0] - a[0]), lat];
  return [
    { inside: (p) => p[0] >= west, cross: atLon(west) },
    { inside: (p) => p[0] <= east, cross: atLon(east) },
    { inside: (p) => p[1] >= south, cross: atLat(south) },
    { inside: (p) => p[1] <= north, cross: atLat(north) },
  ];
}

/**
 * A closed ring clipped to some edges of the window (Sutherland–Hodgman); null when nothing
 * is left. Rounded to 4 decimals unless asked not to (a first pass, clipped again after).
 */
export function clipRing(
  ring: readonly Point[],
  edges: readonly Edge[],
  rounding = true,
): Ring | null {
  let points: Point[] = ring.slice(0, -1).map((p) => [p[0], p[1]]);
  for (const edge of edges) {
    if (points.length === 0) return null;
    const next: Point[] = [];
    for (let i = 0; i < points.length; i++) {
      const current = points[i]!;
      const previous = points[(i + points.length - 1) % points.length]!;
      if (edge.inside(current)) {
        if (!edge.inside(previous)) next.push(edge.cross(previous, current));
        next.push(current);
      } else if (edge.inside(previous)) {
        next.push(edge.cross(previous, current));
      }
    }
    points = next;
  }
  const kept = rounding ? rounded(points) : points;
  if (kept.length < 3) return null;
  return [...kept, kept[0]!];
}

/** A line clipped to the window: the runs of it inside, segment by segment (Liang–Barsky). */
export function clipLine(
  line: readonly Point[],
  south: number,
  west: number,
  north: number,
  east: number,
): Point[][] {
  const runs: Point[][] = [];
  let run: Point[] = [];
  for (let i = 0; i + 1 < line.length; i++) {
    const [x0, y0] = line[i]!;
    const [x1, y1] = line[i + 1]!;
    const dx = x1 - x0;
    const dy = y1 - y0;
    let t0 = 0;
    let t1 = 1;
    let visible = true;
    for (const [p, q] of [
      [-dx, x0 - west],
      [dx, east - x0],
      [-dy, y0 - south],
      [dy, north - y0],
    ] as const) {
      if (p === 0) {
        if (q < 0) visible = false;
      } else {
        const t = q / p;
        if (p < 0) t0 = Math.max(t0, t);
        else t1 = Math.min(t1, t);
      }
    }
    if (!visible || t0 > t1) {
      if (run.length > 1) runs.push(run);
      run = [];
      continue;
    }
    const a: Point = [x0 + t0 * dx, y0 + t0 * dy];
    const b: Point = [x0 + t1 * dx, y0 + t1 * dy];
    if (run.length === 0) run.push(a);
    run.push(b);
    if (t1 < 1) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 1) runs.push(run);
  return runs.map(rounded).filter((line) => line.length > 1);
}

function boundsOf(points: readonly Point[]): [number, number, number, number] {
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const [lon, lat] of points) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lon);
    east = Math.max(east, lon);
  }
  return [south, west, north, east];
}

/** Every non-empty cell of the world, from world-atlas's countries topology. */
export function basemapCells(topology: Topology): Cell[] {
  const countries = topology.objects.countries as GeometryCollection;
  const polygons: { rings: Point[][]; bounds: [number, number, number, number] }[] = [];
  for (const shape of feature(topology, countries).features) {
    const { geometry } = shape;
    const list =
      geometry.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry.type === 'MultiPolygon'
          ? geometry.coordinates
          : [];
    for (const rings of list) {
      const typed = rings as Point[][];
      polygons.push({ rings: typed, bounds: boundsOf(typed[0] ?? []) });
    }
  }
  const lines = (filter: (a: unknown, b: unknown) => boolean) =>
    mesh(topology, countries, filter).coordinates.map((line) => ({
      line: line as Point[],
      bounds: boundsOf(line as Point[]),
    }));
  const coast = lines((a, b) => a === b);
  const borders = lines((a, b) => a !== b);

  // Two passes: each latitude band first (so a big country is cut once per band, not once
  // per cell), then each cell of the band.
  const cells: Cell[] = [];
  for (let south = -90; south < 90; south += CELL_DEGREES) {
    const north = south + CELL_DEGREES;
    const [, , bandSouth, bandNorth] = edgesOf(south, -Infinity, north, Infinity);
    const inBand = ([s, , n]: [number, number, number, number]) => s <= north && n >= south;
    const bandPolygons = polygons.flatMap((polygon) => {
      if (!inBand(polygon.bounds)) return [];
      const rings = polygon.rings
        .map((ring) => clipRing(ring, [bandSouth!, bandNorth!], false))
        .filter((ring): ring is Ring => ring !== null);
      const [outer] = rings;
      return outer && rings.length > 0 ? [{ rings, bounds: boundsOf(outer) }] : [];
    });
    for (let west = -180; west < 180; west += CELL_DEGREES) {
      const east = west + CELL_DEGREES;
      const overlaps = ([s, w, n, e]: [number, number, number, number]) =>
        s <= north && n >= south && w <= east && e >= west;
      const [cellWest, cellEast] = edgesOf(south, west, north, east);
      const land: Ring[][] = [];
      for (const polygon of bandPolygons) {
        if (!overlaps(polygon.bounds)) continue;
        const [outer, ...holes] = polygon.rings;
        const clipped = outer && clipRing(outer, [cellWest!, cellEast!]);
        if (!clipped) continue;
        const keptHoles = holes
          .map((hole) => clipRing(hole, [cellWest!, cellEast!]))
          .filter((hole): hole is Ring => hole !== null);
        land.push([clipped, ...keptHoles]);
      }
      if (land.length === 0) continue;
      const clip = (list: typeof coast) =>
        list
          .filter((item) => overlaps(item.bounds))
          .flatMap((item) => clipLine(item.line, south, west, north, east));
      cells.push({ south, west, land, coast: clip(coast), borders: clip(borders) });
    }
  }
  return cells;
}
