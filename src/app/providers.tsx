import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CurrencyPreference } from '../contract/index.ts';
import { i18n as browserI18n } from '../lib/i18n.ts';
import { CurrencyProvider } from '../lib/money.tsx';

export function Providers({
  queryClient,
  i18n = browserI18n,
  currency,
  children,
}: {
  queryClient: QueryClient;
  /** A server render's own instance: concurrent renders in other languages never share one. */
  i18n?: I18n;
  /** What decides the currency prices show in: the request's (server) or the browser's. */
  currency: CurrencyPreference;
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <CurrencyProvider initial={currency}>{children}</CurrencyProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
