// Pages the app draws itself, outside any feature, name the tab as every feature's page
// does: a page reached from another would otherwise leave the tab with no title.
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render.tsx';
import { AboutRoute } from './about.tsx';
import { RouteError } from './route-error.tsx';

describe('the tab title', () => {
  it('names the About page', () => {
    renderWithApp(<AboutRoute />);
    expect(document.title).toBe('About Staylane · Staylane');
  });

  it('names the error screen', () => {
    renderWithApp(<RouteError error={new Error('boom')} />);
    expect(document.title).toBe('Something went wrong · Staylane');
  });
});
