// On a phone the first price is two screens below the pictures and the stay: a slim bar at
// the bottom keeps the lowest price of the stay in reach, with a way to the rooms, as big
// travel sites do. It steps aside while the rooms are on screen (they say it themselves)
// and while the shopper types in a field (the on-screen keyboard needs the room), and the
// page keeps a margin of its height so it never covers the page's last lines.
import { useEffect, useState, type RefObject } from 'react';
import type { RoomOption } from '../../contract/index.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { useMoney } from '../../lib/money.tsx';
import { useT } from '../../lib/i18n.ts';
import { useInView } from '../../lib/use-in-view.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';

/** The cheapest rate of the stay, in the rates' currency; null when nothing is for sale. */
export function lowestRate(
  rooms: readonly RoomOption[],
): { amount: number; currency: string } | null {
  let lowest: { amount: number; currency: string } | null = null;
  for (const rate of rooms.flatMap((room) => room.rates)) {
    if (!lowest || rate.price.amount < lowest.amount) lowest = rate.price;
  }
  return lowest && { amount: lowest.amount, currency: lowest.currency };
}

function isTextEntry(element: Element | null): boolean {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

/** Whether a field the shopper types or picks in has focus. */
function useTyping(): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const update = () => setTyping(isTextEntry(document.activeElement));
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, []);
  return typing;
}

export function PriceBar({
  rooms,
  nights,
  roomsHeading,
  firstPrice,
}: {
  rooms: readonly RoomOption[];
  nights: number;
  /** The rooms' heading: where "Choose a room" goes. */
  roomsHeading: RefObject<HTMLHeadingElement | null>;
  /**
   * The first rate's price: the rooms count as reached once it is on screen (or above it),
   * not when the heading's top edge shows, which can leave the first screen with no price.
   */
  firstPrice: RefObject<HTMLElement | null>;
}) {
  const { t } = useT();
  const money = useMoney();
  const phone = useMediaQuery('(max-width: 639px)');
  // The rooms on screen, or above it (scrolled past): the bar has nothing to add.
  const roomsReached = useInView(firstPrice, {
    rootMargin: '100000px 0px 0px 0px',
    initial: true,
  });
  const typing = useTyping();
  const lowest = lowestRate(rooms);
  if (!phone || !lowest) return null;
  const hidden = roomsReached || typing;

  return (
    <>
      {/* The bar's height, kept at the end of the page so its last lines stay readable. */}
      <div aria-hidden="true" className="h-20" />
      {!hidden && (
        <div
          role="region"
          aria-label={t('hotel.page.priceBar.label')}
          className="fixed inset-x-0 bottom-0 z-20 flex items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-2px_8px_rgba(15,23,42,0.08)]"
        >
          <p className="font-semibold text-slate-900">
            {t('hotel.page.priceBar.from', {
              price: money.price(lowest.amount, lowest.currency),
              count: nights,
            })}
          </p>
          <button
            type="button"
            className={buttonClass({ size: 'sm' }, 'shrink-0')}
            onClick={() => {
              roomsHeading.current?.scrollIntoView({ block: 'start' });
              roomsHeading.current?.focus({ preventScroll: true });
            }}
          >
            {t('hotel.page.priceBar.choose')}
          </button>
        </div>
      )}
    </>
  );
}
