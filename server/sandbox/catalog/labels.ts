// Names for the app's offline basemap: the sandbox's GeoNames cities in a view, biggest
// first, and at street zooms the neighbourhoods and localities of its cities. Not an
// endpoint of the hotel API: the app server, in sandbox mode, writes them on its map.
import { MAX_MAP_LABELS, type MapLabel, type MapLabelsQuery } from '../../../src/contract/index.ts';
import type { SandboxContext } from '../context.ts';

/** From this zoom on a view is a city's streets: its areas are named too. */
export const AREA_LABEL_ZOOM = 12;
/** Cities named per view at most, so areas keep room at street zooms. */
const CITY_LABELS = 24;
/** Below this zoom only cities this big are named (a continent has room for few). */
const MIN_POPULATION_BY_ZOOM = [5e6, 5e6, 5e6, 4e6, 2e6, 1e6, 5e5, 2e5, 1e5];

export function mapLabelsOf(
  context: Pick<SandboxContext, 'inventory'>,
): (view: MapLabelsQuery) => MapLabel[] {
  const { geography } = context.inventory;
  const cities = [...geography.cities].sort((a, b) => b.population - a.population || a.id - b.id);
  const areas = geography.places
    .filter((place) => place.cityIndex >= 0 && place.type !== 'island')
    .sort((a, b) => b.weight - a.weight || a.id - b.id);
  return ({ south, west, north, east, zoom }) => {
    // A view across the antimeridian has a west or east beyond ±180: a place is in it at
    // its longitude or one a turn of the earth away, and is named there.
    const placed = (lat: number, lon: number): number | null => {
      if (lat < south || lat > north) return null;
      for (const turn of [0, -360, 360]) {
        if (lon + turn >= west && lon + turn <= east) return lon + turn;
      }
      return null;
    };
    const labels: MapLabel[] = [];
    const minPopulation = MIN_POPULATION_BY_ZOOM[Math.floor(zoom)] ?? 0;
    for (const city of cities) {
      if (labels.length >= CITY_LABELS || city.population < minPopulation) break;
      const longitude = placed(city.lat, city.lon);
      if (longitude !== null) {
        labels.push({ name: city.name, kind: 'city', latitude: city.lat, longitude });
      }
    }
    if (zoom >= AREA_LABEL_ZOOM) {
      for (const area of areas) {
        if (labels.length >= MAX_MAP_LABELS) break;
        const longitude = placed(area.lat, area.lon);
        if (longitude !== null) {
          labels.push({ name: area.name, kind: 'area', latitude: area.lat, longitude });
        }
      }
    }
    return labels;
  };
}
