// The results on a map: a pin per loaded hotel at its coordinates, showing its current
// price (live or estimated, as on the cards), clustered where pins crowd, and the centre
// the distances are measured from. Its own chunk, fetched when the map opens.
//
// Leaflet draws the basemap on a canvas from Natural Earth (shipped with the app, so it
// works with no internet), or the operator's street map tiles (MAP_TILE_URL), and the pins as the few DOM markers supercluster leaves on
// screen at a time: each is a button, reachable by keyboard, named by hotel and price
// (docs/decisions/045-results-map.md).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import Supercluster, { type ClusterProperties } from 'supercluster';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import basemapCells from 'virtual:basemap-cells';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import type { MapLabel, MapLabelsQuery } from '../../../contract/index.ts';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { hotelPath, type SearchInput } from '../../../stay/search-url.ts';
import { MAP_ZOOM, type MapView } from './map-state.ts';
import type { ShownHotel } from '../merge-results.ts';
import { searchQueries } from '../search-queries.ts';

export interface MapCentre {
  latitude: number;
  longitude: number;
}

export interface ResultsMapProps {
  hotels: readonly ShownHotel[];
  input: SearchInput;
  /** The centre distances are measured from (search_info.center), when known. */
  centre: MapCentre | null;
  /** Where the map opens; null: around the hotels. */
  view: MapView | null;
  onViewChange: (view: MapView) => void;
  highlightedId: string | null;
  onHighlight: (hotelId: string | null) => void;
  /** The hotels inside the map's view, in list order, as it moves. */
  onVisibleChange?: (hotelIds: string[]) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  className?: string;
}

type PinProperties = { hotelId: string };

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

function hasCoordinates(
  hotel: ShownHotel,
): hotel is ShownHotel & { latitude: number; longitude: number } {
  return typeof hotel.latitude === 'number' && typeof hotel.longitude === 'number';
}

// Leaflet's own CSS makes a marker a block: the text is centred by line height.
const PIN_CLASS =
  'text-center leading-6 rounded-full border-2 text-xs font-bold shadow tabular-nums focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
const PIN_LOOK = {
  live: 'border-slate-900 bg-white text-slate-900',
  estimated: 'border-amber-700 bg-amber-50 text-amber-950',
  unavailable: 'border-slate-400 bg-slate-100 text-slate-700',
  cluster: 'border-white bg-blue-800 text-white',
  highlighted: 'border-blue-700 bg-blue-700 text-white',
};

