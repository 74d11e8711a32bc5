// /api/exchange-rates: the euro reference rates the browser converts prices with, the same
// figures the server draws pages with (docs/api.md, "Exchange rates"). Null when there are
// none the app may trust: the browser then shows USD only.
import { Hono } from 'hono';
import { EXCHANGE_RATES_PATH, successEnvelope } from '../../src/contract/index.ts';
import type { AppEnv } from '../http/env.ts';
import type { RouteDeps } from './deps.ts';

export function exchangeRateRoutes({ rateLimiter, exchangeRates }: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(EXCHANGE_RATES_PATH, rateLimiter.limit('read'), (c) => {
    const rates = exchangeRates();
    return c.json(
      successEnvelope(rates ? `rates of ${rates.date}` : 'no exchange rates: USD only', {
        exchange_rates: rates,
      }),
    );
  });
  return app;
}
