// Land and water for the generated hotels: Natural Earth's land at 1:10m (world-atlas, the
// coastline the app's offline basemap draws at street zoom), so no hotel sits in the sea.
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
  // Edges as lon1, lat1, lon2, lat2 in one typed array, and the edges of each latitude band
  // listed contiguously (band b's are bandEdges[bandStart[b] … bandStart[b + 1]]): two
  // passes, counting then filling, so nothing is boxed or grown.
  const kept: number[] = [];
  for (const ring of rings) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const [lon1 = 0, lat1 = 0] = ring[i] ?? [];
      const [lon2 = 0, lat2 = 0] = ring[i + 1] ?? [];
      if (lat1 === lat2) continue; // a horizontal edge is never crossed by the ray
      kept.push(lon1, lat1, lon2, lat2);
    }
  }
  const edges = Float64Array.from(kept);
  const edgeCount = edges.length / 4;
  const bandsOf = (edge: number): [number, number] => {
    const lat1 = edges[edge * 4 + 1] ?? 0;
    const lat2 = edges[edge * 4 + 3] ?? 0;
    return [bandOf(Math.min(lat1, lat2)), bandOf(Math.max(lat1, lat2))];
  };
  const bandStart = new Int32Array(BANDS + 1);
  for (let edge = 0; edge < edgeCount; edge++) {
    const [low, high] = bandsOf(edge);
    for (let band = low; band <= high; band++) bandStart[band + 1] = (bandStart[band + 1] ?? 0) + 1;
  }
  for (let band = 0; band < BANDS; band++) {
    bandStart[band + 1] = (bandStart[band + 1] ?? 0) + (bandStart[band] ?? 0);
  }
  const bandEdges = new Int32Array(bandStart[BANDS] ?? 0);
  const filled = bandStart.slice(0, BANDS);
  for (let edge = 0; edge < edgeCount; edge++) {
    const [low, high] = bandsOf(edge);
    for (let band = low; band <= high; band++) {
      bandEdges[filled[band] ?? 0] = edge;
      filled[band] = (filled[band] ?? 0) + 1;
    }
  }
  return {
    isLand(lat, lon) {
      let inside = false;
      const band = bandOf(lat);
      const end = bandStart[band + 1] ?? 0;
      for (let at = bandStart[band] ?? 0; at < end; at++) {
        const edge = (bandEdges[at] ?? 0) * 4;
        const lon1 = edges[edge] ?? 0;
        const lat1 = edges[edge + 1] ?? 0;
        const lon2 = edges[edge + 2] ?? 0;
        const lat2 = edges[edge + 3] ?? 0;
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

/**
 * Natural Earth's land at 1:10m. Not kept: the inventory is generated once per seed and
 * kept itself, and the mask would hold tens of MB for nothing after that.
 */
export function loadLandMask(): LandMask {
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
  return landMaskOf(rings);
}
