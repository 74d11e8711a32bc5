// The map's basemap: the operator's street tiles (MAP_TILE_URL), or the offline one drawn
// from Natural Earth, shipped with the app so the map works with no internet — the world at
// 1:50m far out, and closer in the 1:10m cells of the view as the view reaches them — with
// the names of the view's places written on it (a street map names its own).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import basemapCells from 'virtual:basemap-cells';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import type { MapLabel, MapLabelsQuery } from '../../../contract/index.ts';
import { useT } from '../../../lib/i18n.ts';
import { searchQueries } from '../search-queries.ts';
import { useLayerGroup } from './use-layer-group.ts';

const BASEMAP_LAND = '#f8fafc';
const BASEMAP_LINE = '#94a3b8';
/** From this zoom on (a city and its surroundings) the map draws the 1:10m cells of its view. */
const CELL_ZOOM = 8;
/** The cells' size, as scripts/basemap-cells.ts cuts them. */
const CELL_DEGREES = 10;

/** The cells a view covers, by "south,west" (longitudes folded into -180…180). */
function cellsInView(bounds: L.LatLngBounds): string[] {
  const keys = new Set<string>();
  const floor = (value: number) => Math.floor(value / CELL_DEGREES) * CELL_DEGREES;
  const south = floor(Math.max(-90, bounds.getSouth()));
  const north = Math.min(90, bounds.getNorth());
  const west = floor(bounds.getWest());
  const east = bounds.getEast();
  for (let lat = south; lat < north; lat += CELL_DEGREES) {
    for (let lon = west; lon < east; lon += CELL_DEGREES) {
      const folded = ((((lon + 180) % 360) + 360) % 360) - 180;
      keys.add(`${String(lat)},${String(folded)}`);
    }
  }
  return [...keys];
}

interface EncodedCell {
  land: number[][][];
  coast: number[][];
  borders: number[][];
}

/** A ring or line as the cells store it: thousandths of a degree, the first point then steps. */
function decodeLine(steps: readonly number[]): L.LatLngTuple[] {
  const points: L.LatLngTuple[] = [];
  let lon = 0;
  let lat = 0;
  for (let at = 0; at + 1 < steps.length; at += 2) {
    lon += steps[at] ?? 0;
    lat += steps[at + 1] ?? 0;
    points.push([lat / 1000, lon / 1000]);
  }
  return points;
}

const cellLoads = new Map<string, Promise<EncodedCell>>();
function loadCell(url: string): Promise<EncodedCell> {
  let loading = cellLoads.get(url);
  if (!loading) {
    loading = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`basemap cell: HTTP ${String(response.status)}`);
      return response.json() as Promise<EncodedCell>;
    });
    loading.catch(() => cellLoads.delete(url));
    cellLoads.set(url, loading);
  }
  return loading;
}

/** A cell's land filled (no outline: its edges are cuts), its coasts and borders drawn. */
function cellLayer(cell: EncodedCell): L.FeatureGroup {
  const lines = { color: BASEMAP_LINE, weight: 0.8, interactive: false };
  return L.featureGroup([
    L.polygon(
      cell.land.map((rings) => rings.map(decodeLine)),
      { stroke: false, fillColor: BASEMAP_LAND, fillOpacity: 1, interactive: false },
    ),
    L.polyline(cell.coast.map(decodeLine), lines),
    L.polyline(cell.borders.map(decodeLine), { ...lines, dashArray: '4 3' }),
  ]);
}

/** The basemap's shapes, fetched once per page load (a hashed asset, cached for good). */
let basemap: Promise<GeoJSON.FeatureCollection> | null = null;
function loadBasemap(): Promise<GeoJSON.FeatureCollection> {
  basemap ??= fetch(countriesUrl)
    .then((response) => response.json() as Promise<Topology>)
    .then((topology) => {
      const countries = topology.objects.countries as GeometryCollection;
      return feature(topology, countries);
    });
  return basemap;
}

/** The pane of the places' names: above the basemap, under the pins. */
const LABEL_PANE = 'labels';
const LABEL_CLASS: Record<MapLabel['kind'], string> = {
  city: 'pointer-events-none absolute -translate-x-1/2 -translate-y-1/2 whitespace-nowrap text-sm font-bold text-slate-800 [text-shadow:0_0_3px_#fff]',
  area: 'pointer-events-none absolute -translate-x-1/2 -translate-y-1/2 whitespace-nowrap text-xs font-medium text-slate-700 [text-shadow:0_0_3px_#fff]',
};

