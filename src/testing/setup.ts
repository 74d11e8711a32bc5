import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Every component test starts from an empty document and the real globals (fetch,
// IntersectionObserver, matchMedia…), whatever the test before it rendered or stubbed.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
