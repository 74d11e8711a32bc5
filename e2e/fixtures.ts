// The e2e `test`: every test is its own traveller. The e2e server runs behind a
// "trusted proxy" (TRUST_PROXY=1), and each test sends its own X-Forwarded-For,
// so per-client rate limits apply per test as they would per shopper — one spec's
// bookings and look-ups never eat another spec's allowance.
import { test as base, expect } from '@playwright/test';
import { createHash } from 'node:crypto';

/** A stable, distinct documentation-range address (198.18.0.0/15, RFC 2544) per test. */
export function clientAddressFor(testId: string): string {
  const digest = createHash('sha256').update(testId).digest();
  return `198.${18 + ((digest[0] ?? 0) & 1)}.${digest[1] ?? 0}.${Math.max(1, digest[2] ?? 1)}`;
}

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddressFor(testInfo.testId) });
  },
});

export { expect };
