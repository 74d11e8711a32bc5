// Automatic resends of one booking attempt, when our server did not take it in (no answer,
// a 429, an instance draining: isWorthResendingBook): the same request is sent again (same
// key, same bytes: the caller's `send` closes over the attempt) with a growing delay that
// honours Retry-After — a bounded number of times and for a bounded wait, so the shopper
// is never left watching a spinner; after that it is "Try again", still the same request.
// What the server answered after its own retries of the hotel API is not resent by a timer.
import { isWorthResendingBook } from '../../contract/index.ts';
import { isApiError, retryDelayMs } from '../../lib/api-client.ts';

export const BOOK_RETRY_LIMITS = {
  /** Sends of one attempt per click: the first and three retries. */
  maxSends: 4,
  /** Total waiting between sends per click. */
  maxWaitMs: 20_000,
} as const;

/** The wait before the next send, or null when the failure is final for this click. */
export function bookRetryDelay(
  sendsSoFar: number,
  error: unknown,
  waitedMs: number,
): number | null {
  // Only a failure to reach the server, by the contract's rule: a refusal, an expired hold,
  // a failure the server already retried, an answer that could not be read or a page going
  // away is final for this click.
  if (!isApiError(error) || !isWorthResendingBook(error.failure)) return null;
  if (sendsSoFar >= BOOK_RETRY_LIMITS.maxSends) return null;
  // 250–500 ms, 500–1000 ms, 1–2 s …, or what Retry-After asks for.
  const delay = retryDelayMs(sendsSoFar - 1, error);
  if (waitedMs + delay > BOOK_RETRY_LIMITS.maxWaitMs) return null;
  return delay;
}

export interface RetryHooks {
  sleep?: (ms: number) => Promise<void>;
  /** Told before each retry: the progress text can say "trying again". */
  onRetry?: (sendNumber: number, delayMs: number, error: unknown) => void;
}

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

export async function sendWithRetries<T>(
  send: () => Promise<T>,
  { sleep = realSleep, onRetry }: RetryHooks = {},
): Promise<T> {
  let sends = 0;
  let waited = 0;
  for (;;) {
    try {
      sends += 1;
      return await send();
    } catch (error) {
      const delay = bookRetryDelay(sends, error, waited);
      if (delay === null) throw error;
      onRetry?.(sends + 1, delay, error);
      waited += delay;
      await sleep(delay);
    }
  }
}
