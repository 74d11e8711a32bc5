import { SearchHome } from '../../features/search/search-home.tsx';

export function HomeRoute() {
  return <SearchHome />;
}
