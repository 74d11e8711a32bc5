// The Page Visibility API as a React value: false while the tab is hidden.
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

function isVisible(): boolean {
  return document.visibilityState !== 'hidden';
}

export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, isVisible, () => true);
}
