import { describe, expect, it } from 'vitest';
import { fullRefundUntil, refundAt } from './cancellation.ts';
import { EXAMPLE_CANCELLATION } from './examples.ts';

const { total: TOTAL, timeline } = EXAMPLE_CANCELLATION;

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

  it('reads an instant in epoch ms as the same instant (the sandbox cancels on its clock)', () => {
    for (const at of ['2026-12-09T23:59:00Z', '2026-12-09T23:59:01Z', '2026-12-12T15:00:01Z']) {
      expect(refundAt(timeline, Date.parse(at))).toBe(refundAt(timeline, new Date(at)));
    }
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
