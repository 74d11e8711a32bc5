import { describe, expect, it } from 'vitest';
import { cancellationPhases } from './cancellation.ts';
import { EXAMPLE_CANCELLATION } from '../contract/examples.ts';

const { total: TOTAL, timeline } = EXAMPLE_CANCELLATION;

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
