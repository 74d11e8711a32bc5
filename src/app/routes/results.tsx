import { SearchResultsPage } from '../../features/search/results-page.tsx';

export function ResultsRoute() {
  return <SearchResultsPage />;
}
