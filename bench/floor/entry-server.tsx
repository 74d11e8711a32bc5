// The floor's server entry, in the shape of the app's (RenderPage): the app server renders
// it into the floor's shell with the same nonce, starter and CSP as the app's pages.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { RenderPage } from '../../src/contract/index.ts';
import { FloorPage } from './floor-page.tsx';

export const renderPage: RenderPage = (request) => {
  if (new URL(request.url, 'http://floor').pathname !== '/') return Promise.resolve(null);
  return Promise.resolve({
    screen: 'floor',
    html: renderToString(
      <StrictMode>
        <FloorPage />
      </StrictMode>,
    ),
    clock: { day: new Date().toISOString().slice(0, 10), timeZone: 'UTC' },
    data: '{}',
    dataIncluded: true,
  });
};
