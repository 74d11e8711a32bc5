import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { laterListPersistence, type LaterList, type ListReader } from './persisted-list.ts';
import { storedListReader } from './stored-list.ts';

const NAME = 'staylane.test-list';
const Item = z.object({ id: z.string(), note: z.string() });
type Item = z.infer<typeof Item>;

interface ListState extends LaterList {
  items: Item[];
  added: (item: Item) => void;
}

/** A fresh store over the list in storage, whose reader comes from `load`. */
function listStore(load: () => Promise<ListReader<Item>>, max = 10) {
  return create<ListState>()(
    persist(
      (set, get) => ({
        items: [],
        loaded: false,
        added: (item) => set({ items: [item, ...get().items] }),
      }),
      laterListPersistence(NAME, 'items', { identity: (item) => item.id, load, max }),
    ),
  );
}

/** A reader that arrives when `arrive` is called. */
function arriving() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = async () => {
    await arrived;
    return storedListReader('items', Item);
  };
  return { load, arrive };
}

const item = (id: string, note = '') => ({ id, note });
const store = (items: unknown) =>
  localStorage.setItem(NAME, JSON.stringify({ state: { items }, version: 1 }));
const inStorage = () =>
  (JSON.parse(localStorage.getItem(NAME) ?? 'null') as { state: { items: Item[] } } | null)?.state
    .items;

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('a list read once its reader has arrived', () => {
  it('writes nothing over storage before, then keeps what was added meanwhile with it', async () => {
    store([item('a', 'kept'), item('b', 'old')]);
    const { load, arrive } = arriving();
    const list = listStore(load);
    list.getState().added(item('c', 'new'));
    list.getState().added(item('b', 'newer'));
    expect(inStorage()?.map((kept) => kept.id)).toEqual(['a', 'b']);
    expect(list.getState().loaded).toBe(false);
    arrive();
    await vi.waitFor(() => expect(list.getState().loaded).toBe(true));
    // The copy added meanwhile is newer than storage's.
    expect(list.getState().items).toEqual([
      item('b', 'newer'),
      item('c', 'new'),
      item('a', 'kept'),
    ]);
    expect(inStorage()).toEqual(list.getState().items);
  });

  it('refuses what was added meanwhile beyond its cap, never what storage held', async () => {
    store([item('a'), item('b')]);
    const { load, arrive } = arriving();
    const list = listStore(load, 3);
    list.getState().added(item('c'));
    list.getState().added(item('d'));
    arrive();
    await vi.waitFor(() => expect(list.getState().loaded).toBe(true));
    expect(list.getState().items.map((kept) => kept.id)).toEqual(['d', 'a', 'b']);
  });

  it('starts empty from storage that does not hold the list', async () => {
    store([{ id: 7 }]);
    const { load, arrive } = arriving();
    const list = listStore(load);
    arrive();
    await vi.waitFor(() => expect(list.getState().loaded).toBe(true));
    expect(list.getState().items).toEqual([]);
  });

  it('takes a later read (another tab) as storage says it, a removal included', async () => {
    store([item('a'), item('b')]);
    const { load, arrive } = arriving();
    const list = listStore(load);
    arrive();
    await vi.waitFor(() => expect(list.getState().loaded).toBe(true));
    store([item('b')]);
    await list.persist.rehydrate();
    expect(list.getState().items).toEqual([item('b')]);
    // Once read, the list is written as it changes.
    list.getState().added(item('e'));
    expect(inStorage()?.map((kept) => kept.id)).toEqual(['e', 'b']);
  });

  it('leaves storage as it was while its reader cannot be fetched, and asks again at the next read', async () => {
    vi.useFakeTimers();
    store([item('a')]);
    let fails = true;
    const load = () =>
      fails
        ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
        : Promise.resolve(storedListReader('items', Item));
    const list = listStore(load);
    await vi.advanceTimersByTimeAsync(5000);
    list.getState().added(item('b'));
    expect(list.getState().loaded).toBe(false);
    expect(inStorage()).toEqual([item('a')]);
    fails = false;
    await list.persist.rehydrate();
    expect(list.getState().loaded).toBe(true);
    expect(list.getState().items).toEqual([item('b'), item('a')]);
    expect(inStorage()).toEqual([item('b'), item('a')]);
  });
});
