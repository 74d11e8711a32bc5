// How a list the shopper builds in this browser (saved hotels, trips) is kept: in
// localStorage with a version, so a later shape migrates instead of being dropped, and read
// back through a schema (storage is a boundary too): an unreadable list starts empty rather
// than breaking every page that reads it. Another tab's change is followed here.
import { createJSONStorage, type PersistOptions } from 'zustand/middleware';
import { afterHydration } from './use-hydrated.ts';

/** What storage held, read through the list's schema (stored-list.ts); null if unreadable. */
export type ListReader<T> = (state: unknown) => T[] | null;

const VERSION = 1;

/** A list read back as its store is made, with the reader at hand. */
export function listPersistence<K extends string, T, S extends Record<K, T[]>>(
  name: string,
  key: K,
  read: ListReader<T>,
): PersistOptions<S, Pick<S, K>> {
  return {
    name,
    version: VERSION,
    storage: createJSONStorage(() => localStorage),
    partialize: (state) => ({ [key]: state[key] }) as Pick<S, K>,
    merge: (persisted, current) => {
      const list = read(persisted);
      return list ? { ...current, [key]: list } : current;
    },
  };
}

/** The state of a list read later: whether storage's list has been taken in yet. */
export interface LaterList {
  /** False until the list storage held has been read, so a page does not call it empty. */
  loaded: boolean;
}

const LOAD_ATTEMPTS = 3;

/**
 * A list whose reader is fetched once the page has hydrated (afterHydration), for a list a
 * first screen shows: the schema and the library that checks it are then not part of the
 * script a page hydrates with, nor fetched while it does. Storage is read as the store is
 * made, and nothing is written over it until that read has been taken in: what the shopper
 * adds meanwhile is kept in memory, then written with what storage held (within `max`
 * items, those beyond refused as a save beyond the cap is). Should the reader never arrive,
 * storage is left as it was.
 */
export function laterListPersistence<K extends string, T, S extends Record<K, T[]> & LaterList>(
  name: string,
  key: K,
  options: {
    /** What makes two items the same one (a hotel's id). */
    identity: (item: T) => string;
    load: () => Promise<ListReader<T>>;
    max: number;
  },
): PersistOptions<S, Pick<S, K>> {
  const json = createJSONStorage<Pick<S, K>>(() => localStorage);
  let read: ListReader<T> | null = null;
  let loading: Promise<unknown> | null = null;
  const loadReader = () => {
    loading ??= afterHydration().then(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          read = await options.load();
          return;
        } catch (error) {
          // A chunk that could not be fetched: asked again, then at the next read.
          if (attempt === LOAD_ATTEMPTS) {
            loading = null;
            throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
        }
      }
    });
    return loading;
  };
  let takenIn = false;
  return {
    name,
    version: VERSION,
    storage: json && {
      getItem: (storageName) => {
        // Read now, before anything the shopper does could be written over it.
        const stored = json.getItem(storageName);
        return loadReader().then(() => stored);
      },
      setItem: (storageName, value) => (takenIn ? json.setItem(storageName, value) : undefined),
      removeItem: (storageName) => json.removeItem(storageName),
    },
    partialize: (state) => ({ [key]: state[key] }) as Pick<S, K>,
    merge: (persisted, current) => {
      const kept = persisted === undefined ? null : (read?.(persisted) ?? null);
      if (takenIn) return kept ? { ...current, [key]: kept } : current;
      // The first read: what was added meanwhile is newer than storage's copy of it.
      takenIn = true;
      const ids = new Set(current[key].map(options.identity));
      const older = (kept ?? []).filter((item) => !ids.has(options.identity(item)));
      const added = current[key].slice(0, Math.max(0, options.max - older.length));
      const list = [...added, ...older];
      if (added.length > 0) {
        void json?.setItem(name, { state: { [key]: list } as Pick<S, K>, version: VERSION });
      }
      return { ...current, [key]: list, loaded: true };
    },
  };
}

/** Reads the list again when another tab of this browser changes it. */
export function followOtherTabs(name: string, store: { persist: { rehydrate: () => unknown } }) {
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (event) => {
    if (event.key === name) void store.persist.rehydrate();
  });
}
