// The hotels as pins on the map: a pin per loaded hotel at its coordinates, showing its
// current price (live or estimated, as on the cards), clustered where pins crowd (only
// the few pins supercluster leaves on screen are DOM markers). Each pin is a button,
// reachable by keyboard and named by hotel and price; a card hovered or focused lights
// its pin up, and a pin hovered or focused its card.
import L from 'leaflet';
import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import Supercluster, { type ClusterProperties } from 'supercluster';
import { useMoney, type Money } from '../../../lib/money.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { ShownHotel } from '../merge-results.ts';
import { MAP_ZOOM } from './map-state.ts';
import { useLayerGroup } from './use-layer-group.ts';

type PinProperties = { hotelId: string };

export type PlacedHotel = ShownHotel & { latitude: number; longitude: number };

export function hasCoordinates(
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

export function pinLook(hotel: ShownHotel): 'live' | 'estimated' | 'unavailable' {
  if (hotel.availability_band !== 0) return 'unavailable';
  return hotel.price.rate_type === 'estimated' ? 'estimated' : 'live';
}

function pinPrice(hotel: ShownHotel, money: Money): string {
  return money.price(hotel.price.amount, hotel.price.currency);
}

/**
 * What a pin shows: the price, marked "≈" when it is an estimate, as on the cards (a
 * converted price carries its own).
 */
export function pinText(hotel: ShownHotel, money: Money): string {
  const price = pinPrice(hotel, money);
  return pinLook(hotel) === 'estimated' && !money.converted ? `≈ ${price}` : price;
}

/**
 * Draws the pins of `hotels` on `map` (redrawn as the view, `moves`, or the hotels change),
 * calls `onSelect` when one is chosen, `onHighlight` as one is hovered or focused, and
 * `onVisibleChange` with the hotels inside the view, in list order.
 */
export function usePins({
  map,
  moves,
  hotels,
  placed,
  highlightedId,
  onHighlight,
  onSelect,
  onVisibleChange,
}: {
  map: L.Map | null;
  moves: number;
  hotels: readonly ShownHotel[];
  placed: readonly PlacedHotel[];
  highlightedId: string | null;
  onHighlight: (hotelId: string | null) => void;
  onSelect: (hotelId: string) => void;
  onVisibleChange?: (hotelIds: string[]) => void;
}): void {
  const { t } = useT();
  const money = useMoney();
  const markersRef = useRef(new Map<string, HTMLElement>());
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

  // Leaflet's handlers call the latest callbacks without redrawing the pins.
  const highlight = useEffectEvent((hotelId: string | null) => onHighlight(hotelId));
  const select = useEffectEvent((hotelId: string) => onSelect(hotelId));
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

  const pinsRef = useLayerGroup(map);

  // The pins: what the clusters leave at this zoom inside the view, redrawn when the view
  // or the hotels (new pages, new prices) change.
  useEffect(() => {
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
        .on('click', () => select(hotel.hotel_id))
        .on('mouseover', () => highlight(hotel.hotel_id))
        .on('mouseout', () => highlight(null))
        .addTo(layer);
      const element = marker.getElement();
      if (!element) continue;
      const price = pinPrice(hotel, money);
      element.textContent = pinText(hotel, money);
      element.dataset.hotelId = hotel.hotel_id;
      element.dataset.look = look;
      element.setAttribute('aria-label', pinLabel(hotel, price));
      element.addEventListener('focus', () => highlight(hotel.hotel_id));
      element.addEventListener('blur', () => highlight(null));
      markersRef.current.set(hotel.hotel_id, element);
    }
    const order = new Map(hotels.map((hotel, position) => [hotel.hotel_id, position]));
    visibleChanged(visible.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)));
  }, [map, pinsRef, index, byId, hotels, moves, money]);

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
}
