// Where the results page goes: the same search with another sort or filters (the map kept
// as it is), the map opened or closed, and the map's moves (replacing the history entry,
// not pushing one).
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { searchPath, type SearchInput } from '../../../stay/search-url.ts';
import { withMapState, type MapState, type MapView } from '../map/map-state.ts';

export function useResultsNavigation(
  input: SearchInput,
  map: MapState,
  /** Called as the map opens, to start fetching its code. */
  onMapOpening: () => void,
) {
  const navigate = useNavigate();
  const mapOpen = map.open;
  const mapView = map.view;
  const go = useCallback(
    (next: SearchInput) =>
      void navigate(withMapState(searchPath(next), { open: mapOpen, view: mapView })),
    [navigate, mapOpen, mapView],
  );
  const toggleMap = useCallback(() => {
    if (!mapOpen) onMapOpening();
    void navigate(withMapState(searchPath(input), { open: !mapOpen, view: null }));
  }, [navigate, input, mapOpen, onMapOpening]);
  const moveMap = useCallback(
    (view: MapView) =>
      void navigate(withMapState(searchPath(input), { open: true, view }), { replace: true }),
    [navigate, input],
  );
  return { go, toggleMap, moveMap };
}
