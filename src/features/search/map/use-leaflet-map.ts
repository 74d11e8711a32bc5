// The Leaflet map of the results: made once in its container, opening where the URL says
// (or around the hotels, or the search's centre), reporting each move of its view, going
// to the hotels once they arrive if it opened before them, and marking the centre the
// distances are measured from.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { MAP_ZOOM, type MapView } from './map-state.ts';

export interface MapCentre {
  latitude: number;
  longitude: number;
}

/**
 * The map (null until it is made) and how many times its view has moved, for what is
 * drawn on it to follow.
 */
export function useLeafletMap({
  containerRef,
  view,
  placed,
  centre,
  onViewChange,
}: {
  containerRef: RefObject<HTMLDivElement | null>;
  /** Where the map opens; null: around the hotels. */
  view: MapView | null;
  placed: readonly { latitude: number; longitude: number }[];
  centre: MapCentre | null;
  onViewChange: (view: MapView) => void;
}): { map: L.Map | null; moves: number } {
  const [map, setMap] = useState<L.Map | null>(null);
  const [moves, setMoves] = useState(0);
  const fittedRef = useRef(false);
  // Leaflet's handlers call the latest callback without rebuilding the map; what the map
  // opens with is read once.
  const viewChanged = useEffectEvent((next: MapView) => onViewChange(next));
  const opening = useRef({ view, placed, centre });

  // The map itself: made once, with the view it opens at.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const made = L.map(container, {
      minZoom: MAP_ZOOM.min,
      maxZoom: MAP_ZOOM.max,
      preferCanvas: true,
      worldCopyJump: true,
      // No animations: they cost frames and make a headless test wait on timers.
      zoomAnimation: false,
      fadeAnimation: false,
      markerZoomAnimation: false,
    });
    made.attributionControl.setPrefix(false);
    made.on('moveend', () => {
      const middle = made.getCenter();
      viewChanged({
        lat: round(middle.lat),
        lon: round(L.Util.wrapNum(middle.lng, [-180, 180], true)),
        zoom: made.getZoom(),
      });
      setMoves((n) => n + 1);
    });
    const { view: startView, placed: startPlaced, centre: startCentre } = opening.current;
    L.control.scale({ imperial: false }).addTo(made);
    const start = initialView(startView, startPlaced, startCentre);
    if ('bounds' in start) made.fitBounds(start.bounds, FIT);
    else made.setView(start.centre, start.zoom);
    fittedRef.current = startView !== null || startPlaced.length > 0;
    setMap(made);
    return () => {
      made.remove();
      setMap(null);
    };
  }, [containerRef]);

  // Opened before the first page came (a shared link with the map open): the map goes to
  // the hotels once they arrive, unless the link said where to look.
  useEffect(() => {
    if (!map || fittedRef.current || placed.length === 0) return;
    fittedRef.current = true;
    map.fitBounds(L.latLngBounds(placed.map((hotel) => [hotel.latitude, hotel.longitude])), FIT);
  }, [map, placed]);

  // The centre the distances are measured from, once the search has said it.
  const centreLat = centre?.latitude;
  const centreLon = centre?.longitude;
  useEffect(() => {
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
  }, [map, centreLat, centreLon]);

  return { map, moves };
}

const FIT: L.FitBoundsOptions = { padding: [32, 32], maxZoom: 15 };

function round(value: number): number {
  return Math.round(value * 100_000) / 100_000;
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
