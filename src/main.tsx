import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import './index.css';

const queryClient = createQueryClient();

await initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
