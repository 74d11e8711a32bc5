// How a list the shopper builds in this browser (saved hotels, trips) is kept: in
// localStorage with a version, so a later shape migrates instead of being dropped, and read
// back through a schema (storage is a boundary too): an unreadable list starts empty rather
// than breaking every page that reads it. Another tab's change is followed here.
import * as z from 'zod/mini';
import { createJSONStorage, type PersistOptions } from 'zustand/middleware';

export function listPersistence<K extends string, T, S extends Record<K, T[]>>(
  name: string,
  key: K,
  item: z.ZodMiniType<T>,
): PersistOptions<S, Pick<S, K>> {
  const Stored = z.object({ [key]: z.array(item) } as Record<K, z.ZodMiniArray<z.ZodMiniType<T>>>);
  return {
    name,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: (state) => ({ [key]: state[key] }) as Pick<S, K>,
    merge: (persisted, current) => {
      const parsed = Stored.safeParse(persisted);
      return parsed.success ? { ...current, [key]: (parsed.data as Record<K, T[]>)[key] } : current;
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
