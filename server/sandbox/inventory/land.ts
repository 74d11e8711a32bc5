// Land and water for the generated hotels: Natural Earth's land at 1:50m (world-atlas, the
// same coastline the app's offline basemap draws), so no hotel sits in the sea on the map.
// A point is on land when a ray from it eastwards crosses the coastline an odd number of
// times (lakes are holes, crossed the same way). The coastline's edges are bucketed by
// latitude, so a test reads the few dozen edges of its band, not all of them. Only
// comparisons and + - * / are used: the answer is the same on every machine.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** Latitude band height of the edge buckets, in degrees. */
const BAND_DEGREES = 0.1;
const BANDS = Math.ceil(180 / BAND_DEGREES);

export interface LandMask {
  isLand(lat: number, lon: number): boolean;
}

function bandOf(lat: number): number {
  return Math.min(BANDS - 1, Math.max(0, Math.floor((lat + 90) / BAND_DEGREES)));
}

/** A mask over rings of [lon, lat] points (outer rings and holes alike). */
export function landMaskOf(rings: readonly (readonly (readonly number[])[])[]): LandMask {
  // Each edge as lon1, lat1, lon2, lat2 in one flat array; buckets hold edge numbers.
  const edges: number[] = [];
  const bands: number[][] = Array.from({ length: BANDS }, () => []);
  for (const ring of rings) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const [lon1 = 0, lat1 = 0] = ring[i] ?? [];
      const [lon2 = 0, lat2 = 0] = ring[i + 1] ?? [];
      if (lat1 === lat2) continue; // a horizontal edge is never crossed by the ray
      const edge = edges.length / 4;
      edges.push(lon1, lat1, lon2, lat2);
      const low = bandOf(Math.min(lat1, lat2));
      const high = bandOf(Math.max(lat1, lat2));
      for (let band = low; band <= high; band++) bands[band]?.push(edge);
    }
  }
  return {
    isLand(lat, lon) {
      let inside = false;
      for (const edge of bands[bandOf(lat)] ?? []) {
        const at = edge * 4;
        const lon1 = edges[at] ?? 0;
        const lat1 = edges[at + 1] ?? 0;
        const lon2 = edges[at + 2] ?? 0;
        const lat2 = edges[at + 3] ?? 0;
        // Half-open in latitude, so a vertex on the ray counts once.
        if (lat1 > lat !== lat2 > lat) {
          const crossLon = lon1 + ((lat - lat1) / (lat2 - lat1)) * (lon2 - lon1);
          if (crossLon > lon) inside = !inside;
        }
      }
      return inside;
    },
  };
}

let shared: LandMask | null = null;

/** Natural Earth's land at 1:50m, read once per process. */
export function loadLandMask(): LandMask {
  if (shared) return shared;
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(
    readFileSync(require.resolve('world-atlas/land-10m.json'), 'utf8'),
  ) as Topology;
  const land = feature(topology, topology.objects.land as GeometryCollection);
  const rings: number[][][] = [];
  for (const shape of land.features) {
    const { geometry } = shape;
    if (geometry.type === 'Polygon') rings.push(...geometry.coordinates);
    else if (geometry.type === 'MultiPolygon') {
      for (const polygon of geometry.coordinates) rings.push(...polygon);
    }
  }
  shared = landMaskOf(rings);
  return shared;
}
