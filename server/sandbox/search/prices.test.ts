import { describe, expect, it } from 'vitest';
import { PricesResponseDataSchema, type PricesResponseData } from '../../../src/contract/index.ts';
import { findHotel } from '../inventory/inventory.ts';
import { createHarness, december, OTHER_KEY } from '../test-support/harness.ts';

// The price refresh (docs/api.md, "Polling price updates"): per-supplier latency,
// refresh_ids first, version/since deltas, prices that move, sell-outs, COMPLETE,
// EXPIRED, 404.
const search = {
  destination: { type: 'city', id: 2643743 }, // London
  check_in: '2026-12-15',
  check_out: '2026-12-18',
  rooms: [{ adults: 2 }],
  limit: 100,
};

describe('price refresh: reaching COMPLETE', () => {
  it('refreshes an instant search in the background until COMPLETE, with live rates', async () => {
    const h = createHarness();
    const data = await h.search(search);
    expect(data.refresh_status).toBe('PENDING');
    expect(data.hotels.every((x) => x.price.rate_type === 'estimated')).toBe(true);
    expect(data.hotels.every((x) => x.price.is_refundable === null)).toBe(true);

    const first = await h.prices(data.search_id);
    expect(first).toMatchObject({
      search_id: data.search_id,
      refresh_status: 'PENDING',
      total: 100,
    });
    expect(first.refreshed).toBeLessThan(100);
    const seen: PricesResponseData[] = [first];
    for (let i = 0; i < 30; i++) {
      h.advance(500);
      seen.push(await h.prices(data.search_id));
    }
    const last = seen[seen.length - 1]!;
    expect(last.refresh_status).toBe('COMPLETE');
    expect(last.refreshed).toBe(100);
    // Refreshed counts only grow, and the slowest suppliers take seconds.
    const counts = seen.map((p) => p.refreshed);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new Set(counts).size).toBeGreaterThan(5);
    expect(seen.findIndex((p) => p.refresh_status === 'COMPLETE')).toBeGreaterThan(4);
    expect(last.updates).toHaveLength(100);
    for (const update of last.updates) {
      if (update.availability_band === 0) {
        expect(update.price.rate_type).toBe('live');
        expect(typeof update.price.is_refundable).toBe('boolean');
        expect(update.price.free_cancellation_until === null).toBe(!update.price.is_refundable);
      } else expect(update.price.rate_type).toBe('estimated');
    }
  });

  it('moves prices both ways and sells some hotels out', async () => {
    const h = createHarness();
    const shown = new Map<string, number>();
    let searchId = '';
    let cursor: string | null | undefined;
    for (let page = 0; page < 5; page++) {
      const data = await h.search(cursor ? { ...search, cursor } : search);
      searchId = data.search_id;
      for (const item of data.hotels) shown.set(item.hotel_id, item.price.amount);
      cursor = data.next_cursor;
    }
    h.advance(20_000);
    const done = await h.prices(searchId);
    expect(done.total).toBe(500);
    expect(done.refresh_status).toBe('COMPLETE');
    const up = done.updates.filter(
      (u) => u.availability_band === 0 && u.price.amount > shown.get(u.hotel_id)!,
    );
    const down = done.updates.filter(
      (u) => u.availability_band === 0 && u.price.amount < shown.get(u.hotel_id)!,
    );
    expect(up.length).toBeGreaterThan(50);
    expect(down.length).toBeGreaterThan(50);
    const soldOut = done.updates.filter((u) => u.availability_band === 1);
    expect(soldOut.length).toBeGreaterThan(0);
  });

  it('serves refresh_ids first', async () => {
    const h = createHarness();
    const data = await h.search(search);
    // The last ten (the ones a client scrolled to) are asked for explicitly.
    const visible = data.hotels.slice(-10).map((x) => x.hotel_id);
    const others = data.hotels.slice(0, 90).map((x) => x.hotel_id);
    await h.prices(data.search_id, `refresh_ids=${visible.join(',')}`);
    h.advance(1_000);
    const after = await h.prices(data.search_id);
    const refreshed = new Set(after.updates.map((u) => u.hotel_id));
    expect(visible.every((id) => refreshed.has(id))).toBe(true);
    expect(others.filter((id) => refreshed.has(id)).length).toBeLessThan(others.length / 2);
  });

  it('sends only the changes after `since`, and versions only grow', async () => {
    const h = createHarness();
    const data = await h.search(search);
    h.advance(1_500);
    const a = await h.prices(data.search_id);
    h.advance(1_500);
    const b = await h.prices(data.search_id, `since=${a.version}`);
    expect(b.version).toBeGreaterThan(a.version);
    expect(b.updates.length).toBe(b.refreshed - a.refreshed);
    const firstIds = new Set(a.updates.map((u) => u.hotel_id));
    expect(b.updates.some((u) => firstIds.has(u.hotel_id))).toBe(false);
    const nothing = await h.prices(data.search_id, `since=${b.version}`);
    expect(nothing.updates).toEqual([]);
    expect(nothing.version).toBe(b.version);
    const all = await h.prices(data.search_id);
    expect(all.updates).toHaveLength(b.refreshed);
  });

  it('lets later pages join the session: one search_id polls them all', async () => {
    const h = createHarness();
    const page1 = await h.search({ ...search, limit: 30 });
    const page2 = await h.search({ ...search, limit: 30, cursor: page1.next_cursor });
    expect(page2.search_id).toBe(page1.search_id);
    h.advance(15_000);
    const done = await h.prices(page1.search_id);
    expect(done.total).toBe(60);
    const ids = new Set(done.updates.map((u) => u.hotel_id));
    for (const item of [...page1.hotels, ...page2.hotels])
      expect(ids.has(item.hotel_id)).toBe(true);
  });

  it('is deterministic for a seed and a clock', async () => {
    const run = async () => {
      const h = createHarness();
      const data = await h.search(search);
      h.advance(1_000);
      await h.prices(data.search_id, `refresh_ids=${data.hotels[5]!.hotel_id}`);
      h.advance(20_000);
      const done = await h.prices(data.search_id);
      return done.updates.map((u) => [u.hotel_id, u.price.amount, u.availability_band]);
    };
    expect(await run()).toEqual(await run());
  });
});

