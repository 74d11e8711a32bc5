// The result list, window-virtualized: only the cards near the viewport are in the DOM,
// so a thousand loaded hotels scroll as smoothly as twenty. It reports the hotels on
// screen (for refresh_ids) and asks for the next page when its end comes near.
import type { VirtualItem } from '@tanstack/virtual-core';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import type { SearchInput } from '../../../stay/search-url.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useInView } from '../../../lib/use-in-view.ts';
import { HotelCard } from '../hotel-card.tsx';
import { useListWindow } from './list-window.ts';
import type { ShownHotel } from '../merge-results.ts';
import { setOnScreenHotels } from './on-screen-hotels.ts';
import { buttonClass } from '../../../components/ui/button.tsx';

const ESTIMATED_ROW_PX = 236;
/** The list's `gap-3`: the virtualizer counts the same space between rows as the flow. */
const ROW_GAP_PX = 12;
/** The next page is asked for once no more than this many hotels are below the screen. */
const NEAR_END_ROWS = 5;
/**
 * The window a page rendered by the server is drawn for (the server cannot know it): a
 * tall phone's, so the first screen's cards are in the HTML. The render that hydrates it
 * assumes the same window and the top of the page, so both draw the same cards; the real
 * window is measured right after.
 */
const FIRST_RENDER_RECT = { width: 0, height: 900 };

/** The focused row when it is drawn away from the range (next to no other drawn row). */
function apartFromRange(items: VirtualItem[], focusedIndex: number): VirtualItem | undefined {
  const at = items.findIndex((item) => item.index === focusedIndex);
  const focused = items[at];
  if (!focused || items.length < 2) return undefined;
  const joined =
    items[at - 1]?.index === focusedIndex - 1 || items[at + 1]?.index === focusedIndex + 1;
  return joined ? undefined : focused;
}