export function ResultsMap({
  hotels,
  input,
  centre,
  view,
  onViewChange,
  highlightedId,
  onHighlight,
  onVisibleChange,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  className = '',
}: ResultsMapProps) {
  const { t, language } = useT();
  const titleId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const pinsRef = useRef<L.LayerGroup | null>(null);
  const labelsRef = useRef<L.LayerGroup | null>(null);
  /** The offline basemap's layers drawn so far, by cell ("world" far out); null: loading. */
  const offlineRef = useRef(new Map<string, L.FeatureGroup | null>());
  const markersRef = useRef(new Map<string, HTMLElement>());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [moves, setMoves] = useState(0);
  const [labelView, setLabelView] = useState<MapLabelsQuery | null>(null);
  const fittedRef = useRef(false);

  const placed = useMemo(() => hotels.filter(hasCoordinates), [hotels]);
  const byId = useMemo(() => new Map(placed.map((hotel) => [hotel.hotel_id, hotel])), [placed]);
  const index = useMemo(() => {
    const clusters = new Supercluster<PinProperties>({ radius: 56, maxZoom: MAP_ZOOM.max - 1 });
    clusters.load(
      placed.map((hotel) => ({
        type: 'Feature' as const,
        properties: { hotelId: hotel.hotel_id },
        geometry: { type: 'Point' as const, coordinates: [hotel.longitude, hotel.latitude] },
      })),
    );
    return clusters;
  }, [placed]);
  const notOnMap = hotels.length - placed.length;

  // Leaflet's handlers call the latest callbacks without rebuilding the map; what the map
  // opens with is read once.
  const viewChanged = useEffectEvent((next: MapView) => onViewChange(next));
  const highlight = useEffectEvent((hotelId: string | null) => onHighlight(hotelId));
  const visibleChanged = useEffectEvent((hotelIds: string[]) => onVisibleChange?.(hotelIds));
  const clusterLabel = useEffectEvent((count: number) => t('map.cluster', { count }));
  const pinLabel = useEffectEvent((hotel: ShownHotel, price: string) => {
    const look = pinLook(hotel);
    if (look === 'unavailable') return t('map.pinUnavailable', { name: hotel.hotel_name });
    return t(look === 'estimated' ? 'map.pinEstimated' : 'map.pin', {
      name: hotel.hotel_name,
      price,
    });
  });
  const opening = useRef({ view, placed, centre });
  const offlineAttribution = t('map.attribution');
  // The basemap is known once the settings have answered; if they cannot be had, the map
  // draws the offline one.
  const settings = useQuery(searchQueries.mapSettings());
  const basemapKnown = settings.isSuccess || settings.isError;
  const tiles = settings.data?.tiles ?? null;

  // The map itself: made once, with the view it opens at.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      minZoom: MAP_ZOOM.min,
      maxZoom: MAP_ZOOM.max,
      preferCanvas: true,
      worldCopyJump: true,
      // No animations: they cost frames and make a headless test wait on timers.
      zoomAnimation: false,
      fadeAnimation: false,
      markerZoomAnimation: false,
    });
    map.attributionControl.setPrefix(false);
    map.on('moveend', () => {
      const middle = map.getCenter();
      viewChanged({
        lat: round(middle.lat),
        lon: round(L.Util.wrapNum(middle.lng, [-180, 180], true)),
        zoom: map.getZoom(),
      });
      setMoves((n) => n + 1);
      setLabelView(labelViewOf(map));
    });
    const { view: startView, placed: startPlaced, centre: startCentre } = opening.current;
    L.control.scale({ imperial: false }).addTo(map);
    const start = initialView(startView, startPlaced, startCentre);
    if ('bounds' in start) map.fitBounds(start.bounds, FIT);
    else map.setView(start.centre, start.zoom);
    fittedRef.current = startView !== null || startPlaced.length > 0;
    setLabelView(labelViewOf(map));
    // Names sit under the pins and take no pointer: the pins stay what one clicks.
    map.createPane(LABEL_PANE).style.zIndex = '450';
    labelsRef.current = L.layerGroup([], { pane: LABEL_PANE }).addTo(map);
    pinsRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      pinsRef.current = null;
      labelsRef.current = null;
    };
  }, []);

  // The basemap under the pins, with its attribution: the street tiles, or Natural Earth.
  useEffect(() => {
    const map = mapRef.current;
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
  }, [basemapKnown, tiles, offlineAttribution]);

  // The offline basemap: the world at 1:50m far out; closer in, the 1:10m cells of the
  // view, fetched as the view reaches them. What is drawn stays (a cell is drawn once).
  const offline = basemapKnown && tiles === null;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !offline) return;
    const drawn = offlineRef.current;
    const draw = (key: string, load: () => Promise<L.FeatureGroup>) => {
      if (drawn.has(key)) return;
      drawn.set(key, null);
      void load().then(
        (layer) => {
          // Gone meanwhile (the map closed, or street tiles came): nothing to draw on.
          if (!drawn.has(key) || mapRef.current !== map) return;
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
  }, [offline, moves]);

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
  }, [shownLabels]);

  // Opened before the first page came (a shared link with the map open): the map goes to
  // the hotels once they arrive, unless the link said where to look.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || fittedRef.current || placed.length === 0) return;
    fittedRef.current = true;
    map.fitBounds(L.latLngBounds(placed.map((hotel) => [hotel.latitude, hotel.longitude])), FIT);
  }, [placed]);

  // The centre the distances are measured from, once the search has said it.
  const centreLat = centre?.latitude;
  const centreLon = centre?.longitude;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || centreLat === undefined || centreLon === undefined) return;
    const marker = L.circleMarker([centreLat, centreLon], {
      radius: 7,
      color: '#1e3a8a',
      weight: 3,
      fillColor: '#fff',
      fillOpacity: 1,
      interactive: false,
    }).addTo(map);
    return () => {
      marker.remove();
    };
  }, [centreLat, centreLon]);

  // The pins: what the clusters leave at this zoom inside the view, redrawn when the view
  // or the hotels (new pages, new prices) change.
  useEffect(() => {
    const map = mapRef.current;
    const layer = pinsRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    markersRef.current.clear();
    const bounds = map.getBounds();
    const box: [number, number, number, number] = [
      Math.max(-180, bounds.getWest()),
      Math.max(-85, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(85, bounds.getNorth()),
    ];
    const visible: string[] = [];
    for (const item of index.getClusters(box, map.getZoom())) {
      const [lon, lat] = item.geometry.coordinates as [number, number];
      const properties = item.properties as PinProperties & Partial<ClusterProperties>;
      if (properties.cluster && properties.cluster_id !== undefined) {
        const clusterId = properties.cluster_id;
        const marker = pin([lat, lon], 44, `${PIN_CLASS} ${PIN_LOOK.cluster}`)
          .on('click', () => {
            map.setView(
              [lat, lon],
              Math.min(index.getClusterExpansionZoom(clusterId), MAP_ZOOM.max),
            );
          })
          .addTo(layer);
        const element = marker.getElement();
        if (element) {
          element.textContent = String(properties.point_count ?? '');
          element.setAttribute('aria-label', clusterLabel(properties.point_count ?? 0));
        }
        for (const leaf of index.getLeaves(clusterId, Infinity))
          visible.push(leaf.properties.hotelId);
        continue;
      }
      const hotel = byId.get(properties.hotelId);
      if (!hotel) continue;
      visible.push(hotel.hotel_id);
      const look = pinLook(hotel);
      const marker = pin([lat, lon], 72, `${PIN_CLASS} ${PIN_LOOK[look]}`)
        .on('click', () => setSelectedId(hotel.hotel_id))
        .on('mouseover', () => highlight(hotel.hotel_id))
        .on('mouseout', () => highlight(null))
        .addTo(layer);
      const element = marker.getElement();
      if (!element) continue;
      const price = pinPrice(hotel, language);
      element.textContent = pinText(hotel, language);
      element.dataset.hotelId = hotel.hotel_id;
      element.dataset.look = look;
      element.setAttribute('aria-label', pinLabel(hotel, price));
      element.addEventListener('focus', () => highlight(hotel.hotel_id));
      element.addEventListener('blur', () => highlight(null));
      markersRef.current.set(hotel.hotel_id, element);
    }
    const order = new Map(hotels.map((hotel, position) => [hotel.hotel_id, position]));
    visibleChanged(visible.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)));
  }, [index, byId, hotels, moves, language]);

  // A card hovered or focused lights its pin up (and the other way round, through the page).
  useEffect(() => {
    const element = highlightedId ? markersRef.current.get(highlightedId) : undefined;
    if (!element) return;
    const look = (element.dataset.look ?? 'live') as keyof typeof PIN_LOOK;
    element.className = element.className.replace(PIN_LOOK[look], PIN_LOOK.highlighted);
    return () => {
      element.className = element.className.replace(PIN_LOOK.highlighted, PIN_LOOK[look]);
    };
  }, [highlightedId, moves, index]);

  const selected = selectedId ? byId.get(selectedId) : undefined;

  return (
    <section aria-labelledby={titleId} className={`relative flex flex-col ${className}`}>
      <h2 id={titleId} className="sr-only">
        {t('map.title')}
      </h2>
      <div
        ref={containerRef}
        data-testid="results-map"
        className="min-h-64 flex-1 rounded-lg bg-sky-100"
      />
      {selected && (
        <div className="absolute inset-x-2 bottom-14 z-[1000] rounded-xl border border-slate-300 bg-white p-3 shadow-lg">
          <p className="font-bold">
            <Link
              to={hotelPath(selected.hotel_id, input)}
              className="text-blue-900 underline-offset-2 hover:underline"
            >
              {selected.hotel_name}
            </Link>
          </p>
          <p className="text-sm text-slate-700">
            {pinLook(selected) === 'unavailable' ? t('map.soldOut') : pinText(selected, language)}
          </p>
          <Button
            variant="quiet"
            size="sm"
            className="absolute end-1 top-1"
            onClick={() => setSelectedId(null)}
          >
            {t('map.closeCard')}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 pt-2 text-sm text-slate-700">
        <p>{notOnMap > 0 ? t('map.notOnMap', { count: notOnMap }) : ''}</p>
        {hasNextPage && (
          <button
            type="button"
            aria-disabled={isFetchingNextPage || undefined}
            onClick={() => {
              if (!isFetchingNextPage) fetchNextPage();
            }}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            {isFetchingNextPage ? t('map.loadingMore') : t('map.showMore')}
          </button>
        )}
      </div>
    </section>
  );
}

const FIT: L.FitBoundsOptions = { padding: [32, 32], maxZoom: 15 };

function round(value: number): number {
  return Math.round(value * 100_000) / 100_000;
}

/**
 * A pin: Leaflet makes its icon focusable with role="button"; a button also answers Enter
 * and Space, which Leaflet leaves to the browser, and a div does not.
 */
function pin(at: L.LatLngExpression, width: number, className: string): L.Marker {
  const marker = L.marker(at, {
    keyboard: true,
    riseOnHover: true,
    icon: L.divIcon({ className, html: '', iconSize: [width, 28], iconAnchor: [width / 2, 14] }),
  });
  marker.on('add', () => {
    marker.getElement()?.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      event.stopPropagation();
      marker.fire('click');
    });
  });
  return marker;
}

