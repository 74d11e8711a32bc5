// The source modules of the code each rendered page's first screen draws with: what
// loadFirstScreenCode (first-screen.ts) loads before hydrating, and so what the server's
// render waits for. The benchmark of a route's initial JS counts them. Plain data with no
// imports, so a Node script can read it.
export const FIRST_SCREEN_MODULES = {
  home: ['src/features/search/form/search-home.tsx'],
  results: [
    'src/app/routes/results.tsx',
    'src/features/search/results/results-body.tsx',
    'src/features/search/results/results-list.tsx',
  ],
  hotel: ['src/app/routes/hotel.tsx'],
} as const satisfies Readonly<Record<string, readonly string[]>>;
