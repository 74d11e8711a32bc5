// A layer group of its own on the map (the pins, the place names), added when the map is
// made and removed with it: the effects that draw read it from the ref.
import L from 'leaflet';
import { useEffect, useRef, type RefObject } from 'react';

/** `pane`, with its z-index: a pane made for the group (names go under the pins). */
export function useLayerGroup(
  map: L.Map | null,
  pane?: { name: string; zIndex: number },
): RefObject<L.LayerGroup | null> {
  const ref = useRef<L.LayerGroup | null>(null);
  const paneName = pane?.name;
  const paneZIndex = pane?.zIndex;
  useEffect(() => {
    if (!map) return;
    if (paneName !== undefined) map.createPane(paneName).style.zIndex = String(paneZIndex);
    const layer = L.layerGroup([], paneName === undefined ? {} : { pane: paneName }).addTo(map);
    ref.current = layer;
    return () => {
      layer.remove();
      ref.current = null;
    };
  }, [map, paneName, paneZIndex]);
  return ref;
}
