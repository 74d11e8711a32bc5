// What lives in the browser's storage (recent searches, saved hotels) is unknown to a page
// rendered by a server: such parts render nothing on the server and in the render that
// hydrates it, and fill in right after, so the two renders agree.
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/** False on the server and while hydrating; true in every client render after that. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
