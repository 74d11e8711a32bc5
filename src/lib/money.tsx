// Amounts as the shopper sees them. The hotel API quotes and charges in USD cents; a shopper
// may see prices in their own currency, converted at the day's reference rates, whole and
// marked approximate, while what the card is charged is always stated exactly as quoted
// (docs/decisions/048-dates-and-currencies.md).
import { useQuery } from '@tanstack/react-query';
import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import {
  CHARGE_CURRENCY,
  CURRENCY_COOKIE,
  convertUsdCents,
  currencyPreference,
  displayCurrencyOf,
  toUsdCents,
  type CurrencyPreference,
  type DisplayCurrency,
  type ExchangeRates,
} from '../contract/index.ts';
import { formatApproxMoney, formatExactMoney, formatMoney } from './format.ts';
import { useT } from './i18n.ts';
import { rememberChoice } from './preference-cookie.ts';
import { sharedQueries } from './queries.ts';

interface CurrencyState {
  preference: CurrencyPreference;
  choose: (currency: DisplayCurrency) => void;
}

const CurrencyContext = createContext<CurrencyState>({
  preference: { chosen: null, acceptLanguage: '' },
  choose: () => undefined,
});

/** The browser's own preference: the cookie the server read, the languages it was sent. */
export function browserCurrencyPreference(): CurrencyPreference {
  return currencyPreference(document.cookie, navigator.languages.join(','));
}

/**
 * Holds the shopper's currency for the page: `initial` is what the server drew with (its
 * request's cookie and languages) or, in the browser, the same read from the browser.
 */
export function CurrencyProvider({
  initial,
  children,
}: {
  initial: CurrencyPreference;
  children: ReactNode;
}) {
  const [preference, setPreference] = useState(initial);
  const state = useMemo<CurrencyState>(
    () => ({
      preference,
      choose: (currency) => {
        rememberChoice(CURRENCY_COOKIE, currency);
        setPreference((current) => ({ ...current, chosen: currency }));
      },
    }),
    [preference],
  );
  return <CurrencyContext value={state}>{children}</CurrencyContext>;
}

/** The currency this page shows prices in, and how to change it. */
export function useDisplayCurrency(): [DisplayCurrency, (currency: DisplayCurrency) => void] {
  const { language } = useT();
  const { preference, choose } = use(CurrencyContext);
  return [displayCurrencyOf(preference, language), choose];
}

export interface Money {
  /** The currency prices are shown in. */
  currency: DisplayCurrency;
  /** Whether prices show converted from the quoted currency (then approximate). */
  converted: boolean;
  /** A price offered: in the shopper's currency, whole units, "≈" when converted. */
  price: (cents: number, quoted: string) => string;
  /** What is charged: exactly as quoted, with its minor units. */
  charged: (cents: number, quoted: string) => string;
  /** An amount the shopper typed in their currency, as the API's USD cents (null: cannot). */
  toUsdCents: (amount: number) => number | null;
  /** USD cents in the shopper's currency's units, for a field they edit (null: cannot). */
  fromUsdCents: (cents: number) => number | null;
}

/** Money in `currency` for `language` with `rates` (null: show what the API quotes). */
export function moneyIn(
  currency: DisplayCurrency,
  rates: ExchangeRates | null,
  language: string,
): Money {
  // Without rates for the currency, nothing is converted: the page shows USD, never a guess.
  const converted = currency !== CHARGE_CURRENCY && convertUsdCents(100, currency, rates) !== null;
  const shown = converted ? currency : CHARGE_CURRENCY;
  return {
    currency: shown,
    converted,
    price: (cents, quoted) => {
      const units = quoted === CHARGE_CURRENCY ? convertUsdCents(cents, shown, rates) : null;
      return converted && units !== null
        ? formatApproxMoney(units, shown, language)
        : formatMoney(cents, quoted, language);
    },
    charged: (cents, quoted) => formatExactMoney(cents, quoted, language),
    toUsdCents: (amount) => toUsdCents(amount, shown, rates),
    fromUsdCents: (cents) => convertUsdCents(cents, shown, rates),
  };
}

/** How this page shows money: the shopper's currency, with the rates the page has. */
export function useMoney(): Money {
  const { language } = useT();
  const [currency] = useDisplayCurrency();
  const { data: rates = null } = useQuery({
    ...sharedQueries.exchangeRates(),
    enabled: currency !== CHARGE_CURRENCY,
  });
  return useMemo(() => moneyIn(currency, rates, language), [currency, rates, language]);
}
