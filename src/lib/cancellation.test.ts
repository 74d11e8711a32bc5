import { describe, expect, it } from 'vitest';
import { cancellationPhases, fullRefundUntil, refundAt } from './cancellation.ts';

const TOTAL = 45_100;
const timeline = [
  // Deliberately out of order: the reader must not depend on the order it is sent in.
  { until: '2026-12-12T15:00:00Z', refund_amount: 22_550 },
  { until: '2026-12-09T23:59:00Z', refund_amount: TOTAL },
];

describe('cancellationPhases', () => {
  it('turns the steps into consecutive phases ending with no refund', () => {
    expect(cancellationPhases(timeline, TOTAL)).toEqual([
      { from: null, until: '2026-12-09T23:59:00Z', refund: TOTAL, kind: 'full' },
      {
        from: '2026-12-09T23:59:00Z',
        until: '2026-12-12T15:00:00Z',
        refund: 22_550,
        kind: 'partial',
      },
      { from: '2026-12-12T15:00:00Z', until: null, refund: 0, kind: 'none' },
    ]);
  });

  it('says a non-refundable rate refunds nothing from the start', () => {
    expect(cancellationPhases([], TOTAL)).toEqual([
      { from: null, until: null, refund: 0, kind: 'none' },
    ]);
  });
});

describe('refundAt', () => {
  it('gives the refund of the first deadline that has not passed (deadlines inclusive)', () => {
    expect(refundAt(timeline, new Date('2026-12-01T00:00:00Z'))).toBe(TOTAL);
    expect(refundAt(timeline, new Date('2026-12-09T23:59:00Z'))).toBe(TOTAL);
    expect(refundAt(timeline, new Date('2026-12-09T23:59:01Z'))).toBe(22_550);
    expect(refundAt(timeline, new Date('2026-12-12T15:00:00Z'))).toBe(22_550);
    expect(refundAt(timeline, new Date('2026-12-12T15:00:01Z'))).toBe(0);
  });

  it('is nothing for a non-refundable rate', () => {
    expect(refundAt([], new Date('2026-12-01T00:00:00Z'))).toBe(0);
  });
});

describe('fullRefundUntil', () => {
  it('is the last deadline with a full refund, or null', () => {
    expect(fullRefundUntil(timeline, TOTAL)).toBe('2026-12-09T23:59:00Z');
    expect(fullRefundUntil([{ until: '2026-12-09T23:59:00Z', refund_amount: 100 }], TOTAL)).toBe(
      null,
    );
  });
});
