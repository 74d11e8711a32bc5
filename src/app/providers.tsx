import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { i18n as browserI18n } from '../lib/i18n.ts';

export function Providers({
  queryClient,
  i18n = browserI18n,
  children,
}: {
  queryClient: QueryClient;
  /** A server render's own instance: concurrent renders in other languages never share one. */
  i18n?: I18n;
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}