export function ResultsList({
  hotels,
  input,
  searchId,
  hasNextPage,
  isFetchingNextPage,
  nextPageFailed,
  fetchNextPage,
  onOnScreenChange,
  highlightedId = null,
}: {
  hotels: readonly ShownHotel[];
  input: SearchInput;
  searchId: string | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  fetchNextPage: () => void;
  onOnScreenChange: (onScreen: boolean) => void;
  highlightedId?: string | null;
}) {
  const { t } = useT();
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const focusAfterLoad = useRef<number | null>(null);
  const hydrated = useHydrated();

  // The list starts below the header, form, toolbar and chips, whose height can change:
  // any such change resizes the page, so the page's size is watched.
  useLayoutEffect(() => {
    const measure = () => {
      const element = listRef.current;
      if (!element) return;
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setScrollMargin((current) => (Math.abs(current - top) > 1 ? top : current));
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  // The hotel holding keyboard focus stays drawn even when it scrolls away or a price
  // update re-sorts it elsewhere: unmounting it would drop focus to the page.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const focusedIndex =
    focusedId === null ? -1 : hotels.findIndex((hotel) => hotel.hotel_id === focusedId);

  const listWindow = useListWindow({
    count: hotels.length,
    estimatedRowPx: ESTIMATED_ROW_PX,
    gapPx: ROW_GAP_PX,
    overscan: 4,
    scrollMargin,
    // Start from where the page is (not the top): the list can mount after the shopper
    // scrolled the first page, or after back/forward restored the scroll position.
    initialOffset: () => (hydrated ? window.scrollY : 0),
    initialRect: FIRST_RENDER_RECT,
    getItemKey: (index) => hotels[index]?.hotel_id ?? index,
    drawnIndexes: (indexes) => {
      if (focusedIndex < 0 || indexes.includes(focusedIndex)) return indexes;
      return [...indexes, focusedIndex].sort((a, b) => a - b);
    },
  });
  const { items, scrollOffset, scrollToIndex, drawsEveryRow } = listWindow;

  // Which hotels are really on screen (not the overscan): refreshed first by the poll, and
  // the last of them says how near the end of the list is.
  const viewportHeight = typeof window === 'undefined' ? 0 : window.innerHeight;
  const onScreen = items.filter(
    (item) => item.end > scrollOffset && item.start < scrollOffset + viewportHeight,
  );
  const onScreenIds = onScreen
    .map((item) => hotels[item.index]?.hotel_id)
    .filter((id): id is string => id !== undefined);
  const onScreenKey = onScreenIds.join(',');
  useEffect(() => {
    if (searchId) setOnScreenHotels(searchId, onScreenKey === '' ? [] : onScreenKey.split(','));
  }, [searchId, onScreenKey]);

  // Polling goes on unless the list is seen to be off screen.
  const listInView = useInView(listRef, { initial: true });
  useEffect(() => onOnScreenChange(listInView), [listInView, onOnScreenChange]);

  // Near the end of the list, load the next page (the button does the same by hand). The
  // virtualizer knows where the window is in the same task as the scroll that moved it,
  // so the request leaves at once, not after the next frame's intersection reports.
  const loadMore = useEffectEvent(() => {
    if (hasNextPage && !isFetchingNextPage && !nextPageFailed) fetchNextPage();
  });
  const loaded = hotels.length;
  const lastOnScreen = onScreen.at(-1)?.index;
  const nearEnd = lastOnScreen !== undefined && lastOnScreen >= loaded - 1 - NEAR_END_ROWS;
  // Renewed with every page: a shopper still at the end after it came gets the next one.
  useEffect(() => {
    if (nearEnd) loadMore();
  }, [nearEnd, loaded]);

  // Scroll anchoring would pin the viewport to what follows the list (the footer) as pages
  // arrive above it, and so load page after page by itself.
  // (Chrome reads it from the body for the page's own scroller.)
  useEffect(() => {
    const elements = [document.documentElement, document.body];
    const before = elements.map((element) => element.style.overflowAnchor);
    for (const element of elements) element.style.overflowAnchor = 'none';
    return () => {
      elements.forEach((element, at) => (element.style.overflowAnchor = before[at] ?? ''));
    };
  }, []);

  // "Show more" by keyboard: focus moves to the first hotel it brought, once the
  // virtualizer has scrolled to it and drawn it (a render or two later). Until the
  // virtualizer is in, that waits for it; with every row drawn, focus scrolls to the row.
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterLoad.current;
    if (index === null || hotels.length <= index || !(scrollToIndex || drawsEveryRow)) return;
    focusAfterLoad.current = null;
    pendingFocus.current = index;
    scrollToIndex?.(index, { align: 'start' });
  }, [hotels.length, scrollToIndex, drawsEveryRow]);
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const link = listRef.current?.querySelector<HTMLAnchorElement>(`[data-index="${index}"] a`);
    if (!link) return;
    pendingFocus.current = null;
    link.focus({ preventScroll: !drawsEveryRow });
  });

  // The cards of the drawn range stand in the page's own flow, below a spacer as tall as
  // the hotels above them: the browser places each card under the one before it, so a
  // page drawn by the server (where no card has been measured) lays out as it will stay,
  // and a card that grows pushes the next one down by itself. The virtualizer's measures
  // only size the spacers. A focused hotel kept drawn outside the range is placed where
  // it belongs, apart from the flow.
  const apart = apartFromRange(items, focusedIndex);
  const inFlow = apart ? items.filter((item) => item !== apart) : items;
  const flowTop = inFlow[0] ? inFlow[0].start - scrollMargin : 0;

  return (
    <>
      <div
        ref={listRef}
        role="list"
        aria-label={t('results.listLabel')}
        onFocus={(event) => {
          const focused = event.target.closest<HTMLElement>('[data-hotel-id]');
          setFocusedId(focused?.dataset.hotelId ?? null);
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocusedId(null);
        }}
        className="relative flex w-full flex-col gap-3"
        style={{ paddingTop: flowTop, minHeight: listWindow.totalSize }}
      >
        {/* One list of rows, so the focused one keeps its element when it leaves the flow. */}
        {items.map((item) => {
          const hotel = hotels[item.index];
          if (!hotel) return null;
          return (
            <div
              key={item.key}
              ref={listWindow.measureElement}
              data-index={item.index}
              data-hotel-id={hotel.hotel_id}
              role="listitem"
              aria-posinset={item.index + 1}
              aria-setsize={hotels.length}
              className={item === apart ? 'absolute inset-x-0 top-0' : undefined}
              style={
                item === apart
                  ? { transform: `translateY(${item.start - scrollMargin}px)` }
                  : undefined
              }
            >
              <HotelCard
                hotel={hotel}
                input={input}
                highlighted={hotel.hotel_id === highlightedId}
                first={item.index === 0}
              />
            </div>
          );
        })}
      </div>
      <div className="flex flex-col items-center gap-2 py-4">
        {hasNextPage ? (
          // One button throughout, busy while loading: focus never falls off the page.
          <button
            type="button"
            aria-disabled={isFetchingNextPage || undefined}
            onClick={() => {
              // Also when the page is already on its way (scrolling near the end starts
              // it): the shopper asked for it, so focus goes to it when it arrives.
              focusAfterLoad.current = hotels.length;
              if (!isFetchingNextPage) fetchNextPage();
            }}
            className={buttonClass(
              { variant: 'secondary' },
              'bg-white aria-disabled:cursor-progress aria-disabled:opacity-70',
            )}
          >
            {isFetchingNextPage ? t('results.loadingMore') : t('results.showMore')}
          </button>
        ) : hotels.length > 0 ? (
          <p className="text-sm text-slate-600">{t('results.end', { count: hotels.length })}</p>
        ) : null}
        <p role="status" data-loading={isFetchingNextPage ? '' : undefined} className="sr-only">
          {isFetchingNextPage ? t('results.loadingMore') : ''}
        </p>
      </div>
    </>
  );
}
