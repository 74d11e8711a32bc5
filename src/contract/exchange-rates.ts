// The exchange rates' answer (docs/api.md, "Exchange rates"): what currency.ts converts
// with, checked as it arrives.
import * as z from 'zod/mini';
import { isValidIsoDate } from './common.ts';

/**
 * The ECB's euro reference rates: how many units of each currency one euro buys, on the day
 * they were fixed. Rates that are not usable (too old, missing, unreadable) are answered as
 * null: the app then shows USD only, never a wrong conversion.
 */
export const ExchangeRatesSchema = z.object({
  /** The day of the fixing (YYYY-MM-DD). */
  date: z.string().check(z.refine(isValidIsoDate, 'must be a date')),
  /** Units per euro, by currency (the euro itself is 1, and not listed). */
  rates: z.record(z.string().check(z.regex(/^[A-Z]{3}$/)), z.number().check(z.positive())),
});
export type ExchangeRates = z.infer<typeof ExchangeRatesSchema>;

export const ExchangeRatesResponseDataSchema = z.object({
  exchange_rates: z.nullable(ExchangeRatesSchema),
});
