// How a list the shopper builds in this browser (saved hotels, trips) is kept: in
// localStorage with a version, so a later shape migrates instead of being dropped, and read
// back through a schema (storage is a boundary too): an unreadable list starts empty rather
// than breaking every page that reads it. Another tab's change is followed here.
//
// The list is read from storage as its store is made, and taken in once its schema has
// arrived, which is asked for once the page has hydrated: the schema and the library that
// checks it are not part of the script a page hydrates with, nor fetched while it does.
// What the shopper added in the meantime is kept beside what storage held.
import type * as z from 'zod/mini';
import { createJSONStorage, type PersistOptions } from 'zustand/middleware';
import { afterHydration } from './use-hydrated.ts';

const VERSION = 1;

export function listPersistence<K extends string, T, S extends Record<K, T[]>>(
  name: string,
  key: K,
  /** What makes two items the same one (a hotel's id, a booking's reference). */
  identity: (item: T) => string,
  itemSchema: () => Promise<z.ZodMiniType<T>>,
): PersistOptions<S, Pick<S, K>> {
  const json = createJSONStorage<Pick<S, K>>(() => localStorage);
  let takenIn = false;
  return {
    name,
    version: VERSION,
    storage: json && {
      ...json,
      getItem: (storageName) => {
        // Read now, before anything the shopper does can be written over it.
        const stored = json.getItem(storageName);
        const checks = afterHydration().then(() =>
          Promise.all([itemSchema(), import('./stored-list.ts')]),
        );
        return Promise.all([stored, checks]).then(([value, [item, { readStoredList }]]) => {
          const list = value && readStoredList(key, item, value.state);
          return value && list ? { ...value, state: list as Pick<S, K> } : null;
        });
      },
    },
    partialize: (state) => ({ [key]: state[key] }) as Pick<S, K>,
    merge: (persisted, current) => {
      const kept = (persisted as Pick<S, K> | undefined)?.[key] ?? [];
      const keptIds = new Set(kept.map(identity));
      // Only the first read keeps what was added before it; a later one (another tab's
      // change, a removal included) is storage's word.
      const added = takenIn ? [] : current[key].filter((item) => !keptIds.has(identity(item)));
      takenIn = true;
      const list = [...added, ...kept];
      // What was added meanwhile was written alone over the stored list: write both back.
      if (added.length > 0)
        void json?.setItem(name, { state: { [key]: list } as Pick<S, K>, version: VERSION });
      return { ...current, [key]: list };
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
