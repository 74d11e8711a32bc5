// The results map's state in the URL, beside the search it shows (docs/decisions/045-results-map.md).
/** Where the results map looks: its centre and zoom level. */
export interface MapView {
  lat: number;
  lon: number;
  zoom: number;
}

/**
 * The results map's state, kept in the URL beside the search (`map=1`,
 * `view=48.8566,2.3522,13`) so Back and a shared link restore it. Not a search input:
 * it changes no request.
 */
export interface MapState {
  open: boolean;
  view: MapView | null;
}

const MAP_PARAMS = { open: 'map', view: 'view' } as const;
export const MAP_ZOOM = { min: 2, max: 18 } as const;
const VIEW_PATTERN = /^(-?\d{1,2}(?:\.\d{1,6})?),(-?\d{1,3}(?:\.\d{1,6})?),(\d{1,2})$/;

export function readMapState(params: URLSearchParams): MapState {
  const open = params.get(MAP_PARAMS.open) === '1';
  const match = VIEW_PATTERN.exec(params.get(MAP_PARAMS.view) ?? '');
  if (!open || !match) return { open, view: null };
  const view = { lat: Number(match[1]), lon: Number(match[2]), zoom: Number(match[3]) };
  const valid =
    Math.abs(view.lat) <= 85 &&
    Math.abs(view.lon) <= 180 &&
    view.zoom >= MAP_ZOOM.min &&
    view.zoom <= MAP_ZOOM.max;
  return { open, view: valid ? view : null };
}

/**
 * A results URL's query split in two: the search (what the page parses and keys its
 * queries by) and the map's state beside it, so moving the map changes no search input.
 */
export function splitMapState(search: string): { searchOnly: string; map: MapState } {
  const params = new URLSearchParams(search);
  const map = readMapState(params);
  params.delete(MAP_PARAMS.open);
  params.delete(MAP_PARAMS.view);
  const rest = params.toString();
  return { searchOnly: rest ? `?${rest}` : '', map };
}

/** The map state as query pairs, in the URL's order; a closed map has none. */
export function mapStatePairs(state: MapState): [string, string][] {
  if (!state.open) return [];
  const pairs: [string, string][] = [[MAP_PARAMS.open, '1']];
  const { view } = state;
  if (view)
    pairs.push([MAP_PARAMS.view, `${view.lat.toFixed(5)},${view.lon.toFixed(5)},${view.zoom}`]);
  return pairs;
}

/** `path` (a results path) with the map state added; a closed map adds nothing. */
export function withMapState(path: string, state: MapState): string {
  const pairs = mapStatePairs(state);
  if (pairs.length === 0) return path;
  const query = pairs.map(([name, value]) => `${name}=${value}`).join('&');
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
