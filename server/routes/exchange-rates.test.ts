import { describe, expect, it } from 'vitest';
import { createTestApp, readEnvelope } from '../test-support/test-app.ts';

const RATES = { date: '2026-11-20', rates: { USD: 1.05, JPY: 160 } };

describe('GET /api/exchange-rates', () => {
  it('answers the rates the server converts with, stored by no cache', async () => {
    const { app } = createTestApp({ exchangeRates: () => RATES });
    const response = await app.request('/api/exchange-rates');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await readEnvelope(response)).data).toEqual({ exchange_rates: RATES });
  });

  it('answers null when there are none to trust: the browser shows USD only', async () => {
    const { app } = createTestApp({ exchangeRates: () => null });
    const body = await readEnvelope(await app.request('/api/exchange-rates'));
    expect(body).toMatchObject({ success: true, data: { exchange_rates: null } });
  });

  it('is a read-class route: limited per client, and only GET', async () => {
    const { app } = createTestApp({
      exchangeRates: () => RATES,
      rateLimits: { read: { points: 2, durationS: 60 } },
    });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.request('/api/exchange-rates')).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await app.request('/api/exchange-rates', { method: 'POST' })).status).toBe(404);
  });
});
