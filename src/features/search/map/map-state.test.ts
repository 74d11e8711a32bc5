import { describe, expect, it } from 'vitest';
import { readMapState, withMapState } from './map-state.ts';

describe('the map state beside a search', () => {
  it('reads an open map and its view, and ignores a view that is not one', () => {
    const read = (query: string) => readMapState(new URLSearchParams(query));
    expect(read('')).toEqual({ open: false, view: null });
    expect(read('map=1')).toEqual({ open: true, view: null });
    expect(read('map=1&view=48.85661,2.35222,13')).toEqual({
      open: true,
      view: { lat: 48.85661, lon: 2.35222, zoom: 13 },
    });
    // A view without an open map is no map; views off the world or the zoom range are none.
    expect(read('view=48.8,2.3,13')).toEqual({ open: false, view: null });
    for (const view of ['91,2,13', '48,181,13', '48,2,1', '48,2,19', '48,2', 'x,2,3']) {
      expect(read(`map=1&view=${view}`).view).toBeNull();
    }
  });

  it('writes the map after the search, and a closed map not at all', () => {
    const path = '/search?dest=city:1&checkin=2026-12-01';
    expect(withMapState(path, { open: false, view: null })).toBe(path);
    expect(withMapState(path, { open: true, view: null })).toBe(`${path}&map=1`);
    const written = withMapState(path, {
      open: true,
      view: { lat: 48.856614, lon: -2.3, zoom: 12 },
    });
    expect(written).toBe(`${path}&map=1&view=48.85661,-2.30000,12`);
    expect(readMapState(new URL(written, 'http://x').searchParams).view).toEqual({
      lat: 48.85661,
      lon: -2.3,
      zoom: 12,
    });
  });
});
