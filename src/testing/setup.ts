import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Every component test starts from an empty document and the real globals (fetch,
// IntersectionObserver, matchMedia…), whatever the test before it rendered or stubbed.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// jsdom lays nothing out, so it has no Element.checkVisibility, which the dialog's focus trap
// asks of each control: here it is answered from what jsdom does compute, each element's and
// its ancestors' display and visibility. (The server-rendering tests share this setup without
// a DOM at all.)
function shownWithAncestors(element: Element): boolean {
  const style = getComputedStyle(element);
  if (style.display === 'none' || style.visibility === 'hidden') return false;
  return element.parentElement ? shownWithAncestors(element.parentElement) : true;
}
if (typeof Element !== 'undefined' && !('checkVisibility' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'checkVisibility', {
    configurable: true,
    value(this: Element) {
      return this.isConnected && shownWithAncestors(this);
    },
  });
}
