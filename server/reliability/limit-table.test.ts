// The rate-limit table in memory (no Redis, or Redis away) cannot be turned against
// shoppers: junk fills no place in it, and a network that fills it with valid requests
// spends only its own overflow budget. The reviewer's reproduction, through the app.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limit.ts';
import { createTestApp, postJson } from '../test-support/test-app.ts';

/** Requests as if from a socket at `address` (no proxy in front). */
function from(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 5000 } } };
}

async function prebook(
  app: ReturnType<typeof createTestApp>['app'],
  address: string,
  body: unknown,
) {
  const response = await app.request('/api/hotels/prebook', postJson(body), from(address));
  return response.status;
}

const BOOKING_BUDGET = DEFAULT_RATE_LIMITS.booking.points;
const EXPIRED = { status: 410, error: { code: 'BOOKING_TOKEN_EXPIRED' } };
const expiredTimes = (count: number) => Array.from({ length: count }, () => EXPIRED);

describe('the rate-limit table in memory', () => {
  it('three junk prebooks, then eleven from a fourth address, leave new clients their normal budget', async () => {
    const { app, fake } = createTestApp({ rateLimitMaxClients: 3 });
    fake.reply('prebook', ...expiredTimes(40));
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect(await prebook(app, address, {})).toBe(400);
    }
    for (let i = 0; i < 11; i++) expect(await prebook(app, '198.51.100.4', {})).toBe(400);
    // Junk cost the hotel API nothing and took no place: each newcomer has its whole budget.
    expect(fake.requests).toHaveLength(0);
    for (const address of ['203.0.113.10', '192.0.2.20', '100.64.0.30']) {
      const statuses = [];
      for (let i = 0; i < BOOKING_BUDGET; i++) {
        statuses.push(await prebook(app, address, { booking_token: 'bt_expired_0123456789' }));
      }
      expect(statuses).toEqual(Array(BOOKING_BUDGET).fill(410));
      expect(await prebook(app, address, { booking_token: 'bt_expired_0123456789' })).toBe(429);
    }
  });

  it('a network that fills the table with valid requests leaves shoppers of other networks their budget', async () => {
    // The overflow buckets' secret is fixed, so that the shoppers' networks surely differ
    // from the flood's bucket (1 in 256 would otherwise share it, by design).
    const { app, fake } = createTestApp({
      rateLimitMaxClients: 3,
      rateLimitOverflowSecret: new Uint8Array(16),
    });
    fake.reply('prebook', ...expiredTimes(200));
    const valid = { booking_token: 'bt_expired_0123456789' };
    // One /16 takes the three places, then spends its overflow budget from new addresses.
    for (let i = 0; i < 3 + BOOKING_BUDGET; i++) {
      expect(await prebook(app, `198.51.7.${i + 1}`, valid)).toBe(410);
    }
    expect(await prebook(app, '198.51.9.9', valid)).toBe(429);
    for (const address of ['203.0.113.10', '192.0.2.20', '100.64.0.30']) {
      const statuses = [];
      for (let i = 0; i < BOOKING_BUDGET; i++) statuses.push(await prebook(app, address, valid));
      expect(statuses).toEqual(Array(BOOKING_BUDGET).fill(410));
    }
  });
});
