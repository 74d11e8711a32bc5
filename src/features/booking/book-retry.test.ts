import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWERED_AFTER_SERVER_RETRIES } from '../../contract/testing/book-answers.ts';
import { ApiError } from '../../lib/api-client.ts';
import { BOOK_RETRY_LIMITS, bookRetryDelay, sendWithRetries } from './book-retry.ts';

const error = (status: number, code: string, retryAfterMs: number | null = null) =>
  new ApiError(status, code, code, 'r', [], retryAfterMs);

afterEach(() => vi.restoreAllMocks());

describe('bookRetryDelay', () => {
  it('grows the delay after each failure to reach the server (jitter between half and all)', () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    expect(bookRetryDelay(1, error(0, 'NETWORK_ERROR'), 0)).toBe(500);
    expect(bookRetryDelay(2, error(503, 'NOT_READY'), 500)).toBe(1000);
    expect(bookRetryDelay(3, error(0, 'NETWORK_ERROR'), 1500)).toBe(2000);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(bookRetryDelay(1, error(503, 'NOT_READY'), 0)).toBe(250);
  });

  it('leaves to the shopper what the server answered after its own retries of the hotel API', () => {
    for (const [status, code] of ANSWERED_AFTER_SERVER_RETRIES) {
      expect(bookRetryDelay(1, error(status, code), 0), code).toBeNull();
    }
  });

  it('honours Retry-After', () => {
    expect(bookRetryDelay(1, error(429, 'RATE_LIMITED', 3000), 0)).toBe(3000);
  });

  it('stops after the last send and when the wait would run past its bound', () => {
    expect(bookRetryDelay(BOOK_RETRY_LIMITS.maxSends, error(0, 'NETWORK_ERROR'), 0)).toBeNull();
    expect(
      bookRetryDelay(1, error(429, 'RATE_LIMITED', BOOK_RETRY_LIMITS.maxWaitMs + 1), 0),
    ).toBeNull();
    expect(
      bookRetryDelay(2, error(429, 'RATE_LIMITED', 2000), BOOK_RETRY_LIMITS.maxWaitMs - 1000),
    ).toBeNull();
  });

  it('never retries a refusal, an expired hold, an unreadable answer or a page going away', () => {
    expect(bookRetryDelay(1, error(400, 'VALIDATION_FAILED'), 0)).toBeNull();
    expect(bookRetryDelay(1, error(410, 'PREBOOK_EXPIRED'), 0)).toBeNull();
    expect(bookRetryDelay(1, error(422, 'IDEMPOTENCY_KEY_MISMATCH'), 0)).toBeNull();
    expect(bookRetryDelay(1, error(0, 'ABORTED'), 0)).toBeNull();
    // A booking answered but not readable may have been made: "Try again" resends it, not a timer.
    expect(bookRetryDelay(1, error(201, 'BAD_RESPONSE'), 0)).toBeNull();
    expect(bookRetryDelay(1, new TypeError('boom'), 0)).toBeNull();
  });
});

describe('sendWithRetries', () => {
  it('sends again after transient failures until an answer comes', async () => {
    const send = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(error(0, 'NETWORK_ERROR'))
      .mockRejectedValueOnce(error(429, 'RATE_LIMITED', 1000))
      .mockResolvedValueOnce('booked');
    const sleeps: number[] = [];
    const retries: number[] = [];
    const result = await sendWithRetries(send, {
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      onRetry: (sendNumber) => retries.push(sendNumber),
    });
    expect(result).toBe('booked');
    expect(send).toHaveBeenCalledTimes(3);
    expect(sleeps[1]).toBe(1000);
    expect(retries).toEqual([2, 3]);
  });

  it('gives up after the bounded number of sends with the last failure', async () => {
    const last = error(0, 'NETWORK_ERROR');
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(last);
    await expect(sendWithRetries(send, { sleep: () => Promise.resolve() })).rejects.toBe(last);
    expect(send).toHaveBeenCalledTimes(BOOK_RETRY_LIMITS.maxSends);
  });

  it('does not retry a known failure', async () => {
    const refused = error(400, 'VALIDATION_FAILED');
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(refused);
    await expect(sendWithRetries(send, { sleep: () => Promise.resolve() })).rejects.toBe(refused);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
