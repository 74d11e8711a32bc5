export function ResultsRoute() {
  return <h1 className="text-2xl font-bold">Results</h1>;
}
