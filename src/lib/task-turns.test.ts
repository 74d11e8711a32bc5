import { describe, expect, it } from 'vitest';
import { takeTurn } from './task-turns.ts';

/** Resolves after the tasks queued before it have run. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('takeTurn', () => {
  it('resumes one waiter per task, in the order they asked', async () => {
    const resumed: string[] = [];
    const turns = ['a', 'b', 'c'].map((name) =>
      takeTurn().then(() => {
        resumed.push(name);
      }),
    );
    expect(resumed).toEqual([]);
    await turns[0];
    // Every microtask of the first turn has run: the second still waits for a task.
    await Promise.resolve();
    expect(resumed).toEqual(['a']);
    await nextTask();
    expect(resumed).toEqual(['a', 'b']);
    await Promise.all(turns);
    expect(resumed).toEqual(['a', 'b', 'c']);
  });

  it('rejects an aborted waiter with its reason, and its turn goes to the next', async () => {
    const controller = new AbortController();
    const left = new Error('left the page');
    const resumed: string[] = [];
    const first = takeTurn(controller.signal).then(
      () => resumed.push('first'),
      (reason: unknown) => resumed.push(reason === left ? 'first rejected: left' : 'other'),
    );
    const second = takeTurn().then(() => resumed.push('second'));
    controller.abort(left);
    await first;
    expect(resumed).toEqual(['first rejected: left']);
    await second;
    expect(resumed).toEqual(['first rejected: left', 'second']);
  });

  it('rejects at once when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(takeTurn(controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
