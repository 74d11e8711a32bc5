import { describe, expect, it } from 'vitest';
import { batchLimit, PointLeases } from './point-leases.ts';

/** A budget counted as Redis would: `points` per fixed window, a batch counted before use. */
function budget(points: number, windowMs = 60_000) {
  let consumed = 0;
  let windowEnds = -Infinity;
  return {
    count(take: number, now: number) {
      if (now >= windowEnds) {
        consumed = 0;
        windowEnds = now + windowMs;
      }
      consumed += take;
      return {
        /** Redis's verdict: the whole count within the budget. */
        granted: consumed <= points,
        /** This request alone fitted (a batch refused may still admit it). */
        fits: consumed - take < points,
        remainingPoints: Math.max(0, points - consumed),
        msBeforeNext: windowEnds - now,
      };
    },
  };
}

/** One instance's request: from its batch, or counted (with the next batch) in `store`. */
function request(leases: PointLeases, store: ReturnType<typeof budget>, key: string, now = 0) {
  if (leases.take(key, now)) return { allowed: true, counted: false };
  const points = leases.batchFor(key, now);
  const answer = store.count(points, now);
  if (answer.granted) leases.counted(key, points, answer, now);
  else leases.refused(key);
  return { allowed: answer.fits, counted: true };
}

describe('batchLimit', () => {
  it('a twentieth of the budget, at most ten; one by one for small budgets and those that block', () => {
    expect(batchLimit(240, false)).toBe(10);
    expect(batchLimit(120, false)).toBe(6);
    expect(batchLimit(60, false)).toBe(3);
    expect(batchLimit(10, false)).toBe(1);
    expect(batchLimit(1e9, false)).toBe(10);
    expect(batchLimit(960, true)).toBe(1);
  });
});

describe('PointLeases', () => {
  it('one instance grants exactly the budget, and counts far fewer times than it answers', () => {
    const leases = new PointLeases(10, 100);
    const store = budget(240);
    const results = Array.from({ length: 260 }, () => request(leases, store, 'a'));
    expect(results.filter((r) => r.allowed)).toHaveLength(240);
    expect(results.slice(240).every((r) => !r.allowed)).toBe(true);
    expect(results.filter((r) => r.counted).length).toBeLessThan(60);
  });

  it('never grants more than the budget over several instances, and refuses at most a few early', () => {
    const store = budget(240);
    const instances = [1, 2, 3].map(() => new PointLeases(10, 100));
    let allowed = 0;
    for (let i = 0; i < 400; i++) if (request(instances[i % 3]!, store, 'a').allowed) allowed++;
    expect(allowed).toBeLessThanOrEqual(240);
    // At most the batch less one per other instance.
    expect(allowed).toBeGreaterThanOrEqual(240 - 9 * 2);
  });

  it('a batch ends with its window: the next request counts again', () => {
    const leases = new PointLeases(10, 100);
    const store = budget(1e9, 1_000);
    request(leases, store, 'a', 0);
    expect(request(leases, store, 'a', 10).counted).toBe(true);
    expect(request(leases, store, 'a', 20).counted).toBe(false);
    expect(request(leases, store, 'a', 1_000).counted).toBe(true);
    // A new window starts one by one: what was left is not known yet.
    expect(leases.batchFor('a', 2_500)).toBe(1);
  });

  it('holds batches for at most maxKeys clients; at the cap, only an ended window makes room', () => {
    const leases = new PointLeases(10, 2);
    const answer = { remainingPoints: 100, msBeforeNext: 1_000 };
    leases.counted('a', 1, answer, 0);
    leases.counted('b', 1, answer, 500);
    leases.counted('c', 1, answer, 600);
    expect(leases.size).toBe(2);
    expect(leases.batchFor('c', 600)).toBe(1);
    // a's window ended at 1,000: c takes its place, b keeps its own.
    leases.counted('c', 1, answer, 1_000);
    expect(leases.size).toBe(2);
    expect(leases.batchFor('c', 1_000)).toBe(10);
    expect(leases.batchFor('b', 1_000)).toBe(10);
    expect(leases.batchFor('a', 1_000)).toBe(1);
  });

  it('requests counted at the same time pool their batches: one instance still grants the whole budget', () => {
    const leases = new PointLeases(3, 100);
    const store = budget(60);
    let allowed = 0;
    // Bursts of seven requests of one client (a page asking seven dates' prices at once):
    // all of a burst look for a batch before any count is answered.
    for (let burst = 0; burst < 12; burst++) {
      const asked = Array.from({ length: 7 }, () =>
        leases.take('a', 0) ? 0 : leases.batchFor('a', 0),
      );
      for (const points of asked) {
        if (points === 0) {
          allowed++;
          continue;
        }
        const answer = store.count(points, 0);
        if (answer.granted) leases.counted('a', points, answer, 0);
        else leases.refused('a');
        if (answer.fits) allowed++;
      }
    }
    expect(allowed).toBe(60);
  });

  it('a client with a batch renewed keeps its place', () => {
    const leases = new PointLeases(10, 1);
    const answer = { remainingPoints: 100, msBeforeNext: 1_000 };
    leases.counted('a', 1, answer, 0);
    leases.counted('a', 5, answer, 100);
    expect(leases.take('a', 200)).toBe(true);
    expect(leases.size).toBe(1);
  });
});