/** The view as the names are asked for: rounded, so a small move asks nothing new. */
function labelViewOf(map: L.Map): MapLabelsQuery {
  const bounds = map.getBounds();
  const at = (value: number, limit: number) =>
    Math.round(Math.max(-limit, Math.min(limit, value)) * 100) / 100;
  return {
    south: at(bounds.getSouth(), 90),
    west: at(bounds.getWest(), 540),
    north: at(bounds.getNorth(), 90),
    east: at(bounds.getEast(), 540),
    zoom: map.getZoom(),
  };
}

/** Leaflet writes attributions as HTML; the operator's is text. */
function asHtmlText(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${String(character.codePointAt(0))};`);
}

/**
 * Draws the basemap under the pins of `map`, with its attribution, and the view's names
 * (`moves` counts the map's moves: each may reach new cells and names).
 */
export function useBasemap(map: L.Map | null, moves: number): void {
  const { t } = useT();
  /** The offline basemap's layers drawn so far, by cell ("world" far out); null: loading. */
  const offlineRef = useRef(new Map<string, L.FeatureGroup | null>());
  // The view as the names are asked for, read again after each move.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `moves` says the view changed
  const labelView = useMemo(() => (map ? labelViewOf(map) : null), [map, moves]);
  const offlineAttribution = t('map.attribution');
  // The basemap is known once the settings have answered; if they cannot be had, the map
  // draws the offline one.
  const settings = useQuery(searchQueries.mapSettings());
  const basemapKnown = settings.isSuccess || settings.isError;
  const tiles = settings.data?.tiles ?? null;

  // Names sit under the pins and take no pointer: the pins stay what one clicks.
  const labelsRef = useLayerGroup(map, { name: LABEL_PANE, zIndex: 450 });

  // The basemap under the pins, with its attribution: the street tiles, or Natural Earth.
  useEffect(() => {
    if (!map || !basemapKnown) return;
    if (tiles) {
      const street = L.tileLayer(tiles.url_template, {
        attribution: asHtmlText(tiles.attribution),
        maxZoom: tiles.max_zoom,
      })
        .addTo(map)
        .bringToBack();
      return () => {
        street.remove();
      };
    }
    map.attributionControl.addAttribution(offlineAttribution);
    const drawn = offlineRef.current;
    return () => {
      for (const layer of drawn.values()) {
        if (layer) layer.remove();
      }
      drawn.clear();
      map.attributionControl.removeAttribution(offlineAttribution);
    };
  }, [map, basemapKnown, tiles, offlineAttribution]);

  // The offline basemap: the world at 1:50m far out; closer in, the 1:10m cells of the
  // view, fetched as the view reaches them. What is drawn stays (a cell is drawn once).
  const offline = basemapKnown && tiles === null;
  useEffect(() => {
    if (!map || !offline) return;
    const drawn = offlineRef.current;
    const draw = (key: string, load: () => Promise<L.FeatureGroup>) => {
      if (drawn.has(key)) return;
      drawn.set(key, null);
      void load().then(
        (layer) => {
          // Gone meanwhile (the map closed, or street tiles came): nothing to draw on.
          if (!drawn.has(key)) return;
          drawn.set(key, layer.addTo(map));
          layer.bringToBack();
        },
        () => drawn.delete(key), // asked again with the next move
      );
    };
    const cellKeys = map.getZoom() >= CELL_ZOOM ? cellsInView(map.getBounds()) : null;
    if (!cellKeys) {
      draw('world', async () =>
        L.geoJSON(await loadBasemap(), {
          interactive: false,
          style: { color: BASEMAP_LINE, weight: 0.8, fillColor: BASEMAP_LAND, fillOpacity: 1 },
        }),
      );
      return;
    }
    for (const key of cellKeys) {
      const url = basemapCells[key];
      if (url) draw(key, async () => cellLayer(await loadCell(url)));
    }
  }, [map, offline, moves]);

  // The places of the view, named on the offline basemap (a street map names its own).
  const labels = useQuery({
    ...searchQueries.mapLabels(labelView ?? { south: 0, west: 0, north: 0, east: 0, zoom: 0 }),
    enabled: labelView !== null && basemapKnown && tiles === null,
    placeholderData: keepPreviousData,
  });
  const shownLabels = tiles === null ? labels.data?.labels : undefined;
  useEffect(() => {
    const layer = labelsRef.current;
    if (!layer) return;
    layer.clearLayers();
    for (const label of shownLabels ?? []) {
      L.marker([label.latitude, label.longitude], {
        pane: LABEL_PANE,
        interactive: false,
        keyboard: false,
        icon: L.divIcon({
          className: '',
          iconSize: [0, 0],
          html: `<span class="${LABEL_CLASS[label.kind]}">${asHtmlText(label.name)}</span>`,
        }),
      }).addTo(layer);
    }
  }, [map, labelsRef, shownLabels]);
}
