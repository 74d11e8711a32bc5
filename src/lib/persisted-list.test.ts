import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { listPersistence } from './persisted-list.ts';

const NAME = 'staylane.test-list';
const Item = z.object({ id: z.string(), note: z.string() });
type Item = z.infer<typeof Item>;

interface ListState {
  items: Item[];
  added: (item: Item) => void;
}

/** A fresh store over the list in storage, whose schema arrives when `arrive` is called. */
function listStore() {
  let arrive: () => void = () => undefined;
  const schemaArrived = new Promise<void>((resolve) => (arrive = resolve));
  const store = create<ListState>()(
    persist(
      (set, get) => ({
        items: [],
        added: (item) => set({ items: [item, ...get().items] }),
      }),
      listPersistence(
        NAME,
        'items',
        (item) => item.id,
        async () => {
          await schemaArrived;
          return Item;
        },
      ),
    ),
  );
  return { store, arrive };
}

const stored = (items: unknown) =>
  localStorage.setItem(NAME, JSON.stringify({ state: { items }, version: 1 }));

beforeEach(() => localStorage.clear());

describe('a list kept in storage', () => {
  it('is taken in once its schema arrives, keeping what was added meanwhile', async () => {
    stored([{ id: 'a', note: 'kept' }]);
    const { store, arrive } = listStore();
    // Added before the stored list could be read: it would have been written over it.
    store.getState().added({ id: 'b', note: 'new' });
    arrive();
    await vi.waitFor(() => expect(store.persist.hasHydrated()).toBe(true));
    expect(store.getState().items.map((item) => item.id)).toEqual(['b', 'a']);
    expect(JSON.parse(localStorage.getItem(NAME) ?? 'null')).toMatchObject({
      state: { items: [{ id: 'b' }, { id: 'a' }] },
    });
  });

  it('starts empty from storage that does not hold the list', async () => {
    stored([{ id: 7 }]);
    const { store, arrive } = listStore();
    arrive();
    await vi.waitFor(() => expect(store.persist.hasHydrated()).toBe(true));
    expect(store.getState().items).toEqual([]);
  });

  it('follows a later change of storage as it is, a removal included', async () => {
    stored([
      { id: 'a', note: '' },
      { id: 'b', note: '' },
    ]);
    const { store, arrive } = listStore();
    arrive();
    await vi.waitFor(() => expect(store.persist.hasHydrated()).toBe(true));
    // Another tab removed "a".
    stored([{ id: 'b', note: '' }]);
    await store.persist.rehydrate();
    expect(store.getState().items.map((item) => item.id)).toEqual(['b']);
  });
});