describe('price refresh: NA, live mode, expiry, unknown ids', () => {
  it('says NA on a repeat search whose prices are all fresh', async () => {
    const h = createHarness();
    const first = await h.search(search);
    h.advance(15_000);
    await h.prices(first.search_id);
    const repeat = await h.search(search);
    expect(repeat.search_id).toBe(first.search_id);
    expect(repeat.refresh_status).toBe('NA');
    // Another sort of the same stay finds the fresh rates in the shared supplier cache.
    const byStars = await h.search({
      ...search,
      sort: 'stars',
      hotel_ids: first.hotels.map((x) => Number(x.hotel_id)),
    });
    expect(byStars.refresh_status).toBe('NA');
    expect(
      byStars.hotels
        .filter((x) => x.availability_band === 0)
        .every((x) => x.price.rate_type === 'live'),
    ).toBe(true);
  });

  it('waits for live rates in pricing_mode live (at most about 15 s) and answers NA', async () => {
    const h = createHarness();
    const before = h.clock.now;
    const data = await h.search({ ...search, limit: 20, pricing_mode: 'live' });
    const waited = h.clock.now - before;
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(15_000);
    expect(data.refresh_status).toBe('NA');
    for (const item of data.hotels) {
      if (item.availability_band === 0) expect(item.price.rate_type).toBe('live');
    }
    const again = await h.search({ ...search, limit: 20, pricing_mode: 'live' });
    expect(again.refresh_status).toBe('NA');
    expect(h.clock.now).toBe(before + waited); // nothing left to wait for
  });

  it('reports EXPIRED after the 15-minute lifetime, and 404 for unknown ids or other organizations', async () => {
    const h = createHarness();
    const data = await h.search(search);
    h.advance(14 * 60_000);
    expect((await h.prices(data.search_id)).refresh_status).toBe('COMPLETE');
    h.advance(60_000);
    const expired = await h.prices(data.search_id);
    expect(expired.refresh_status).toBe('EXPIRED');
    expect(expired.updates).toEqual([]);
    expect((await h.prices(data.search_id)).refresh_status).toBe('EXPIRED');

    const unknown = await h.failed(await h.get('/hotels/search/AAAAAAAAAAAAAAAAAAAAAAAA/prices'));
    expect(unknown.status).toBe(404);
    expect(unknown.envelope.error.code).toBe('SEARCH_NOT_FOUND');
    const fresh = await h.search({ ...search, limit: 1 });
    const foreign = await h.failed(
      await h.get(`/hotels/search/${fresh.search_id}/prices`, { 'x-api-key': OTHER_KEY }),
    );
    expect(foreign.status).toBe(404);
  });

  it('refuses malformed ids, refresh_ids and since with 400 naming them', async () => {
    const h = createHarness();
    const data = await h.search({ ...search, limit: 1 });
    for (const [path, field] of [
      ['/hotels/search/short/prices', 'search_id'],
      [`/hotels/search/${data.search_id}/prices?refresh_ids=1,x`, 'refresh_ids'],
      [
        `/hotels/search/${data.search_id}/prices?refresh_ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
        'refresh_ids',
      ],
      [`/hotels/search/${data.search_id}/prices?since=-1`, 'since'],
    ] as const) {
      const answer = await h.failed(await h.get(path));
      expect(answer.status, path).toBe(400);
      expect(answer.envelope.error.details.map((d) => d.field)).toContain(field);
    }
  });

  it('40 greedy shoppers cannot push a patient one’s session out: each loses its own least recently used first', async () => {
    const h = createHarness();
    const small = { ...search, destination: { type: 'city', id: 2267057 }, limit: 1 }; // Lisbon
    const shopper = (name: string) => ({ 'X-Sandbox-Shopper': `shopper-${name}`.padEnd(22, '0') });
    const patient = (await h.search(small, shopper('patient'))).search_id;
    // Between two of the patient shopper's polls (2 s apart), 40 others use their whole
    // search burst: 1,200 new sessions, more than the store holds.
    for (let poll = 0; poll < 2; poll++) {
      for (let greedy = 0; greedy < 40; greedy++) {
        for (let burst = 0; burst < 30; burst++) {
          // Each search a different session: another lower price bound.
          const nth = poll * 1_200 + greedy * 30 + burst + 1;
          await h.search({ ...small, price_min_usd_cents: nth }, shopper(`greedy-${greedy}`));
        }
      }
      expect((await h.prices(patient)).refresh_status, `poll ${poll}`).not.toBe('EXPIRED');
    }
    // Every greedy shopper keeps its latest; the store stays within its global cap.
    expect(h.sandbox.context.sessions.size).toBeLessThanOrEqual(1_000);
  }, 60_000);

  it('one shopper’s results with their nearby dates and three hotel pages with theirs all stay live', async () => {
    const h = createHarness();
    const lisbon = { type: 'city', id: 2267057 };
    const me = { 'X-Sandbox-Shopper': 'shopper-journey-000000' };
    const stay = (offset: number) => ({
      ...search,
      check_in: december(1 + offset),
      check_out: december(3 + offset),
    });
    const page = await h.search({ ...stay(3), destination: lisbon, limit: 20 }, me);
    const opened = [page.search_id];
    // The results' nearby dates: the same search three days either side, the cheapest one.
    for (const offset of [0, 1, 2, 4, 5, 6]) {
      const nearby = { ...stay(offset), destination: lisbon, limit: 1, sort: 'price_low_to_high' };
      opened.push((await h.search(nearby, me)).search_id);
    }
    // Three hotels opened from the results, each with its strip of seven dates.
    for (const hotel of page.hotels.slice(0, 3)) {
      for (let offset = 0; offset < 7; offset++) {
        const strip = {
          ...stay(offset),
          destination: lisbon,
          hotel_ids: [Number(hotel.hotel_id)],
          limit: 1,
        };
        opened.push((await h.search(strip, me)).search_id);
      }
    }
    expect(opened).toHaveLength(28);
    for (const id of opened) {
      expect((await h.prices(id, '', me)).refresh_status).not.toBe('EXPIRED');
    }
  });

  it('a shopper’s polled results session outlives the cap while its idle hotel-page searches go', async () => {
    const h = createHarness({
      sessionLimits: { maxSessions: 1_000, maxPerShopper: 20, maxEntries: 2_000_000 },
    });
    const lisbon = { type: 'city', id: 2267057 };
    const me = { 'X-Sandbox-Shopper': 'shopper-one-results00' };
    const page = await h.search({ ...search, destination: lisbon, limit: 30 }, me);
    const results = page.search_id;
    // The hotel pages opened from the results: one instant search each, limit 1, while the
    // results page keeps polling its session. 30 of them, more than the shopper's 20.
    const idle: string[] = [];
    for (const hotel of page.hotels) {
      const hotelId = Number(hotel.hotel_id);
      idle.push(
        (await h.search({ ...search, destination: lisbon, hotel_ids: [hotelId], limit: 1 }, me))
          .search_id,
      );
      h.advance(100);
      expect((await h.prices(results, '', me)).refresh_status).not.toBe('EXPIRED');
    }
    // The cap still holds: the shopper keeps 20, the idle hotel-page searches went first.
    expect(idle).toHaveLength(30);
    expect(h.sandbox.context.sessions.size).toBe(20);
    for (const [nth, id] of idle.entries()) {
      const status = (await h.prices(id, '', me)).refresh_status;
      if (nth < 11) expect(status, `hotel page ${nth}`).toBe('EXPIRED');
      else expect(status, `hotel page ${nth}`).not.toBe('EXPIRED');
    }
  });

  it('at the global cap, whoever holds the most sessions gives one up first: 60 addresses at their own cap cannot push a patient shopper out', async () => {
    const h = createHarness();
    const small = { ...search, destination: { type: 'city', id: 2267057 }, limit: 1 }; // Lisbon
    const shopper = (name: string) => ({ 'X-Sandbox-Shopper': `shopper-${name}`.padEnd(22, '0') });
    const patient = (await h.search(small, shopper('patient'))).search_id;
    // 60 shoppers, each with its 20 sessions: 1,200, more than the store's 1,000.
    let nth = 0;
    for (let greedy = 0; greedy < 60; greedy++) {
      for (let session = 0; session < 20; session++) {
        nth++;
        await h.search({ ...small, price_min_usd_cents: nth }, shopper(`many-${greedy}`));
      }
    }
    expect(h.sandbox.context.sessions.size).toBe(1_000);
    expect((await h.prices(patient)).refresh_status).not.toBe('EXPIRED');
    // Sessions of no shopper (upstream mode's callers) are one holder: the biggest, they go first.
    const anonymous = [];
    for (let i = 0; i < 30; i++) {
      anonymous.push((await h.search({ ...small, price_min_usd_cents: 10_000 + i })).search_id);
    }
    expect((await h.prices(patient)).refresh_status).not.toBe('EXPIRED');
    expect((await h.prices(anonymous[29]!)).refresh_status).not.toBe('EXPIRED');
  }, 60_000);

  it('keeps sessions bounded: the least recently used go first and then poll as EXPIRED', async () => {
    const h = createHarness({
      sessionLimits: { maxSessions: 3, maxPerShopper: 20, maxEntries: 1_000_000 },
    });
    const ids: string[] = [];
    for (const checkIn of ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']) {
      ids.push(
        (await h.search({ ...search, check_in: checkIn, check_out: '2026-12-06', limit: 1 }))
          .search_id,
      );
    }
    expect(h.sandbox.context.sessions.size).toBe(3);
    expect((await h.prices(ids[0]!)).refresh_status).toBe('EXPIRED');
    expect((await h.prices(ids[3]!)).refresh_status).not.toBe('EXPIRED');
    const small = createHarness({
      sessionLimits: { maxSessions: 100, maxPerShopper: 20, maxEntries: 2_500 },
    });
    await small.search({ ...search, limit: 1 });
    await small.search({ ...search, check_in: '2026-12-16', limit: 1 });
    expect(small.sandbox.context.sessions.size).toBe(1);
    expect(small.sandbox.context.sessions.entryCount).toBeLessThanOrEqual(2_500);
  });

  it('answers in the contract shape with the presence rules of search items', async () => {
    const h = createHarness();
    const data = await h.search(search);
    h.advance(20_000);
    const done = await h.prices(data.search_id);
    expect(PricesResponseDataSchema.safeParse(done).success).toBe(true);
    for (const update of done.updates) {
      expect(update.typical_price_usd_cents === undefined).toBe(
        update.vs_typical_pct === undefined,
      );
      if (update.value_pct !== undefined) expect(update.value_pct).toBeGreaterThanOrEqual(10);
      if (update.vs_typical_pct !== undefined) {
        expect(Math.abs(update.vs_typical_pct)).toBeGreaterThanOrEqual(10);
        expect(
          findHotel(h.inventory, Number(update.hotel_id))!.historyCount,
        ).toBeGreaterThanOrEqual(8);
      }
      if (update.availability_band !== 0) {
        expect(update.value_pct).toBeUndefined();
        expect(update.vs_typical_pct).toBeUndefined();
      }
    }
  });
});
