import { SavedHotelsPage } from '../../features/search/saved-page.tsx';

export function SavedRoute() {
  return <SavedHotelsPage />;
}
