import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import {
  classifyBookFailure,
  decideSubmit,
  detailsLocked,
  newIdempotencyKey,
  nextAttempt,
  type AttemptFailure,
  type AttemptStatus,
  type BookAttempt,
} from './book-attempt.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../../contract/index.ts';

const BODY = '{"prebook_id":"p-1","holder":{"first_name":"Asha"}}';
const OTHER_BODY = '{"prebook_id":"p-1","holder":{"first_name":"Ashok"}}';
/** This load of the page; EARLIER, one before a reload. */
const PAGE = 'page-now';
const EARLIER = 'page-before-reload';

/** A failure that leaves the outcome unknown. */
const FAILURE: AttemptFailure = {
  status: 502,
  code: 'UPSTREAM_UNAVAILABLE',
  message: 'x',
  details: [],
  requestId: null,
  retryAfterMs: null,
};

function keys() {
  let n = 0;
  return () => `key-${String(++n).padStart(4, '0')}`;
}

function attempt(status: BookAttempt['status'], overrides: Partial<BookAttempt> = {}): BookAttempt {
  return {
    key: 'key-first',
    body: BODY,
    prebookId: 'p-1',
    status,
    send: 1,
    sentBy: PAGE,
    failure: null,
    ...overrides,
  };
}

describe('decideSubmit', () => {
  it('starts the first attempt with a new key and the given body', () => {
    expect(decideSubmit(null, BODY, 'p-1', keys(), PAGE)).toEqual({
      action: 'send',
      attempt: {
        key: 'key-0001',
        body: BODY,
        prebookId: 'p-1',
        status: 'sending',
        send: 1,
        sentBy: PAGE,
        failure: null,
      },
    });
  });

  it('sends nothing more while an attempt is on its way (a double click)', () => {
    const current = attempt('sending');
    expect(decideSubmit(current, BODY, 'p-1', keys(), PAGE)).toEqual({
      action: 'wait',
      attempt: current,
    });
  });

  it('repeats an attempt of unknown outcome with the same key and the same bytes, whatever the form holds', () => {
    const current = attempt('unknown', {
      failure: FAILURE,
    });
    const decision = decideSubmit(current, OTHER_BODY, 'p-1', keys(), PAGE);
    expect(decision).toEqual({
      action: 'send',
      attempt: { ...current, status: 'sending', send: 1, failure: null },
    });
    expect(decision.attempt.key).toBe('key-first');
    expect(decision.attempt.body).toBe(BODY);
  });

  it('makes a new key only for a deliberate new attempt after a known failure', () => {
    const decision = decideSubmit(attempt('failed'), OTHER_BODY, 'p-1', keys(), PAGE);
    expect(decision.action).toBe('send');
    expect(decision.attempt.key).toBe('key-0001');
    expect(decision.attempt.body).toBe(OTHER_BODY);
  });

  it('starts afresh for another prebook (a new hold is a new attempt)', () => {
    const decision = decideSubmit(
      attempt('unknown'),
      BODY.replace('p-1', 'p-2'),
      'p-2',
      keys(),
      PAGE,
    );
    expect(decision.attempt).toMatchObject({
      key: 'key-0001',
      prebookId: 'p-2',
      status: 'sending',
    });
  });
});

