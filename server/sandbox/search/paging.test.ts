import { describe, expect, it } from 'vitest';
import { SORTS, type Sort } from '../../../src/contract/index.ts';
import { loadInventory } from '../inventory/generate.ts';
import { eligible, ordered, stayOf, type BruteForceQuery } from '../test-support/brute-force.ts';
import { createHarness } from '../test-support/harness.ts';

// Keyset paging on the snapshot (docs/api.md, "Paging cursors"): walking every page of
// the largest city while the refresh moves prices between pages returns every eligible
// hotel exactly once, in the sort's order as it stood when the search was made.
const inventory = loadInventory('staylane');
const largest = inventory.geography.cities.reduce((a, b) =>
  (inventory.cityHotels[b.index]?.length ?? 0) > (inventory.cityHotels[a.index]?.length ?? 0)
    ? b
    : a,
);
const stay = { check_in: '2026-12-04', check_out: '2026-12-07', rooms: [{ adults: 2 }] };
const query: BruteForceQuery = {
  destination: { type: 'city', id: largest.id },
  stay: stayOf(stay.check_in, stay.check_out, [{ adults: 2, child_ages: [] }]),
  today: '2026-11-22',
};
const expectedSet = eligible(inventory, query);

const variants: { label: string; request: Record<string, string>; sort: Sort }[] = [
  ...SORTS.map((sort) => ({ label: `sort ${sort}`, request: { sort }, sort })),
  {
    label: 'price_sort low_to_high',
    request: { price_sort: 'low_to_high' },
    sort: 'price_low_to_high',
  },
  {
    label: 'price_sort high_to_low',
    request: { price_sort: 'high_to_low' },
    sort: 'price_high_to_low',
  },
];

describe(`paging through ${largest.name} (${expectedSet.length} hotels)`, () => {
  it.each(variants)(
    '$label: every hotel once, in order, while prices move',
    async ({ request, sort }) => {
      const h = createHarness();
      const body = {
        destination: { type: 'city', id: largest.id },
        ...stay,
        ...request,
        limit: 100,
      };
      const seen: string[] = [];
      const shown = new Map<string, number>();
      let moved = 0;
      let cursor: string | null | undefined;
      let searchId = '';
      let pages = 0;
      do {
        const page = await h.search(cursor ? { ...body, cursor } : body);
        pages++;
        if (searchId) expect(page.search_id).toBe(searchId);
        searchId = page.search_id;
        for (const hotel of page.hotels) {
          seen.push(hotel.hotel_id);
          shown.set(hotel.hotel_id, hotel.price.amount);
        }
        // The client polls while the user reads; live rates replace the estimates.
        h.advance(2_500);
        const ids = page.hotels.map((x) => x.hotel_id).join(',');
        const updates = await h.prices(searchId, ids ? `refresh_ids=${ids}` : '');
        for (const update of updates.updates) {
          if (update.price.amount !== shown.get(update.hotel_id)) moved++;
        }
        cursor = page.next_cursor;
      } while (cursor);

      const expected = ordered(inventory, query, sort, expectedSet).map((e) => String(e.hotel.id));
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / 100));
      expect(moved).toBeGreaterThan(expected.length / 4);
      const final = await h.prices(searchId);
      expect(final.total).toBe(expected.length); // every loaded page joined the refresh set
    },
  );
});