function pinLook(hotel: ShownHotel): 'live' | 'estimated' | 'unavailable' {
  if (hotel.availability_band !== 0) return 'unavailable';
  return hotel.price.rate_type === 'estimated' ? 'estimated' : 'live';
}

function pinPrice(hotel: ShownHotel, language: string): string {
  return formatMoney(hotel.price.amount, hotel.price.currency, language);
}

/** What a pin shows: the price, marked "≈" when it is an estimate, as on the cards. */
function pinText(hotel: ShownHotel, language: string): string {
  const price = pinPrice(hotel, language);
  return pinLook(hotel) === 'estimated' ? `≈ ${price}` : price;
}

type Start = { bounds: L.LatLngBounds } | { centre: L.LatLngExpression; zoom: number };

function initialView(
  view: MapView | null,
  placed: readonly { latitude: number; longitude: number }[],
  centre: MapCentre | null,
): Start {
  if (view) return { centre: [view.lat, view.lon], zoom: view.zoom };
  if (placed.length > 0) {
    return { bounds: L.latLngBounds(placed.map((hotel) => [hotel.latitude, hotel.longitude])) };
  }
  if (centre) return { centre: [centre.latitude, centre.longitude], zoom: 12 };
  return { centre: [20, 0], zoom: MAP_ZOOM.min };
}
