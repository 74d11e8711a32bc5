// The floor's browser entry: hydrates the server's HTML as the app's entry does (strict
// mode, in a transition), with the app's stylesheet (floor.css).
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import './floor.css';
import { FloorPage } from './floor-page.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('the floor page has no #root element');
startTransition(() => {
  hydrateRoot(
    root,
    <StrictMode>
      <FloorPage />
    </StrictMode>,
  );
});
