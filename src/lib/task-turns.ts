// Requests that one render starts together (the nearby dates' searches) would all call
// fetch() in the same task, and on a slow phone each call costs a few tens of milliseconds:
// together, a task long enough to hold a tap. Taking turns starts each in a task of its own.

const waiting: { resume: () => void }[] = [];
let scheduled = false;

function resumeNext(): void {
  waiting.shift()?.resume();
  if (waiting.length > 0) setTimeout(resumeNext, 0);
  else scheduled = false;
}

/** Why `signal` aborted, as an Error (a reason given as anything else is wrapped in one). */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException(String(reason), 'AbortError');
}

/**
 * Resolves in a task of its own, one waiter per task, in the order they asked; rejects with
 * the signal's reason (and gives its turn away) when `signal` aborts first.
 */
export function takeTurn(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      const index = waiting.indexOf(waiter);
      if (index !== -1) waiting.splice(index, 1);
      if (signal) reject(abortReason(signal));
    };
    const waiter = {
      resume: () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    waiting.push(waiter);
    if (!scheduled) {
      scheduled = true;
      setTimeout(resumeNext, 0);
    }
  });
}
