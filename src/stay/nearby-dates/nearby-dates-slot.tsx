// Where a page's nearby dates go: a box of fixed height that the server draws empty (a
// placeholder), so nothing on the page moves when the dates arrive. What goes in it (and
// its code) is drawn only in the browser, once the page has hydrated and the box has come
// near the screen, and stays once drawn.
import { Suspense, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useInView } from '../../lib/use-in-view.ts';

/**
 * The height of the dates' row, and the room a horizontal scrollbar may take below it on a
 * narrow screen: the placeholder and the row both fit it.
 */
export const NEARBY_ROW_HEIGHT = 'h-[4.5rem]';
const SLOT_HEIGHT = 'min-h-[5.5rem]';

export function NearbyDatesSlot({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  // Asked for a little ahead of the screen, so the prices are usually there when seen.
  const inView = useInView(ref, { initial: false, rootMargin: '200px' });
  const [drawn, setDrawn] = useState(false);
  // Once near the screen, the dates stay: scrolling away does not draw them again.
  if (hydrated && inView && !drawn) setDrawn(true);
  return (
    <div ref={ref} className={SLOT_HEIGHT}>
      {drawn ? (
        <Suspense fallback={<NearbyDatesPlaceholder />}>{children}</Suspense>
      ) : (
        <NearbyDatesPlaceholder />
      )}
    </div>
  );
}

/** Seven empty cells, the size of the dates' row. */
function NearbyDatesPlaceholder() {
  return (
    <div aria-hidden="true" className={`flex gap-2 overflow-hidden ${NEARBY_ROW_HEIGHT}`}>
      {Array.from({ length: 7 }, (_, index) => (
        <div key={index} className="flex-[1_0_7rem] rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}
