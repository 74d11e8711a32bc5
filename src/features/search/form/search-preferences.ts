// Small client state of the search form (zustand, not server state): the remembered
// nationality and the recent searches, kept in localStorage. Read through a schema:
// storage is a boundary too.
import * as z from 'zod/mini';
import { create } from 'zustand';
import { DESTINATION_TYPES } from '../../../contract/index.ts';
import { parseSearchUrl, serializeSearchUrl, type SearchInput } from '../../../stay/search-url.ts';
import { searchAgain, searchIdentity } from '../../../stay/stay.ts';

const STORAGE_KEY = 'staylane.search';
const MAX_RECENT = 5;

const RecentSearchSchema = z.object({
  type: z.enum(DESTINATION_TYPES),
  id: z.number(),
  label: z.string(),
  /** The whole search, to offer its dates and guests again. */
  query: z.string(),
});
export type RecentSearch = z.infer<typeof RecentSearchSchema>;

const StoredSchema = z.object({
  nationality: z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/))),
  recent: z.array(RecentSearchSchema),
});
type Stored = z.infer<typeof StoredSchema>;

function load(): Stored {
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable or unavailable storage: start afresh.
  }
  return { nationality: null, recent: [] };
}

function save(state: Stored): void {
  try {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ nationality: state.nationality, recent: state.recent }),
    );
  } catch {
    // Private mode or a full quota: remembered for this page only.
  }
}

function keyOf(entry: RecentSearch): string | null {
  const parsed = parseSearchUrl(entry.query);
  return parsed.ok ? searchIdentity(parsed.input) : null;
}

/**
 * A recent search as it can run again today: its dates when they are still ahead, else
 * from today for the same number of nights. Null for an entry that no longer parses.
 */
export function runAgain(entry: RecentSearch, today: string): SearchInput | null {
  return searchAgain(entry.query, today);
}

interface SearchPreferences extends Stored {
  nationalityChosen: (code: string) => void;
  searchSubmitted: (input: SearchInput) => void;
  recentCleared: () => void;
}

export const useSearchPreferences = create<SearchPreferences>()((set, get) => ({
  ...load(),
  nationalityChosen: (code) => {
    set({ nationality: code });
    save(get());
  },
  searchSubmitted: (input) => {
    const entry: RecentSearch = {
      type: input.destination.type,
      id: input.destination.id,
      label: input.label,
      query: serializeSearchUrl(input),
    };
    const key = searchIdentity(input);
    const recent = [entry, ...get().recent.filter((item) => keyOf(item) !== key)].slice(
      0,
      MAX_RECENT,
    );
    set({ recent, nationality: input.nationality });
    save(get());
  },
  recentCleared: () => {
    set({ recent: [] });
    save(get());
  },
}));

export const useRememberedNationality = () => useSearchPreferences((state) => state.nationality);
export const useRecentSearches = () => useSearchPreferences((state) => state.recent);
export const useRecentCleared = () => useSearchPreferences((state) => state.recentCleared);
export const useNationalityChosen = () => useSearchPreferences((state) => state.nationalityChosen);
export const useSearchSubmitted = () => useSearchPreferences((state) => state.searchSubmitted);
