// Small client state of the search form (zustand, not server state): the remembered
// nationality and the recent searches, kept in localStorage with a version (persist), so
// a future shape migrates instead of being dropped. Read through a schema: storage is a
// boundary too.
import * as z from 'zod/mini';
import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { DESTINATION_TYPES } from '../../../contract/index.ts';
import { serializeSearchUrl, type SearchInput } from '../../../stay/search-url.ts';
import { parseSearchUrl } from '../../../stay/search-check.ts';
import { searchIdentity } from '../../../stay/stay.ts';
import { searchAgain } from '../../../stay/stay-check.ts';

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

/**
 * The store in localStorage, read through the schema (storage is a boundary too). Before
 * it had a version (until 2026-11), the key held the bare state: it is read as version 0
 * and kept, so nobody's recent searches or nationality vanish with the new format.
 */
const storage: PersistStorage<Stored> = {
  getItem: (name) => {
    try {
      const value = JSON.parse(localStorage.getItem(name) ?? 'null') as unknown;
      if (!value || typeof value !== 'object') return null;
      return 'state' in value
        ? (value as StorageValue<Stored>)
        : { state: value as Stored, version: 0 };
    } catch {
      // Unreadable or unavailable storage: start afresh.
      return null;
    }
  },
  setItem: (name, value) => {
    try {
      localStorage.setItem(name, JSON.stringify(value));
    } catch {
      // Private mode or a full quota: remembered for this page only.
    }
  },
  removeItem: (name) => {
    try {
      localStorage.removeItem(name);
    } catch {
      // Nothing stored to remove.
    }
  },
};

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

export const useSearchPreferences = create<SearchPreferences>()(
  persist(
    (set, get) => ({
      nationality: null,
      recent: [],
      nationalityChosen: (code) => set({ nationality: code }),
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
      },
      recentCleared: () => set({ recent: [] }),
    }),
    {
      name: STORAGE_KEY,
      version: 1,
      storage,
      partialize: ({ nationality, recent }) => ({ nationality, recent }),
      // Version 0 is the bare state of before, the same shape: the schema below reads it.
      migrate: (persisted) => persisted as Stored,
      // Whatever storage holds is checked: what does not read starts afresh.
      merge: (persisted, current) => {
        const parsed = StoredSchema.safeParse(persisted);
        return parsed.success ? { ...current, ...parsed.data } : current;
      },
    },
  ),
);

export const useRememberedNationality = () => useSearchPreferences((state) => state.nationality);
export const useRecentSearches = () => useSearchPreferences((state) => state.recent);
export const useRecentCleared = () => useSearchPreferences((state) => state.recentCleared);
export const useNationalityChosen = () => useSearchPreferences((state) => state.nationalityChosen);
export const useSearchSubmitted = () => useSearchPreferences((state) => state.searchSubmitted);
