// A busy client's points, taken from the shared count a few at a time. Counting every
// request in Redis is one round trip per request; the price poll, the busiest route, pays
// it every two seconds per shopper. Here an instance counts a small batch in Redis at once
// and hands the batch out itself until it is used or the window ends.
//
// The points of a batch are counted in Redis before they are used, so no client ever gets
// more than its budget, across any number of instances. What is traded is the other way:
// a batch an instance holds when the client's next requests go to another instance is
// unused until the window ends, so a client spread over several instances can be refused
// a few requests early (at most the batch less one, per other instance, per window). The
// batch shrinks as the budget runs down, so one instance grants its client exactly the
// budget.

/** How many of a budget's points a batch may hold: a twentieth, at most ten. */
export function batchLimit(points: number, blocks: boolean): number {
  // A budget that blocks once spent (look-ups) is counted request by request: a batch
  // would spend the tries it guards faster than the client makes them.
  if (blocks) return 1;
  return Math.max(1, Math.min(10, Math.floor(points / 20)));
}

interface Lease {
  /** Points counted in Redis and not handed out yet. */
  left: number;
  /** What Redis said was left of the budget when the batch was counted. */
  remaining: number;
  /** When the window the batch was counted in ends (ms since the epoch). */
  until: number;
}

export class PointLeases {
  // Oldest window first: a client's batch moves to the end when counted in a new window
  // (counts within one window pool in place).
  private readonly leases = new Map<string, Lease>();

  constructor(
    /** Most points one batch holds (`batchLimit`). */
    private readonly most: number,
    /** Most clients with a batch here; beyond, newcomers count request by request. */
    private readonly maxKeys: number,
  ) {}

  get size(): number {
    return this.leases.size;
  }

  /** Takes one point of the key's batch, if it has one in this window: true when taken. */
  take(key: string, now = Date.now()): boolean {
    const lease = this.leases.get(key);
    if (!lease || lease.until <= now || lease.left <= 0) return false;
    lease.left -= 1;
    return true;
  }

  /**
   * How many points to count in Redis for this request: itself and the batch after it. A
   * quarter of what was left at the last count, at most `most`: one instance uses its
   * client's last points one by one, so it grants exactly the budget; and a batch refused
   * because other instances used the rest meanwhile wastes little.
   */
  batchFor(key: string, now = Date.now()): number {
    const lease = this.leases.get(key);
    if (!lease || lease.until <= now) return 1;
    return Math.max(1, Math.min(this.most, Math.floor(lease.remaining / 4)));
  }

  /**
   * Records a count: `points` counted (this request and its batch), Redis's answer. Requests
   * of one client counted at the same time each bring a batch: they pool, none is lost.
   */
  counted(
    key: string,
    points: number,
    answer: { remainingPoints: number; msBeforeNext: number },
    now = Date.now(),
  ): void {
    const until = now + Math.max(0, answer.msBeforeNext);
    const lease = this.leases.get(key);
    if (lease && lease.until > now) {
      lease.left += points - 1;
      // Answers to counts made together come in any order: the least left is the latest.
      lease.remaining = Math.min(lease.remaining, answer.remainingPoints);
      lease.until = until;
      return;
    }
    const fresh = { left: points - 1, remaining: answer.remainingPoints, until };
    if (this.leases.delete(key) || this.make(now)) this.leases.set(key, fresh);
  }

  /**
   * A count refused: the budget is spent, or nearly. Counts go one by one from here; what a
   * batch counted together with this one still holds is kept.
   */
  refused(key: string): void {
    const lease = this.leases.get(key);
    if (lease) lease.remaining = 0;
  }

  /**
   * Room for one more client: at the cap, the oldest batch goes if its window has ended.
   * One look, never a pass over the map: a flood of new clients costs each request the
   * same, and those it finds no room for count request by request, as without batches.
   */
  private make(now: number): boolean {
    if (this.leases.size < this.maxKeys) return true;
    const oldest = this.leases.entries().next();
    if (oldest.done || oldest.value[1].until > now) return false;
    this.leases.delete(oldest.value[0]);
    return true;
  }
}