describe('nextAttempt', () => {
  const submitted = {
    type: 'submitted',
    body: BODY,
    prebookId: 'p-1',
    newKey: keys(),
    sender: PAGE,
  } as const;

  it('goes idle → sending on a submit', () => {
    expect(nextAttempt(null, submitted)).toMatchObject({ status: 'sending', send: 1 });
  });

  it('counts automatic resends while in flight: sending → retrying → retrying', () => {
    const second = nextAttempt(attempt('sending'), { type: 'retrying', send: 2 });
    expect(second).toMatchObject({ status: 'retrying', send: 2, key: 'key-first' });
    expect(nextAttempt(second, { type: 'retrying', send: 3 })).toMatchObject({ send: 3 });
  });

  it('ends a send in flight as unknown, failed or succeeded, keeping key and bytes', () => {
    for (const from of ['sending', 'retrying'] as const) {
      expect(nextAttempt(attempt(from), { type: 'outcomeUnknown', failure: FAILURE })).toEqual(
        attempt('unknown', { failure: FAILURE }),
      );
      expect(nextAttempt(attempt(from), { type: 'refused', failure: FAILURE })).toEqual(
        attempt('failed', { failure: FAILURE }),
      );
      expect(nextAttempt(attempt(from), { type: 'succeeded' })).toMatchObject({
        status: 'succeeded',
        key: 'key-first',
        body: BODY,
      });
    }
  });

  it('ignores an answer for an attempt that is no longer in flight', () => {
    for (const status of ['unknown', 'failed', 'succeeded'] as AttemptStatus[]) {
      const settled = attempt(status);
      expect(nextAttempt(settled, { type: 'retrying', send: 2 })).toBe(settled);
      expect(nextAttempt(settled, { type: 'outcomeUnknown', failure: FAILURE })).toBe(settled);
      expect(nextAttempt(settled, { type: 'refused', failure: FAILURE })).toBe(settled);
    }
    expect(nextAttempt(null, { type: 'refused', failure: FAILURE })).toBeNull();
  });

  it('leaves an attempt in flight as it is on a second submit (a double click)', () => {
    const current = attempt('retrying', { send: 2 });
    expect(nextAttempt(current, submitted)).toBe(current);
  });

  it('hands an attempt cut off by a reload to the page that loads next, once', () => {
    const cutOff = attempt('retrying', { send: 2, sentBy: EARLIER });
    const resumed = nextAttempt(cutOff, { type: 'resumed', sender: PAGE });
    expect(resumed).toEqual({ ...cutOff, sentBy: PAGE });
    // The same page again (a second effect): already sent here, nothing changes.
    expect(nextAttempt(resumed, { type: 'resumed', sender: PAGE })).toBe(resumed);
    // Nothing in flight: nothing to resume.
    const settled = attempt('unknown', { sentBy: EARLIER });
    expect(nextAttempt(settled, { type: 'resumed', sender: PAGE })).toBe(settled);
  });

  it('resends an unknown attempt as the same request from its first send', () => {
    expect(nextAttempt(attempt('unknown', { failure: FAILURE }), submitted)).toEqual(
      attempt('sending'),
    );
  });
});

describe('detailsLocked', () => {
  it('locks the details while an attempt may still book', () => {
    expect(detailsLocked(null)).toBe(false);
    expect(detailsLocked(attempt('sending'))).toBe(true);
    expect(detailsLocked(attempt('retrying', { send: 2 }))).toBe(true);
    expect(detailsLocked(attempt('unknown'))).toBe(true);
    expect(detailsLocked(attempt('failed'))).toBe(false);
  });
});

describe('classifyBookFailure', () => {
  const error = (status: number, code: string) => new ApiError(status, code, code, 'r');

  it('treats transient failures and unreadable answers as unknown outcomes', () => {
    expect(classifyBookFailure(error(0, 'NETWORK_ERROR'))).toBe('unknown');
    expect(classifyBookFailure(error(429, 'RATE_LIMITED'))).toBe('unknown');
    expect(classifyBookFailure(error(500, 'INTERNAL'))).toBe('unknown');
    expect(classifyBookFailure(error(502, 'UPSTREAM_UNAVAILABLE'))).toBe('unknown');
    expect(classifyBookFailure(error(409, 'IDEMPOTENCY_IN_PROGRESS'))).toBe('unknown');
    expect(classifyBookFailure(error(201, 'BAD_RESPONSE'))).toBe('unknown');
    expect(classifyBookFailure(new TypeError('boom'))).toBe('unknown');
  });

  it('sends the shopper back to room options when the hold is gone or used', () => {
    expect(classifyBookFailure(error(410, 'PREBOOK_EXPIRED'))).toBe('restart');
    expect(classifyBookFailure(error(409, 'PREBOOK_ALREADY_BOOKED'))).toBe('restart');
  });

  it('treats other refusals as known failures', () => {
    expect(classifyBookFailure(error(400, 'VALIDATION_FAILED'))).toBe('rejected');
    expect(classifyBookFailure(error(422, 'IDEMPOTENCY_KEY_MISMATCH'))).toBe('rejected');
  });
});

describe('newIdempotencyKey', () => {
  it('is a fresh key the contract accepts', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
