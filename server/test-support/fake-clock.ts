// A clock for the upstream client that never really waits: sleeps advance time and
// are recorded, timers fire when the test says so, jitter is fixed.
import { TEST_NOW } from '../../src/contract/testing/clock.ts';
import type { UpstreamClock } from '../upstream/retry.ts';

interface Timer {
  ms: number;
  fire: () => void;
  cancelled: boolean;
}

export function createFakeClock(startMs = TEST_NOW) {
  let now = startMs;
  let random = 0.5;
  const sleeps: number[] = [];
  const timers: Timer[] = [];
  const clock: UpstreamClock = {
    now: () => now,
    sleep(ms) {
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
    random: () => random,
    setTimer(ms, fire) {
      const timer = { ms, fire, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  };
  return {
    clock,
    sleeps,
    /** Budgets of the attempts started so far (ms). */
    timerBudgets: () => timers.map((timer) => timer.ms),
    setRandom(value: number) {
      random = value;
    },
    advance(ms: number) {
      now += ms;
    },
    /** Fires every live timer, as if their time had come. */
    fireTimers() {
      for (const timer of timers) {
        if (!timer.cancelled) {
          timer.cancelled = true;
          timer.fire();
        }
      }
    },
  };
}
