import { SavedHotelsPage } from '../../features/search/saved/saved-page.tsx';

export function SavedRoute() {
  return <SavedHotelsPage />;
}
